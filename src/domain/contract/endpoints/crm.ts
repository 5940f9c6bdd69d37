import { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import {
  CrmAreaPosition,
  CrmClassification,
  CrmClientParams,
  CrmCompany,
  CrmCreateBulkInput,
  CrmLookup,
  CrmProfessional,
  CrmResponsiblesInput,
  CrmSavedContacts,
  CrmSendEmailInput,
  CrmSendEmailResult,
} from '../crm';
import { IdParams } from '../params';

const Lookups = z.array(CrmLookup);

/**
 * The CRM backend (spec 002 §7 "CRM backend") under /crm: the web's VITE_CRM_API_URL may point here or at the
 * firm's own CRM.
 */
export const crm = {
  /** The contact classifications and the stakeholder types each allows. */
  classifications: endpoint({
    method: 'GET',
    path: '/crm/crm-classifications',
    response: z.array(CrmClassification),
  }),
  /** The group positions and areas. */
  areaPositions: endpoint({ method: 'GET', path: '/crm/area-positions', response: z.array(CrmAreaPosition) }),
  /** The geographies (countries). */
  geographies: endpoint({ method: 'GET', path: '/crm/geographies', response: Lookups }),
  /** The offices. */
  offices: endpoint({ method: 'GET', path: '/crm/offices', response: Lookups }),
  /** The industries. */
  industries: endpoint({ method: 'GET', path: '/crm/industries', response: Lookups }),
  /** The languages. */
  languages: endpoint({ method: 'GET', path: '/crm/languages', response: Lookups }),
  /** The professionals (responsibles to choose). */
  professionals: endpoint({ method: 'GET', path: '/crm/professional', response: z.array(CrmProfessional) }),
  /** The contacts saved in the CRM for a project. */
  projectContacts: endpoint({
    method: 'GET',
    path: '/crm/contactPerProject/:id',
    params: IdParams,
    response: CrmSavedContacts,
  }),
  /** The client's company (name, economic group, industry). */
  company: endpoint({
    method: 'GET',
    path: '/crm/company/:clientId',
    params: CrmClientParams,
    response: CrmCompany,
  }),
  /** Creates a project's contacts, or updates the linked ones. */
  createBulk: endpoint({
    method: 'POST',
    path: '/crm/profile/create-bulk',
    body: CrmCreateBulkInput,
    response: CrmSavedContacts,
  }),
  /** The responsibles of saved contacts (each contact's `version`, or If-Match for one; 412 when stale). */
  updateResponsibles: endpoint({
    method: 'PUT',
    path: '/crm/updateContactPerProjectResponsible',
    body: CrmResponsiblesInput,
    response: CrmSavedContacts,
  }),
  /** The approval request e-mail. */
  sendEmail: endpoint({
    method: 'POST',
    path: '/crm/sendEmail',
    body: CrmSendEmailInput,
    response: CrmSendEmailResult,
  }),
} satisfies Record<string, EndpointDef>;
