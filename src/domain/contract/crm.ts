import { z } from 'zod';
import { IdParam } from './params';

/** CRM contact (002 §3); validated by rules/crm before saving. */
export const CrmContact = z.object({
  id: z.union([z.number(), z.string()]).optional(),
  name: z.string().optional(),
  firstName: z.string(),
  lastName: z.string(),
  masterEmailAddress: z.string(),
  personalEmail: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  globalCompanyName: z.string().nullable().optional(),
  localCompanyName: z.string().nullable().optional(),
  stakeholderGroup: z.literal('CLIENT'),
  position: z.string(),
  dayBirth: z.int32().min(1).max(31).nullable().optional(),
  monthBirth: z.int32().min(1).max(12).nullable().optional(),
  classification: z.string(),
  gender: z.enum(['HE', 'SHE']),
  language: z.array(z.string()).min(1),
  nationality: z.string().nullable().optional(),
  economicGroup: z.string().nullable().optional(),
  groupPosition: z.string(),
  groupArea: z.string(),
  responsibleOffice: z.string(),
  responsibleWrite: z.string(),
  responsibleSign: z.array(z.string()).min(1),
  industry: z.string(),
  residentCountry: z.string(),
  linkedin: z.string(),
  linkedinNotFound: z.boolean().optional(),
  idProject: z.int32(),
  projectName: z.string(),
  idOnPortal: z.int32().nullable().optional(),
  createdBy: z.string(),
  partnerResponsible: z.string().nullable().optional(),
  directorResponsible: z.string().nullable().optional(),
  observations: z.string().nullable().optional(),
  status: z.enum(['Pending', 'PendingPartner', 'PendingDirector']).optional(),
  isActive: z.boolean().optional(),
});
export type CrmContact = z.infer<typeof CrmContact>;

/** Portal stakeholder contact from project sessions. */
export const PortalContact = z.object({
  id: z.int32(),
  name: z.string(),
  position: z.string().nullable(),
  birthday: z.string().nullable(),
  language: z.string().nullable(),
});

export const CrmLookup = z.object({ id: z.union([z.number(), z.string()]), name: z.string() });
export const CrmClassification = CrmLookup.extend({ stakeholderTypes: z.array(z.string()) });
export const CrmAreaPosition = CrmLookup.extend({ type: z.union([z.literal(1), z.literal(2)]) });
export const CrmProfessional = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  email: z.string(),
});

/** POST /profile/create-bulk. */
export const CrmCreateBulk = z.object({
  data: z.array(CrmContact).min(1),
  idProject: z.int32(),
  projectName: z.string(),
});
/** PUT /updateContactPerProjectResponsible. */
export const CrmUpdateResponsibles = z.array(
  CrmContact.partial().extend({ id: z.union([z.number(), z.string()]) }),
);
/** POST /sendEmail. */
export const CrmSendEmail = z.object({
  to: z.string().email(),
  subject: z.string().min(1),
  text: z.string().min(1),
});
/** Local CRM draft, per project. */
export const CrmDraft = z.object({
  contacts: z.array(CrmContact.partial()),
  excluded: z.array(CrmContact.partial()),
  responsibles: z.object({
    fulfil: z.string().nullable(),
    director: z.string().nullable(),
    partner: z.string().nullable(),
  }),
  industry: z.string().nullable(),
  form: z.record(z.string(), z.unknown()),
  savedAt: z.number(),
});

// --- crm-server
/** A text or id value as a form may send it (ids of lookups arrive as numbers or strings). */
const LooseValue = z
  .union([z.string().max(1000), z.number()])
  .nullable()
  .optional();
const LooseList = z
  .union([z.array(z.union([z.string().max(1000), z.number()])).max(100), z.string().max(1000)])
  .nullable()
  .optional();

/**
 * A contact as POST /crm/profile/create-bulk receives it: every field optional, so that the server answers
 * the messages of 002 §5 ('<Label> is required', 'Invalid Professional Email'…) rather than zod's.
 */
