import { z } from 'zod';
import { singleField } from './common';
import { IdParam } from './params';
import { SignedStatus, SignedType } from './weekly-status';

const Item = z.object({ IDPersonResponsible: z.int32().nullable(), Status: z.boolean() });

/** Project closure with the client (002 §3). */
export const ClosureExternal = z.object({
  signedType: SignedType.nullable(),
  signedStatus: SignedStatus.nullable(),
  legalClosureDocumentAttachFile: z.string().nullable(),
  unSignatureFilename: z.string().nullable(),
  signedWeeklyStatus: Item.extend({ AttachFile: z.string().nullable() }),
  legalClosureDocument: Item.extend({ LogoAuthorization: z.boolean().nullable() }),
  clientTestimonial: Item.extend({ ResponsibleRequested: z.boolean().nullable() }),
  thankYouLetter: Item.extend({ TeamOffer: z.boolean().nullable() }),
  /** The record's version (ETag / If-Match on PATCH). */
  version: z.int32(),
});
export type ClosureExternal = z.infer<typeof ClosureExternal>;

const person = z.int32().positive().nullable();
/** PATCH api/project-closure-external/project/{id}: one field name and its value. */
export const ClosureExternalPatch = singleField({
  signedWeeklyStatusIDPersonResponsible: person,
  signedWeeklyStatusStatus: z.boolean(),
  legalClosureDocumentIDPersonResponsible: person,
  legalClosureDocumentLogoAuthorization: z.boolean(),
  legalClosureDocumentStatus: z.boolean(),
  clientTestimonialIDPersonResponsible: person,
  clientTestimonialResponsibleRequested: z.boolean(),
  clientTestimonialStatus: z.boolean(),
  thankYouLetterIDPersonResponsible: person,
  thankYouLetterTeamOffer: z.boolean(),
  thankYouLetterStatus: z.boolean(),
});

/** The paths of Closure With Client that name the project `projectId` (signed type, recipients, submit). */
export const ClosureProjectParams = z.object({ projectId: IdParam });
/** One recipient of a project's legal closure document: `projectId` and the recipient's `id`. */
export const ClosureRecipientParams = z.object({ projectId: IdParam, id: IdParam });

/** The References sub-tab topics (002 §2.6). */
export const REFERENCE_TOPICS = [
  'NewMethodology',
  'EvolveExistingMethodology',
  'CreateTool',
  'ExternalExpert',
  'InternalExpert',
  'BuyReport',
  'AnalysedDistributor',
  'RetailContact',
  'CreateBenchmark',
  'AccessCompanyPEL',
  'NewIndustryOrCountryKnowledge',
  'MaterialForOtherProject',
  'PresentContentInNewOrDifferentWay',
  'RegisteredClientOrganizationalStructure',
] as const;
export const ReferenceAnswer = z.object({
  Select: z.boolean().nullable(),
  Contact: z.int32().nullable(),
  Comment: z.string().max(5000).nullable(),
});

/** Closure internal record (002 §3). */
export const ClosureInternal = z.object({
  formIDPersonResponsible: z.int32().nullable(),
  formStatus: z.boolean(),
  sanitizedReferenceIDPersonResponsible: z.int32().nullable(),
  sanitizedReferenceStatus: z.boolean(),
  projectNetworkIDPersonResponsible: z.int32().nullable(),
  projectNetworkStatus: z.boolean(),
  crmidPersonResponsible: z.int32().nullable(),
  crmStatus: z.boolean(),
  sanitizedReferenceAttach: z.string().nullable(),
  crmAttach: z.string().nullable(),
  formCompleteCaseAttach: z.string().nullable(),
  closureProjectName: z.string().nullable(),
  formProjectStartDate: z.string().nullable(),
  formProjectEndDate: z.string().nullable(),
  formResponsiblePartner: z.int32().nullable(),
  formProjectManager: z.int32().nullable(),
  formOffice: z.int32().nullable(),
  formGeography: z.int32().nullable(),
  formGeographyScope: z.int32().nullable(),
  formPractice: z.int32().nullable(),
  formMethodology: z.string().nullable(),
  formMiniCaseComment: z.string().max(500, 'Project summary: 500 characters maximum').nullable(),
  formResultAchievedQualitative: z.string().nullable(),
  formResultAchievedQuantitative: z.string().nullable(),
  references: z.record(z.enum(REFERENCE_TOPICS), ReferenceAnswer).optional(),
  formTechnologyMethodologyWasOutdated: z.boolean().nullable(),
  formTechnologyUseGapSelect: z.boolean().nullable(),
  formTechnologyUseGapComment: z.string().nullable(),
  formTechnologyBetterDeliveryComment: z.string().nullable(),
  formSomeTypeOfTechnologySelect: z.boolean().nullable(),
  formSomeTypeOfTechnologyComment: z.string().nullable(),
  formPartneredWithAnyTechCompanySelect: z.boolean().nullable(),
  formPartneredWithAnyTechCompanyComment: z.string().nullable(),
  formIdentifyNewTypeTechnologyDuringProjectSelect: z.boolean().nullable(),
  formIdentifyNewTypeTechnologyDuringProjectComment: z.string().nullable(),
  formClientLeveragingOnNewTechnologySelect: z.boolean().nullable(),
  formTopicOfSustainabilityTouchedSelect: z.boolean().nullable(),
  formTopicOfSustainabilityTouchedComment: z.string().nullable(),
  formClientFocusedOnSustainabilitySelect: z.boolean().nullable(),
  formClientFocusedOnSustainabilityComment: z.string().nullable(),
});
export type ClosureInternal = z.infer<typeof ClosureInternal>;

