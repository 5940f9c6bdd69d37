import { z } from 'zod';
import { singleField } from './common';

const text = (max = 20_000) => z.string().max(max).nullable().optional();
const StatusCode = z.int32().min(1).max(5);

/** Project session (001 §3). */
export const ProjectSession = z.object({
  id: z.int32(),
  createdAt: z.string(),
  discussionFocus: z.string().nullable(),
  isSetup: z.boolean(),
  submittedAt: z.string().nullable(),
  idSubmittedBy: z.int32().nullable(),
  projectScope: z.string().nullable(),
  projectOutScope: z.string().nullable(),
  adjustScope: z.int32().nullable(),
  adjustScopeObs: z.string().nullable(),
  deliveringClientNeeds: z.int32().nullable(),
  deliveringClientNeedsObs: z.string().nullable(),
  discussionOutcomes: z.string().nullable(),
});
export type ProjectSession = z.infer<typeof ProjectSession>;
export const ProjectSessionBody = z.object({
  discussionFocus: text(500),
  adjustScope: z.int32().nullable().optional(),
  adjustScopeObs: text(),
  deliveringClientNeeds: z.int32().nullable().optional(),
  deliveringClientNeedsObs: text(),
  discussionOutcomes: text(),
});
/** PATCH /api/projects/{id}/sessions/{sessionId} with projectScope or projectOutScope (or another one field). */
export const ProjectSessionPatch = singleField({
  projectScope: z.string().max(20_000).nullable(),
  projectOutScope: z.string().max(20_000).nullable(),
  discussionFocus: z.string().max(500).nullable(),
  discussionOutcomes: z.string().max(20_000).nullable(),
  adjustScopeObs: z.string().max(20_000).nullable(),
  deliveringClientNeedsObs: z.string().max(20_000).nullable(),
});

/** Stakeholder (001 §3): name required; status 1 Green … 5 Legacy. */
export const Stakeholder = z.object({
  id: z.int32().optional(),
  name: z.string().trim().min(1, 'Stakeholder name is required'),
  idProfessionalResponsible: z.int32().nullable().optional(),
  position: text(300),
  birthday: z.string().nullable().optional(),
  language: text(100),
  currentStatus: StatusCode.nullable().optional(),
  actionPlan: text(),
  createAt: z.string().optional(),
});
export type Stakeholder = z.infer<typeof Stakeholder>;
/** The import body (001 §7): one stakeholder per selection, with the spec's casing. */
export const StakeholderImport = z.object({
  name: z.string().trim().min(1, 'Stakeholder name is required'),
  IDProfessionalResponsible: z.int32().nullable().optional(),
  position: text(300),
  birthday: z.string().nullable().optional(),
  language: text(100),
  CurrentStatus: StatusCode.nullable().optional(),
  actionPlan: text(),
});

export const RoleAndResponsibility = z.object({
  id: z.int32().optional(),
  idProfessional: z.int32().nullable(),
  rarSupportingPoint: text(2000),
  rarTechnicalRole: text(2000),
  rarNonTechnicalRole: text(2000),
});
export const ClientExpectation = z.object({
  id: z.int32().optional(),
  stakeholder: text(300),
  expectation: text(),
  observation: text(),
});
export const Deliverable = z.object({ id: z.int32().optional(), deliverable: text(1000), detail: text() });
export const Risk = z.object({
  id: z.int32().optional(),
  risk: text(1000),
  riskStatus: StatusCode.nullable().optional(),
  observation: text(),
});

/** Professional DNA (setup): goals and individual needs per professional. */
export const ProfessionalDnaSetup = z.object({
  id: z.int32().optional(),
  idProfessional: z.int32(),
  goalsForProject: text(),
  individualNeeds: text(),
});
/** Professional DNA session (during) and its entries. */
export const ProfessionalDnaSession = z.object({
  id: z.int32().optional(),
  sessionDate: z.string().nullable(),
  sessionNextDate: z.string().nullable(),
});
export const ProfessionalDnaEntry = z.object({
  id: z.int32().optional(),
  idProfessional: z.int32(),
  dnaMetExpectation: z.int32().min(0).max(2).nullable(),
});

/** Setup assessment (001 §3): rating 1–10. */
export const SetupAssessment = z.object({
  rating: z.int32().min(1, 'Rating is 1 to 10').max(10, 'Rating is 1 to 10').nullable(),
  ratingDescription: z.string().max(2000).nullable(),
  watchedToolkit: z.int32().min(1).max(3).nullable(),
  doYouFeelComfortable: z.int32().min(1).max(3).nullable(),
  howCouldBeenDoneBetter: z.string().max(20_000).nullable(),
});
export type SetupAssessment = z.infer<typeof SetupAssessment>;
export const SetupAssessmentPatch = singleField(SetupAssessment.shape);
/** Setup assessment as listed by supervision (002 §3). */
export const SetupAssessmentRecord = SetupAssessment.extend({
  idCreatedBy: z.int32().nullable(),
  idUpdatedBy: z.int32().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const PresenceType = z.enum(['Physical', 'Call', 'VC', 'Not Present']);
export const SetupFinalization = z.object({
  id: z.int32().optional(),
  idProject: z.int32().optional(),
  idProfessional: z.int32(),
  presenceType: PresenceType.nullable(),
  hasAssessment: z.boolean().optional(),
});
export type SetupFinalization = z.infer<typeof SetupFinalization>;