export const CrmContactInput = z.object({
  id: z
    .union([z.int32(), z.string().max(100)])
    .nullable()
    .optional(),
  name: z.string().max(1000).nullable().optional(),
  firstName: z.string().max(1000).nullable().optional(),
  lastName: z.string().max(1000).nullable().optional(),
  masterEmailAddress: z.string().max(1000).nullable().optional(),
  personalEmail: z.string().max(1000).nullable().optional(),
  phone: z.string().max(1000).nullable().optional(),
  globalCompanyName: z.string().max(1000).nullable().optional(),
  localCompanyName: z.string().max(1000).nullable().optional(),
  stakeholderGroup: z.string().max(100).nullable().optional(),
  position: z.string().max(1000).nullable().optional(),
  dayBirth: z.int32().min(1).max(31).nullable().optional(),
  monthBirth: z.int32().min(1).max(12).nullable().optional(),
  classification: LooseValue,
  gender: z.enum(['HE', 'SHE', '']).nullable().optional(),
  language: LooseList,
  nationality: LooseValue,
  economicGroup: z.string().max(1000).nullable().optional(),
  groupPosition: LooseValue,
  groupArea: LooseValue,
  responsibleOffice: LooseValue,
  responsibleWrite: z.string().max(1000).nullable().optional(),
  responsibleSign: LooseList,
  industry: LooseValue,
  residentCountry: LooseValue,
  linkedin: z.string().max(1000).nullable().optional(),
  linkedinNotFound: z.boolean().optional(),
  idProject: z.int32().nullable().optional(),
  projectName: z.string().max(1000).nullable().optional(),
  idOnPortal: z.int32().nullable().optional(),
  createdBy: LooseValue,
  partnerResponsible: LooseValue,
  directorResponsible: LooseValue,
  observations: z.string().max(10000).nullable().optional(),
  status: z.string().max(100).nullable().optional(),
  isActive: z.boolean().optional(),
});
export type CrmContactInput = z.infer<typeof CrmContactInput>;

/** POST /crm/profile/create-bulk as the server reads it (002 §7). */
export const CrmCreateBulkInput = z.object({
  data: z.array(CrmContactInput).min(1).max(500),
  idProject: z.int32().positive(),
  projectName: z.string().max(1000).nullable().optional(),
});

/** A contact saved in our CRM tables (the answers of /crm): its id, status and version. */
export const CrmSavedContact = CrmContact.extend({
  id: z.int32(),
  status: z.enum(['Pending', 'PendingPartner', 'PendingDirector', 'Approved']),
  isActive: z.boolean(),
  version: z.int32(),
});
export type CrmSavedContact = z.infer<typeof CrmSavedContact>;
/** The contacts of a project as /crm answers them (per project, after create-bulk and the responsibles' update). */
export const CrmSavedContacts = z.array(CrmSavedContact);

/**
 * PUT /crm/updateContactPerProjectResponsible as the server reads it: per contact the responsibles (absent =
 * unchanged; '', '0', 0 or null = none); createdBy is the responsible to fulfil; `version` optional (412 when
 * stale). Other fields of a full contact are ignored.
 */
export const CrmResponsiblesInput = z
  .array(
    z.object({
      id: z.union([z.int32().positive(), z.string().regex(/^[1-9][0-9]{0,9}$/, 'must be a contact id')]),
      partnerResponsible: LooseValue,
      directorResponsible: LooseValue,
      createdBy: LooseValue,
      version: z.int32().optional(),
    }),
  )
  .min(1)
  .max(500);

/** POST /crm/sendEmail as the server reads it: `idProject` optional (which project's approval it is). */
export const CrmSendEmailInput = z.object({
  to: z.string().trim().email(),
  subject: z.string().trim().min(1).max(300),
  text: z.string().min(1).max(200_000),
  idProject: z.int32().positive().optional(),
});
/** The answer of POST /crm/sendEmail. */
export const CrmSendEmailResult = z.object({
  to: z.string(),
  idProject: z.int32(),
  stakeholders: z.int32(),
  mailId: z.int32(),
});

/** GET /crm/company/{clientId}: the stakeholder grid's header (client name, economic group, industry). */
export const CrmCompany = z.object({
  id: z.int32(),
  name: z.string(),
  economicGroup: z.string().nullable(),
  industry: z.string().nullable(),
});
export type CrmCompany = z.infer<typeof CrmCompany>;
/** The path of GET /crm/company/{clientId}. */
export const CrmClientParams = z.object({ clientId: IdParam });