/** PATCH .../project-closure-internal/project/{id}: a checklist responsible or status. */
export const ClosureInternalPatch = singleField({
  formIDPersonResponsible: person,
  formStatus: z.boolean(),
  sanitizedReferenceIDPersonResponsible: person,
  sanitizedReferenceStatus: z.boolean(),
  projectNetworkIDPersonResponsible: person,
  projectNetworkStatus: z.boolean(),
  crmidPersonResponsible: person,
  crmStatus: z.boolean(),
});
const Check = z.int32().min(0).max(2);
/** KNM project closure checklist (002 §3). */
export const ClosureChecklist = z.object({
  checkCloseOutForm: Check,
  checkProjectNetwork: Check,
  checkCase: Check,
  checkCaseAuthorization: Check,
  checkReferences: Check,
  checkSignedWeeklyStatus: Check,
  checkRecordProjectDelivery: Check,
  checkSendWarning: z.union([z.literal(0), z.literal(1)]),
  logoAuthorization: z.boolean(),
});
export type ClosureChecklist = z.infer<typeof ClosureChecklist>;

// --- ci-server: Closure Internal as the server answers it, and the close-out form PATCH body
/**
 * GET/PATCH api/project-closure-internal/project/{id} answer (002 §3): the record with every reference topic
 * (unanswered ones all null) and its version (ETag / If-Match).
 */
export const ClosureInternalRecord = ClosureInternal.extend({
  references: z.record(z.enum(REFERENCE_TOPICS), ReferenceAnswer),
  version: z.int32(),
});
export type ClosureInternalRecord = z.infer<typeof ClosureInternalRecord>;

/**
 * One reference topic's change (002 §2.6 References sub-tab): `{ <Topic>: { Select?, Contact?, Comment? } }`,
 * exactly one topic and at least one of its three parts; the parts sent replace the stored ones.
 */
export const ReferencePatch = z
  .partialRecord(z.enum(REFERENCE_TOPICS), ReferenceAnswer.partial().strict())
  .refine((r) => Object.keys(r).length === 1, 'send exactly one reference topic')
  .refine(
    (r) => Object.values(r).every((a) => a && Object.keys(a).length > 0),
    'send at least one of Select, Contact, Comment',
  );
export type ReferencePatch = z.infer<typeof ReferencePatch>;

/** A methodology value: the ids as a list, or comma-joined as stored (002 §3 formMethodology). */
export const MethodologyValue = z.union([
  z.array(z.int32().min(0)).max(100),
  z.string().regex(/^\s*(\d{1,9}\s*(,\s*\d{1,9}\s*)*)?$/, 'must be methodology ids separated by commas'),
]);

const formDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .nullable();
/**
 * PATCH api/project-closure-internal/project/{id}/form: one close-out form field (002 §2.6): the record's form
 * fields with dates as YYYY-MM-DD, formMethodology as a list of ids (or comma-joined; stored
 * comma-joined), and `references` with one topic (ReferencePatch). Technology items are read-only (400).
 */
