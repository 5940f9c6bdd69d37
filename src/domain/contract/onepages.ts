import { z } from 'zod';
import { singleField } from './common';
import { IdParam } from './params';
import { TeamMember } from './projects';

/** An answer code: `min` to `max` (the database's checks), or null while unanswered. */
const lvl = (max: number, min = 1) => z.int32().min(min).max(max).nullable();
const txt = z.string().max(20_000).nullable();

/** Every editable one-page field (001 §3, 002 §2.5) with its type. */
export const OnePageFields = {
  hasAllocation: z.boolean(),
  // 0 Not Submitted (grey) exists for the problem level only (002 §3); every other answer starts at 1
  onePageProblemLevel: lvl(3, 0),
  environmentStatus: lvl(3),
  needHelpFromGovernance: lvl(2),
  riskOfDelay: lvl(3),
  solutionReadiness: lvl(4),
  integrationIdentity: lvl(3),
  properAttention: lvl(3),
  changeProjectStatus: lvl(4),
  teamIssue: lvl(3),
  dnaProf: lvl(3),
  dnaTec: lvl(3),
  weeklyStatus: lvl(3),
  governanceActionOption: lvl(3),
  governanceAction: txt,
  keyMessage: txt,
  deliveryFocusNextWeek: txt,
  teamPoint: txt,
  methodInternal: txt,
  methodExternal: txt,
  projectStatusExplanation: txt,
  projectEnvironmentExplanation: txt,
  needHelpFromGovernanceExplanation: txt,
  riskOfDelayExplanation: txt,
  solutionReadinessExplanation: txt,
  integrationIdentityExplanation: txt,
  properAttentionExplanation: txt,
  changeProjectStatusExplanation: txt,
  teamIssueExplanation: txt,
  governanceAllocation: txt,
  coManagementComment: txt,
  executiveBoardComment: txt,
  executiveResumeComment: txt,
  pdcResumeComment: txt,
};

export const OnePage = z.object({
  id: z.int32(),
  createdAt: z.string(),
  initialDate: z.string(),
  endDate: z.string(),
  submittedAt: z.string().nullable(),
  idSubmittedBy: z.int32().nullable(),
  isDelayedSubmitted: z.boolean(),
  format: z.int32(),
  project: z.object({ id: z.int32(), projectTeam: z.array(TeamMember).optional() }).optional(),
  ...OnePageFields,
});
export type OnePage = z.infer<typeof OnePage>;
/** The name of one editable one-page field. */
type FieldKey = keyof typeof OnePageFields;
export const OnePageFieldName = z.enum(Object.keys(OnePageFields) as [FieldKey, ...FieldKey[]]);
export type OnePageFieldName = z.infer<typeof OnePageFieldName>;
/** GET /api/one-pages/{id} and every write's answer: the one-page with its version (also the ETag). */
/** `pdcResumeComment` is left out for callers who hold neither Admin nor PDC (002 §2.5; canSeePdcResume below). */
export const OnePageRecord = OnePage.extend({
  pdcResumeComment: txt.optional(),
  version: z.int32(),
  /**
   * The fields "Start from last week" filled and nobody has edited or confirmed since (shown "From last week");
   * a PATCH of a field takes it off, submit clears them all.
   */
  carriedFields: z.array(OnePageFieldName),
});
export type OnePageRecord = z.infer<typeof OnePageRecord>;
/** A row of GET /api/one-pages/project/{projectId} (001 §2 One-Page list; the trend strip reads the two lights). */
export const OnePageListRow = OnePage.pick({
  id: true,
  createdAt: true,
  initialDate: true,
  endDate: true,
  submittedAt: true,
  idSubmittedBy: true,
  isDelayedSubmitted: true,
  format: true,
  onePageProblemLevel: true,
  environmentStatus: true,
});
export type OnePageListRow = z.infer<typeof OnePageListRow>;
/** A refused submit (400): the spec's message and the fields still missing (001 §5). */
export const OnePageSubmitRefusal = z.object({
  statusCode: z.literal(400),
  error: z.string(),
  message: z.string(),
  fields: z.array(z.string()),
});
/** PATCH /api/one-pages/{id} with a single field. */
export const OnePagePatch = singleField(OnePageFields);
/** PATCH /api/one-pages/{id}/submit: the form values in checklist format. */
export const OnePageSubmit = z.object(OnePageFields).partial();
export type OnePageSubmit = z.infer<typeof OnePageSubmit>;

