import type { z } from 'zod';
import type {
  CrmContact,
  CrmCreateBulkInput,
  CrmResponsiblesInput,
  CrmSendEmailInput,
} from '@domain/contract';
import { apiSend } from '@web/api/client';
import type { SavedContact } from './crm';

/** POST /crm/profile/create-bulk { data, idProject, projectName }: creates, or updates linked contacts (002 §4). */
export const createBulk = (body: z.infer<typeof CrmCreateBulkInput>) =>
  apiSend<SavedContact[]>('POST', '/crm/profile/create-bulk', body, 'crm');

/** PUT /crm/updateContactPerProjectResponsible: the saved contacts with the chosen responsibles. */
export const updateResponsibles = (body: z.infer<typeof CrmResponsiblesInput>) =>
  apiSend<unknown>('PUT', '/crm/updateContactPerProjectResponsible', body, 'crm');

/** POST /crm/sendEmail { to, subject, text, idProject }: the approval request (002 §7). */
export const sendApprovalEmail = (body: z.infer<typeof CrmSendEmailInput>) =>
  apiSend<unknown>('POST', '/crm/sendEmail', body, 'crm');

export type { CrmContact };