/** The technology items of 002 §3: read only, never written through the form PATCH. */
export const TECHNOLOGY_FIELDS = [
  'formTechnologyMethodologyWasOutdated',
  'formTechnologyUseGapSelect',
  'formTechnologyUseGapComment',
  'formTechnologyBetterDeliveryComment',
  'formSomeTypeOfTechnologySelect',
  'formSomeTypeOfTechnologyComment',
  'formPartneredWithAnyTechCompanySelect',
  'formPartneredWithAnyTechCompanyComment',
  'formIdentifyNewTypeTechnologyDuringProjectSelect',
  'formIdentifyNewTypeTechnologyDuringProjectComment',
  'formClientLeveragingOnNewTechnologySelect',
] as const;
const notTechnology = z.record(z.string(), z.unknown()).superRefine((body, ctx) => {
  for (const key of Object.keys(body))
    if ((TECHNOLOGY_FIELDS as readonly string[]).includes(key))
      ctx.addIssue({ code: 'custom', path: [key], message: 'the technology items are read only' });
});
export const ClosureInternalFormPatchBody = notTechnology.pipe(
  singleField({
    closureProjectName: z.string().max(300).nullable(),
    formProjectStartDate: formDate,
    formProjectEndDate: formDate,
    formResponsiblePartner: person,
    formProjectManager: person,
    formOffice: person,
    formGeography: person,
    formGeographyScope: person,
    formPractice: person,
    formMethodology: MethodologyValue.nullable(),
    formMiniCaseComment: z.string().max(500, 'Project summary: 500 characters maximum').nullable(),
    formResultAchievedQualitative: z.string().max(20_000).nullable(),
    formResultAchievedQuantitative: z.string().max(20_000).nullable(),
    references: ReferencePatch,
    formTopicOfSustainabilityTouchedSelect: z.boolean().nullable(),
    formTopicOfSustainabilityTouchedComment: z.string().max(5000).nullable(),
    formClientFocusedOnSustainabilitySelect: z.boolean().nullable(),
    formClientFocusedOnSustainabilityComment: z.string().max(5000).nullable(),
  }),
);
export type ClosureInternalFormPatchBody = z.infer<typeof ClosureInternalFormPatchBody>;
// --- end ci-server

// --- knm: the KNM Project Check List (spec 002 §2.10, §3 "Project closure checklist", §7)
/** Check values (002 §4): 0 Not Applicable, 1 Pending, 2 Done; Send Warning 0 No, 1 Yes. */
export const CHECK_OPTIONS = [
  { value: 0, label: 'Not Applicable' },
  { value: 1, label: 'Pending' },
  { value: 2, label: 'Done' },
] as const;
export const SEND_WARNING_OPTIONS = [
  { value: 0, label: 'No' },
  { value: 1, label: 'Yes' },
] as const;
/** The seven checks of 002 §3 in the dialog's order, with our labels. */
export const CHECKLIST_CHECKS = [
  { key: 'checkCloseOutForm', label: 'Close-out Form' },
  { key: 'checkProjectNetwork', label: 'Project Network' },
  { key: 'checkCase', label: 'Case' },
  { key: 'checkCaseAuthorization', label: 'Case Authorization' },
  { key: 'checkReferences', label: 'References' },
  { key: 'checkSignedWeeklyStatus', label: 'Signed Weekly Status' },
  { key: 'checkRecordProjectDelivery', label: 'Record Project Delivery' },
] as const satisfies readonly { key: keyof ClosureChecklist; label: string }[];

/** What a project without a checklist row answers (the table's defaults: every check Pending). */
export const CHECKLIST_DEFAULTS: ClosureChecklist = {
  checkCloseOutForm: 1,
  checkProjectNetwork: 1,
  checkCase: 1,
  checkCaseAuthorization: 1,
  checkReferences: 1,
  checkSignedWeeklyStatus: 1,
  checkRecordProjectDelivery: 1,
  checkSendWarning: 0,
  logoAuthorization: false,
};

/** GET/PUT /api/project-closure-check/project/{id}: the checklist with its version (ETag / If-Match). */
export const ClosureChecklistRecord = ClosureChecklist.extend({ idProject: z.int32(), version: z.int32() });
export type ClosureChecklistRecord = z.infer<typeof ClosureChecklistRecord>;
/** PUT body: the whole checklist (002 §7 "whole checklist record"); `idProject` / `version` may come back and are ignored. */
export const ClosureChecklistPut = ClosureChecklist.extend({
  idProject: z.int32().optional(),
  version: z.int32().optional(),
});
export type ClosureChecklistPut = z.infer<typeof ClosureChecklistPut>;

/** One row of GET /api/knm-checklist (the Project Check List grid): projects in Closure or Closed. */
export const KnmChecklistRow = z.object({
  idProject: z.int32(),
  projectCode: z.string(),
  projectName: z.string(),
  clientName: z.string().nullable(),
  idStatus: z.int32(),
  statusName: z.string(),
  /** Whether the project has a checklist of its own (otherwise it answers the defaults). */
  hasChecklist: z.boolean(),
});
export type KnmChecklistRow = z.infer<typeof KnmChecklistRow>;
// --- end knm
