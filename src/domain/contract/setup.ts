import { z } from 'zod';
import { singleField } from './common';
import { IdParam } from './params';
import { ProfessionalRef } from './projects';

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

// --- H3: professional DNA (setup), setup assessment, setup finalization (records as the server answers them)

/** A professional DNA session: type 1 the project's setup DNA (one per project), type 2 a During session. */
export const ProjectProfessionalDnaRecord = z.object({
  id: z.int32(),
  idProject: z.int32(),
  sessionType: z.int32().min(1).max(2),
  sessionDate: z.string().nullable(),
  sessionNextDate: z.string().nullable(),
  createdAt: z.string(),
  version: z.int32(),
});
export type ProjectProfessionalDnaRecord = z.infer<typeof ProjectProfessionalDnaRecord>;

/** A setup DNA row (001 §3 "Professional DNA (setup)") with its professional and version. */
export const ProfessionalDnaRecord = z.object({
  id: z.int32(),
  idProject: z.int32(),
  idProjectProfessionalDna: z.int32().nullable(),
  idProfessional: z.int32(),
  professional: ProfessionalRef.nullable(),
  goalsForProject: z.string().nullable(),
  individualNeeds: z.string().nullable(),
  version: z.int32(),
});
export type ProfessionalDnaRecord = z.infer<typeof ProfessionalDnaRecord>;
/** POST /api/professional-dnas/project/{id}/session-type/1. */
export const ProfessionalDnaCreate = ProfessionalDnaSetup.omit({ id: true });
export type ProfessionalDnaCreate = z.infer<typeof ProfessionalDnaCreate>;
/** PUT /api/professional-dnas/{id}: the grid's row (or part of it); unsent fields keep the stored value. */
export const ProfessionalDnaUpdate = ProfessionalDnaCreate.partial();
export type ProfessionalDnaUpdate = z.infer<typeof ProfessionalDnaUpdate>;

/** GET /api/project-setup-assessments/project/{id}: the caller's own assessment (nulls before the first save). */
export const SetupAssessmentOwn = SetupAssessment.extend({
  idProject: z.int32(),
  idProfessional: z.int32(),
  version: z.int32(),
});
export type SetupAssessmentOwn = z.infer<typeof SetupAssessmentOwn>;

/** A finalization row as listed: the professional, presence type and the computed, read-only hasAssessment. */
export const SetupFinalizationRecord = z.object({
  id: z.int32(),
  idProject: z.int32(),
  idProfessional: z.int32(),
  professional: ProfessionalRef.nullable(),
  presenceType: PresenceType.nullable(),
  hasAssessment: z.boolean(),
  version: z.int32(),
});
export type SetupFinalizationRecord = z.infer<typeof SetupFinalizationRecord>;
/** POST /api/project-setup-finalizations: the row plus idProject (hasAssessment, if sent, is ignored). */
export const SetupFinalizationCreate = z.object({
  idProject: z.int32().positive(),
  idProfessional: z.int32(),
  presenceType: PresenceType.nullable().optional(),
});
export type SetupFinalizationCreate = z.infer<typeof SetupFinalizationCreate>;
/** PUT /api/project-setup-finalizations/{id}: the row or part of it; idProject, if sent, must be the row's. */
export const SetupFinalizationUpdate = SetupFinalizationCreate.partial();
export type SetupFinalizationUpdate = z.infer<typeof SetupFinalizationUpdate>;
// --- end H3

// --- H2: session records — answers with `version`, PUT bodies (partial), the POST of stakeholders

/** A calendar date as ISO 8601 ('YYYY-MM-DD' or a date-time) naming a real day; the date part is kept. */
export const IsoBirthday = z
  .string()
  .trim()
  .refine((s) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(s);
    if (!m || Number.isNaN(Date.parse(s))) return false;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return d.toISOString().slice(0, 10) === s.slice(0, 10);
  }, 'must be an ISO date (YYYY-MM-DD)')
  .transform((s) => s.slice(0, 10));

