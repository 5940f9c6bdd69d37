import type { SessionUser } from '../contract/session';
import { SCOPES } from '../constants';
import { hasAnyScope, isGovernance, teamRole, type TeamEntry } from './access';

type User = Pick<SessionUser, 'scopes' | 'professionalId'>;

/** The elevated scopes of the one-page rules (README decision): Admin and OnePage. */
export const ONE_PAGE_ELEVATED_SCOPES = [SCOPES.admin, SCOPES.onePage] as const;
/** "The list view admits a third elevated scope" (001 §6): PDC, whose supervision reads one-pages. */
export const ONE_PAGE_LIST_SCOPES = [SCOPES.admin, SCOPES.onePage, SCOPES.pdc] as const;

const isLead = (user: Pick<User, 'professionalId'>, team: readonly TeamEntry[]) => {
  const r = teamRole(team, user.professionalId);
  return r.isManager || r.isPartner;
};

/** Fill (PATCH a field, allocations) and submit (001 §6): an elevated scope, or the project's manager or partner. */
export const canFillOnePage = (user: User, team: readonly TeamEntry[]) =>
  hasAnyScope(user, ONE_PAGE_ELEVATED_SCOPES) || isLead(user, team);

/** Open one-pages (001 §6): a team member with isOnePageAllow, the governance scope, the manager or a partner. */
export const canOpenOnePage = (user: User, team: readonly TeamEntry[]) =>
  isGovernance(user) || isLead(user, team) || teamRole(team, user.professionalId).isOnePageAllow;

/** The one-page list (001 §6 "The list view admits a third elevated scope"): as opening, plus Admin and PDC. */
export const canListOnePages = (user: User, team: readonly TeamEntry[]) =>
  canOpenOnePage(user, team) || hasAnyScope(user, ONE_PAGE_LIST_SCOPES);

/** Undo a submitted one-page (001 §6, 002 §7 unsubmit): the governance scope only. */
export const canUndoOnePage = (user: Pick<User, 'scopes'>) => isGovernance(user);

/** Grant access — toggle a member's isOnePageAllow (001 §6): managers, partners and the two elevated scopes. */
export const canGrantOnePageAccess = (user: User, team: readonly TeamEntry[]) =>
  hasAnyScope(user, ONE_PAGE_ELEVATED_SCOPES) || isLead(user, team);

// ---- submit validation (001 §5)

export const CHECKLIST_REQUIRED_MESSAGE =
  'All required fields must be filled in order to submit the One Page';
export const CLASSIC_REQUIRED_MESSAGE = 'All fields must be filled in order to submit the One Page.';
export const GOVERNANCE_ALLOCATIONS_MESSAGE = 'All Governance Allocations must be approved.';
export const GOVERNANCE_ACTION_MESSAGE = 'This field is required when selecting Yes or Maybe';

/** The 14 fields the checklist format requires (zero counts as filled). */
export const CHECKLIST_REQUIRED_FIELDS = [
  'onePageProblemLevel',
  'environmentStatus',
  'needHelpFromGovernance',
  'riskOfDelay',
  'solutionReadiness',
  'integrationIdentity',
  'teamIssue',
  'changeProjectStatus',
  'properAttention',
  'weeklyStatus',
  'keyMessage',
  'deliveryFocusNextWeek',
  'dnaProf',
  'dnaTec',
] as const;

type Values = Partial<Record<string, unknown>>;

/** A value counts as filled unless null, undefined or blank text; 0 and false are filled. */
export const isFilled = (v: unknown) =>
  v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');

/**
 * The nine conditional explanations and governanceAction (001 §5): field → whether the form's values require it.
 * A condition holds only once its question is answered (an unanswered question is itself the missing field).
 */
