import { z } from 'zod';
import { singleField } from './common';
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
/** PATCH .../project-closure-internal/project/{id}/form: one form field (technology items are read-only). */
export const ClosureInternalFormPatch = singleField({
  closureProjectName: z.string().max(300).nullable(),
  formProjectStartDate: z.string().nullable(),
  formProjectEndDate: z.string().nullable(),
  formResponsiblePartner: person,
  formProjectManager: person,
  formOffice: person,
  formGeography: person,
  formGeographyScope: person,
  formPractice: person,
  formMethodology: z.string().max(500).nullable(),
  formMiniCaseComment: z.string().max(500, 'Project summary: 500 characters maximum').nullable(),
  formResultAchievedQualitative: z.string().max(20_000).nullable(),
  formResultAchievedQuantitative: z.string().max(20_000).nullable(),
  formTopicOfSustainabilityTouchedSelect: z.boolean().nullable(),
  formTopicOfSustainabilityTouchedComment: z.string().max(5000).nullable(),
  formClientFocusedOnSustainabilitySelect: z.boolean().nullable(),
  formClientFocusedOnSustainabilityComment: z.string().max(5000).nullable(),
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
