import type { CrmContact } from '@domain/contract';
import type { EndpointBody } from '@domain/contract/endpoint';
import { crm } from '@web/api/endpoints/crm';
import { api } from '@web/api/endpoint';

/** POST /crm/profile/create-bulk { data, idProject, projectName }: creates, or updates linked contacts (002 §4). */
export const createBulk = (body: EndpointBody<typeof crm.createBulk>) => api(crm.createBulk, { body });

/** PUT /crm/updateContactPerProjectResponsible: the saved contacts with the chosen responsibles. */
export const updateResponsibles = (body: EndpointBody<typeof crm.updateResponsibles>) =>
  api(crm.updateResponsibles, { body });

/** POST /crm/sendEmail { to, subject, text, idProject }: the approval request (002 §7). */
export const sendApprovalEmail = (body: EndpointBody<typeof crm.sendEmail>) => api(crm.sendEmail, { body });

export type { CrmContact };