/**
 * POST /api/one-pages/{id}/carry-forward ("Start from last week"): the submitted one-page of an earlier week of the
 * same project to copy from, and whether fields filled this week with other values are replaced (else kept).
 */
export const OnePageCarryForward = z.object({
  sourceId: z.int32().positive(),
  replace: z.boolean(),
});
export type OnePageCarryForward = z.infer<typeof OnePageCarryForward>;
/** PATCH /api/one-pages/{id}/confirm-carried: the fields whose "From last week" mark goes (absent: every one). */
export const OnePageConfirmCarried = z
  .object({ fields: z.array(OnePageFieldName).min(1).max(Object.keys(OnePageFields).length).optional() })
  .nullish();
export type OnePageConfirmCarried = z.infer<typeof OnePageConfirmCarried>;

/** `{ id, teamMemberId }`: PATCH /api/projects/{id}/project-team/grant/{teamMemberId} (Grant access). */
export const OnePageGrantParams = z.object({ id: IdParam, teamMemberId: IdParam });
/** `{ onePageId }`: the allocation suggestions and the dashboard comments of a one-page. */
export const OnePageIdParams = z.object({ onePageId: IdParam });

/** Allocation suggestion (001 §3, 002 §3). */
export const AllocationSuggestion = z.object({
  id: z.int32(),
  idProfessional: z.int32(),
  professional: z.object({ id: z.int32(), name: z.string(), isActive: z.boolean() }),
  totalDays: z.number().min(0).max(5),
  idPractice: z.int32().nullable(),
  feedback: z.string().nullable(),
  isApproved: z.boolean(),
  nextAllocations: z.array(z.object({ totalDays: z.number().min(0).max(5) })),
  /** The record's version (ETag; If-Match of PUT / PATCH / DELETE). */
  version: z.int32().optional(),
});
export type AllocationSuggestion = z.infer<typeof AllocationSuggestion>;
/** Every answer of the allocation calls carries the suggestion's version. */
export const AllocationSuggestionRecord = AllocationSuggestion.extend({ version: z.int32() });
export type AllocationSuggestionRecord = z.infer<typeof AllocationSuggestionRecord>;
export const AllocationSuggestionsResponse = z.object({
  /** Why someone of the team is not listed (inactive, or no allocation in the window), or null. */
  infoMessage: z.string().nullable(),
  suggestions: z.array(AllocationSuggestionRecord),
});
export type AllocationSuggestionsResponse = z.infer<typeof AllocationSuggestionsResponse>;
export const AllocationSuggestionCreate = z.object({
  idProfessional: z.int32().positive(),
  totalDays: z.number().min(0).max(5),
  nextAllocations: z
    .array(z.object({ totalDays: z.number().min(0).max(5) }))
    .max(2)
    .optional(),
});
export type AllocationSuggestionCreate = z.infer<typeof AllocationSuggestionCreate>;
export const AllocationSuggestionPatch = singleField({
  feedback: z.string().max(5000).nullable(),
  totalDays: z.number().min(0).max(5),
});
export type AllocationSuggestionPatch = z.infer<typeof AllocationSuggestionPatch>;
/**
 * PUT /api/project-allocation-suggestions/{id}: the whole suggestion as the grid holds it; every field optional
 * (unchanged ones are kept). id and idProfessional must be the stored ones; idPractice and professional are read-only.
 */
export const AllocationSuggestionUpdate = z.object({
  id: z.int32().positive().optional(),
  idProfessional: z.int32().positive().optional(),
  idPractice: z.int32().nullable().optional(),
  totalDays: z.number().min(0).max(5).optional(),
  feedback: z.string().max(5000).nullable().optional(),
  isApproved: z.boolean().optional(),
  nextAllocations: z
    .array(z.object({ totalDays: z.number().min(0).max(5) }))
    .max(2)
    .optional(),
});
export type AllocationSuggestionUpdate = z.infer<typeof AllocationSuggestionUpdate>;

