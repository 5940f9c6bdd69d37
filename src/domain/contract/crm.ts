import { z } from 'zod';

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