/** The stakeholder body (POST, and PUT where every field is optional): the birthday must be a real date. */
export const StakeholderBody = Stakeholder.extend({ birthday: IsoBirthday.nullable().optional() });
export type StakeholderBody = z.infer<typeof StakeholderBody>;
export const StakeholderImportBody = StakeholderImport.extend({
  birthday: IsoBirthday.nullable().optional(),
});
export type StakeholderImport = z.infer<typeof StakeholderImport>;

/**
 * POST /api/project/{id}/stakeholders/sessions/{sessionId}: the grid's body (camelCase) or the import's
 * (001 §7: name, IDProfessionalResponsible, position, birthday, language, CurrentStatus, actionPlan) —
 * told apart by the import's keys; `imported` says which one came.
 */
export const StakeholderCreate = z.record(z.string(), z.unknown()).transform((body, ctx) => {
  const imported = 'IDProfessionalResponsible' in body || 'CurrentStatus' in body;
  const r = (imported ? StakeholderImportBody : StakeholderBody).safeParse(body);
  if (!r.success) {
    for (const issue of r.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  }
  if (!imported) {
    const b = r.data as StakeholderBody;
    return {
      imported,
      name: b.name,
      idProfessionalResponsible: b.idProfessionalResponsible,
      position: b.position,
      birthday: b.birthday,
      language: b.language,
      currentStatus: b.currentStatus,
      actionPlan: b.actionPlan,
    };
  }
  const b = r.data as z.infer<typeof StakeholderImportBody>;
  return {
    imported,
    name: b.name,
    idProfessionalResponsible: b.IDProfessionalResponsible,
    position: b.position,
    birthday: b.birthday,
    language: b.language,
    currentStatus: b.CurrentStatus,
    actionPlan: b.actionPlan,
  };
});
export type StakeholderCreate = z.infer<typeof StakeholderCreate>;
/** PUT of a stakeholder: a partial body; the server merges it over the stored row (001 §5). */
export const StakeholderPatch = StakeholderBody.omit({ id: true, createAt: true }).partial();
export type StakeholderPatch = z.infer<typeof StakeholderPatch>;

/** A stakeholder as answered: every field, the session, and the version (ETag / If-Match). */
export const StakeholderRecord = z.object({
  id: z.int32(),
  idSession: z.int32(),
  name: z.string(),
  idProfessionalResponsible: z.int32().nullable(),
  position: z.string().nullable(),
  birthday: z.string().nullable(),
  language: z.string().nullable(),
  currentStatus: StatusCode.nullable(),
  actionPlan: z.string().nullable(),
  createAt: z.string(),
  version: z.int32(),
});
export type StakeholderRecord = z.infer<typeof StakeholderRecord>;
/** An import candidate (…/stakeholders/sessions/{sessionId}/client): a stakeholder of the client's other projects. */
export const StakeholderCandidate = StakeholderRecord.extend({
  projectCode: z.string(),
  projectName: z.string(),
});
export type StakeholderCandidate = z.infer<typeof StakeholderCandidate>;

export type RoleAndResponsibility = z.infer<typeof RoleAndResponsibility>;
export const RoleAndResponsibilityPatch = RoleAndResponsibility.omit({ id: true }).partial();
export const RoleAndResponsibilityRecord = z.object({
  id: z.int32(),
  idSession: z.int32(),
  idProfessional: z.int32().nullable(),
  rarSupportingPoint: z.string().nullable(),
  rarTechnicalRole: z.string().nullable(),
  rarNonTechnicalRole: z.string().nullable(),
  version: z.int32(),
});
export type RoleAndResponsibilityRecord = z.infer<typeof RoleAndResponsibilityRecord>;

export type ClientExpectation = z.infer<typeof ClientExpectation>;
export const ClientExpectationPatch = ClientExpectation.omit({ id: true }).partial();
export const ClientExpectationRecord = z.object({
  id: z.int32(),
  idSession: z.int32(),
  stakeholder: z.string().nullable(),
  expectation: z.string().nullable(),
  observation: z.string().nullable(),
  version: z.int32(),
});
export type ClientExpectationRecord = z.infer<typeof ClientExpectationRecord>;

export type Deliverable = z.infer<typeof Deliverable>;
export const DeliverablePatch = Deliverable.omit({ id: true }).partial();
export const DeliverableRecord = z.object({
  id: z.int32(),
  idSession: z.int32(),
  deliverable: z.string().nullable(),
  detail: z.string().nullable(),
  version: z.int32(),
});
export type DeliverableRecord = z.infer<typeof DeliverableRecord>;

export type Risk = z.infer<typeof Risk>;
export const RiskPatch = Risk.omit({ id: true }).partial();
export const RiskRecord = z.object({
  id: z.int32(),
  idSession: z.int32(),
  risk: z.string().nullable(),
  riskStatus: StatusCode.nullable(),
  observation: z.string().nullable(),
  version: z.int32(),
});
export type RiskRecord = z.infer<typeof RiskRecord>;

/** One session as answered by GET / PATCH /api/projects/{id}/sessions/{sessionId}: with its version. */
export const ProjectSessionRecord = ProjectSession.extend({ version: z.int32() });
export type ProjectSessionRecord = z.infer<typeof ProjectSessionRecord>;
export type ProjectSessionPatch = z.infer<typeof ProjectSessionPatch>;

// --- H6: project sessions (During) — POST and PUT bodies

/** adjustScope / deliveringClientNeeds: 1 Yes, 2 No, 3 Partially (rules/sessions.ts SESSION_ANSWERS). */
const SessionAnswer = z
  .int32()
  .min(1, 'must be 1 Yes, 2 No or 3 Partially')
  .max(3, 'must be 1 Yes, 2 No or 3 Partially');
/** POST /api/projects/{id}/sessions: the session's own fields (all optional). */
export const ProjectSessionCreate = ProjectSessionBody.extend({
  adjustScope: SessionAnswer.nullable().optional(),
  deliveringClientNeeds: SessionAnswer.nullable().optional(),
});
export type ProjectSessionCreate = z.infer<typeof ProjectSessionCreate>;
/**
 * PUT /api/projects/{id}/sessions/{sessionId}: the session's fields, or part of them — merged over the stored
 * session (unsent fields kept); other keys (id, createdAt, …) are ignored; at least one field is required.
 */
export const ProjectSessionUpdate = ProjectSessionCreate.refine(
  (b) => Object.values(b).some((v) => v !== undefined),
  'send at least one of discussionFocus, adjustScope, adjustScopeObs, deliveringClientNeeds, deliveringClientNeedsObs, discussionOutcomes',
);
export type ProjectSessionUpdate = z.infer<typeof ProjectSessionUpdate>;
// --- end H6

// --- H7: professional DNA during — DNA sessions (type 2) and their entries

/** dnaMetExpectation (001 §3): 0 No, 1 Yes, 2 Not Applicable. */
export const DnaAnswer = z
  .int32()
  .min(0, 'must be 0 No, 1 Yes or 2 Not Applicable')
  .max(2, 'must be 0 No, 1 Yes or 2 Not Applicable');
/** A DNA session date: a real calendar day, answered as 'YYYY-MM-DD'. */
const DnaDate = IsoBirthday;

/**
 * POST /api/project-professional-dnas/project/{id}/session-type/2: a DNA session (001 §3); sessionDate is
 * required, sessionNextDate optional and not before it (400).
 */
export const DnaSessionCreate = z.object({
  sessionDate: DnaDate,
  sessionNextDate: DnaDate.nullable().optional(),
});
export type DnaSessionCreate = z.infer<typeof DnaSessionCreate>;
/** PUT /api/project-professional-dnas/{id}: the session's dates or one of them, merged over the stored ones. */
export const DnaSessionUpdate = DnaSessionCreate.partial().refine(
  (b) => b.sessionDate !== undefined || b.sessionNextDate !== undefined,
  'send sessionDate, sessionNextDate or both',
);
export type DnaSessionUpdate = z.infer<typeof DnaSessionUpdate>;

/** One entry of a DNA session (001 §3 "DNA entry"): the professional and the answer, with its version. */
export const DnaEntryRecord = z.object({
  id: z.int32(),
  idProject: z.int32(),
  idProjectProfessionalDna: z.int32(),
  idProfessional: z.int32(),
  professional: ProfessionalRef.nullable(),
  dnaMetExpectation: DnaAnswer.nullable(),
  version: z.int32(),
});
export type DnaEntryRecord = z.infer<typeof DnaEntryRecord>;
/** POST /api/professional-dnas/project-professional-dna/{id}: a team member and (optionally) the answer. */
export const DnaEntryCreate = z.object({
  idProfessional: z.int32(),
  dnaMetExpectation: DnaAnswer.nullable().optional(),
});
export type DnaEntryCreate = z.infer<typeof DnaEntryCreate>;
/**
 * PUT /api/professional-dnas/{id}: a setup row's fields or a During entry's (or part of them), merged over the
 * stored row; fields of the other kind are refused (400).
 */
export const ProfessionalDnaRowUpdate = ProfessionalDnaUpdate.extend({
  dnaMetExpectation: DnaAnswer.nullable().optional(),
});
export type ProfessionalDnaRowUpdate = z.infer<typeof ProfessionalDnaRowUpdate>;
/** The answer of PUT /api/professional-dnas/{id}: the setup row, or the During entry. */
export const ProfessionalDnaRowRecord = z.union([ProfessionalDnaRecord, DnaEntryRecord]);
// --- end H7

// --- sa-idone: Setup Assessment Supervision (spec 002 §2.9, §3 "Setup assessment", §7 "Admin and supervision")

/** GET /api/setup-assessment-supervision: one closed project (status 5), newest closure first. */
export const SetupAssessmentSupervisionRow = z.object({
  idProject: z.int32(),
  projectCode: z.string(),
  projectName: z.string(),
  /** When the project was closed (ISO); null for a closed project whose closure was never dated. */
  closedAt: z.string().nullable(),
});
export type SetupAssessmentSupervisionRow = z.infer<typeof SetupAssessmentSupervisionRow>;

/**
 * GET /api/project-setup-assessments/project/{id}/all: every assessment of the project (002 §2.9: created by,
 * updated by, watched toolkit, comfort, rating with description, how it could have been done better, created and
 * updated dates), with the names of the people it names.
 */
export const SetupAssessmentSupervisionRecord = SetupAssessmentRecord.extend({
  id: z.int32(),
  idProject: z.int32(),
  idProfessional: z.int32(),
  professionalName: z.string().nullable(),
  createdByName: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type SetupAssessmentSupervisionRecord = z.infer<typeof SetupAssessmentSupervisionRecord>;

/** The answers' labels (001 §3): watchedToolkit 1 Yes, 2 No, 3 no toolkits available. */
export const WATCHED_TOOLKIT_LABELS: Record<number, string> = {
  1: 'Yes',
  2: 'No',
  3: 'No toolkits available',
};
/** doYouFeelComfortable (001 §3): 1 Yes, 2 No, 3 Partial. */
export const FEEL_COMFORTABLE_LABELS: Record<number, string> = { 1: 'Yes', 2: 'No', 3: 'Partial' };
// --- end sa-idone

// --- the setup module's and the session records' path parameters and answers (endpoint table)

/** `{ id, idClient }` of GET /api/projects/{id}/client/{idClient} (the client's other projects). */
export const ClientPastProjectsParams = z.object({ id: IdParam, idClient: IdParam });
/** The answer of POST /api/projects/{id}/proposal: the stored file's name and size. */
export const ProposalUploaded = z.object({ fileName: z.string(), size: z.int32() });
export type ProposalUploaded = z.infer<typeof ProposalUploaded>;

/** `{ id, sessionId }` of a session's records (…/{kind}/session/{sessionId}, …/stakeholders/sessions/{sessionId}). */
export const SessionRecordsParams = z.object({ id: IdParam, sessionId: IdParam });
/** `{ id, rowId }` of one expectation, deliverable or risk. */
export const SessionRowParams = z.object({ id: IdParam, rowId: IdParam });
/** `{ id, itemId }` of one role (rar) or stakeholder. */
export const SessionItemParams = z.object({ id: IdParam, itemId: IdParam });