/** Project dashboard (002 §2.5). */
export const ProjectDashboard = z.object({
  id: z.int32(),
  createdAt: z.string(),
  project: z.object({ id: z.int32(), name: z.string(), code: z.string() }).optional(),
  currentWeek: z.number().nullable(),
  firstAllocation: z.number().nullable(),
  initial: z.number().nullable(),
  target: z.number().nullable(),
  setupStatus: z.string().nullable(),
  lastProfessionalDNA: z.string().nullable(),
  nextProfessionalDNA: z.string().nullable(),
  lastProjectSession: z.string().nullable(),
  weeklyStatusDate: z.string().nullable(),
  totalStakeholders: z.int32().nullable(),
  criticalStakeholders: z.int32().nullable(),
  onePage: OnePage.nullable().optional(),
});
export type ProjectDashboard = z.infer<typeof ProjectDashboard>;
export const DashboardOnePagePatch = singleField({
  coManagementComment: txt,
  executiveBoardComment: txt,
  executiveResumeComment: txt,
  pdcResumeComment: txt,
});

/** `{ dashboardId }`: one dashboard of the archive. */
export const DashboardParams = z.object({ dashboardId: IdParam });

/** Dashboard e-mail access (002 §3) and the bulk add body. */
export const DashboardAccess = z.object({
  id: z.int32(),
  idProfessional: z.int32(),
  professionalName: z.string(),
  professionalEmail: z.string(),
});
export type DashboardAccess = z.infer<typeof DashboardAccess>;
export const DashboardAccessBulk = z.object({
  IDProject: z.int32().positive(),
  ProfessionalIds: z
    .array(z.int32().positive())
    .min(1, 'No professionals selected - Please select at least one professional to add.'),
});

// --- dash-server: the Dashboard Archive (spec 002 §2.5, §3, §7 "Dashboard archive and e-mail access")
/**
 * The one-page inside a dashboard: every field with its version (the ETag of the comment PATCH).
 * `pdcResumeComment` is left out of the answer for callers who hold neither Admin nor PDC (002 §2.5, §6).
 */
export const DashboardOnePage = OnePage.extend({ pdcResumeComment: txt.optional(), version: z.int32() });
export type DashboardOnePage = z.infer<typeof DashboardOnePage>;
/** GET /api/project-dashboards/{dashboardId}: the dashboard, its project, its one-page and (read-only) staffing. */
export const ProjectDashboardRecord = ProjectDashboard.extend({
  project: z.object({ id: z.int32(), name: z.string(), code: z.string() }),
  onePage: DashboardOnePage.nullable(),
  /** The one-page's allocation suggestions as the Staffing section lists them (empty without a one-page). */
  staffing: AllocationSuggestionsResponse,
});
export type ProjectDashboardRecord = z.infer<typeof ProjectDashboardRecord>;
/** A row of GET /api/project-dashboards/project/{id}: the dashboard's figures and its one-page's list columns. */
export const DashboardListRow = ProjectDashboard.omit({ onePage: true, project: true }).extend({
  onePage: OnePageListRow.nullable(),
});
export type DashboardListRow = z.infer<typeof DashboardListRow>;
/** PATCH /api/project-dashboards/one-page/{onePageId}: exactly one of the four comments. */
export type DashboardOnePagePatch = z.infer<typeof DashboardOnePagePatch>;
export type DashboardAccessBulk = z.infer<typeof DashboardAccessBulk>;

/** Job titles that may receive dashboard e-mails (002 §2.5): containing one of these, case and accents ignored. */
export const DASHBOARD_RECIPIENT_TITLE_WORDS = ['director', 'partner', 'diretor', 'socio'] as const;
/** Whether a job title may receive dashboard e-mails ('Sócia-Diretora', 'Managing Partner' yes; 'Manager' no). */
export function isDashboardRecipientTitle(jobTitle: string | null | undefined): boolean {
  const t = (jobTitle ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return DASHBOARD_RECIPIENT_TITLE_WORDS.some((w) => t.includes(w));
}
/** The dialog's note (002 §2.5), also the start of the server's refusal of anyone else. */
export const DASHBOARD_RECIPIENTS_NOTE =
  'Only Directors and Partners can be added to receive dashboard emails.';
/** The scopes that see and write the PDC Resume comment (002 §2.5 "either of two scopes": our decision). */
export const PDC_RESUME_SCOPES = ['API.Portal.Admin', 'API.Portal.PDC'] as const;
/** Whether the user sees and may write the PDC Resume comment. */
export const canSeePdcResume = (user: { scopes: readonly string[] }) =>
  user.scopes.some((s) => (PDC_RESUME_SCOPES as readonly string[]).includes(s));