export const CHECKLIST_CONDITIONAL: ReadonlyArray<readonly [string, (v: Values) => boolean]> = [
  ['needHelpFromGovernanceExplanation', (v) => v.needHelpFromGovernance === 1], // Yes
  ['properAttentionExplanation', (v) => v.properAttention === 3], // No, need to act
  ['projectStatusExplanation', (v) => isFilled(v.onePageProblemLevel) && v.onePageProblemLevel !== 1], // not Green
  ['projectEnvironmentExplanation', (v) => isFilled(v.environmentStatus) && v.environmentStatus !== 1], // not Green
  ['riskOfDelayExplanation', (v) => isFilled(v.riskOfDelay) && v.riskOfDelay !== 2], // not No
  ['integrationIdentityExplanation', (v) => isFilled(v.integrationIdentity) && v.integrationIdentity !== 1], // not Yes
  ['teamIssueExplanation', (v) => isFilled(v.teamIssue) && v.teamIssue !== 2], // not No
  ['changeProjectStatusExplanation', (v) => v.changeProjectStatus === 4], // other
  ['governanceAction', (v) => v.governanceActionOption === 1 || v.governanceActionOption === 3], // Yes or Maybe
];

/** Whether an explanation is required now — the form's placeholder reads "Please explain" then, else "Optional". */
export function isExplanationRequired(field: string, values: Values): boolean {
  const rule = CHECKLIST_CONDITIONAL.find(([f]) => f === field);
  return !!rule && rule[1](values);
}

/** The fields of a checklist one-page that stop its submission (required first, then the conditional ones). */
export function checklistMissingFields(values: Values): string[] {
  const missing: string[] = CHECKLIST_REQUIRED_FIELDS.filter((f) => !isFilled(values[f]));
  for (const [field, required] of CHECKLIST_CONDITIONAL)
    if (required(values) && !isFilled(values[field])) missing.push(field);
  return missing;
}

/**
 * The classic form's fields (format 1; the spec does not list them — README decision): the traffic lights with
 * their explanations, the key message, next week's delivery focus, the team point, the internal and external
 * method notes and the governance action with its option. Every one must be non-empty to submit.
 */
export const CLASSIC_FIELDS = [
  'onePageProblemLevel',
  'projectStatusExplanation',
  'environmentStatus',
  'projectEnvironmentExplanation',
  'keyMessage',
  'deliveryFocusNextWeek',
  'teamPoint',
  'methodInternal',
  'methodExternal',
  'governanceActionOption',
  'governanceAction',
] as const;

export const classicMissingFields = (values: Values): string[] =>
  CLASSIC_FIELDS.filter((f) => !isFilled(values[f]));

/** Format 1 is the classic form; any other format is the Weekly Checklist (001 §2). */
export const isClassicFormat = (format: number | null | undefined) => format === 1;

export type SubmitRefusal = { message: string; fields: string[] } | null;

/**
 * Why a one-page cannot be submitted, or null (001 §5). Checklist: the missing fields with "All required
 * fields must be filled…". Classic: the empty fields with "All fields must be filled…", then unapproved
 * governance allocations with "All Governance Allocations must be approved.".
 */
export function onePageSubmitRefusal(
  format: number | null | undefined,
  values: Values,
  allocations: ReadonlyArray<{ isApproved: boolean }> = [],
): SubmitRefusal {
  if (isClassicFormat(format)) {
    const fields = classicMissingFields(values);
    if (fields.length) return { message: CLASSIC_REQUIRED_MESSAGE, fields };
    if (allocations.some((a) => !a.isApproved))
      return { message: GOVERNANCE_ALLOCATIONS_MESSAGE, fields: [] };
    return null;
  }
  const fields = checklistMissingFields(values);
  return fields.length ? { message: CHECKLIST_REQUIRED_MESSAGE, fields } : null;
}

// ---- allocation days (001 §4, §9)

/** The practice whose allocations go in quarter days. */
export const QUARTER_DAY_PRACTICE_ID = 7;
export const MAX_ALLOCATION_DAYS = 5;

/** The step of allocation days: 0.25 for practice 7, else 0.5. */
export const allocationStep = (idPractice: number | null | undefined) =>
  idPractice === QUARTER_DAY_PRACTICE_ID ? 0.25 : 0.5;

/** The day choices of an allocation: 0 to 5 in the practice's step. */
export function allocationDayChoices(idPractice: number | null | undefined): number[] {
  const step = allocationStep(idPractice);
  return Array.from({ length: MAX_ALLOCATION_DAYS / step + 1 }, (_, i) => i * step);
}

/** Whether a number of days is one of the practice's choices. */
export function isValidAllocationDays(days: number, idPractice: number | null | undefined): boolean {
  if (!Number.isFinite(days) || days < 0 || days > MAX_ALLOCATION_DAYS) return false;
  const steps = days / allocationStep(idPractice);
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}
