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

/**
 * Open one-pages (001 §6): a team member with isOnePageAllow, the governance scope, the manager or a partner —
 * and whoever may fill them (Admin: filling implies opening; README decision).
 */
export const canOpenOnePage = (user: User, team: readonly TeamEntry[]) =>
  canFillOnePage(user, team) || isGovernance(user) || teamRole(team, user.professionalId).isOnePageAllow;

/** The one-page list (001 §6 "The list view admits a third elevated scope"): as opening, plus Admin and PDC. */
export const canListOnePages = (user: User, team: readonly TeamEntry[]) =>
  canOpenOnePage(user, team) || hasAnyScope(user, ONE_PAGE_LIST_SCOPES);

/** Undo a submitted one-page (001 §6, 002 §7 unsubmit): the governance scope only. */
export const canUndoOnePage = (user: Pick<User, 'scopes'>) => isGovernance(user);

/** Grant access — toggle a member's isOnePageAllow (001 §6): managers, partners and the two elevated scopes. */
export const canGrantOnePageAccess = (user: User, team: readonly TeamEntry[]) =>
  hasAnyScope(user, ONE_PAGE_ELEVATED_SCOPES) || isLead(user, team);

// ---- refusals (403 by person, 409 by state)

export const ONE_PAGE_NO_ACCESS_MESSAGE =
  "You don't have access to One-Page yet: ask the project's manager or partner to grant it";
export const ONE_PAGE_OPEN_DENIED_MESSAGE =
  "One-pages are opened by the project's manager or partner, team members granted access, and the governance scope";
export const ONE_PAGE_LIST_DENIED_MESSAGE =
  "One-pages are listed for the project's manager or partner, team members granted access, and holders of Admin, OnePage or PDC";
export const ONE_PAGE_FILL_DENIED_MESSAGE =
  "One-pages are filled and submitted by the project's manager or partner, or holders of Admin or OnePage";
export const ONE_PAGE_UNDO_DENIED_MESSAGE = 'Only the governance scope may undo a submitted One Page';
export const ONE_PAGE_GRANT_DENIED_MESSAGE =
  "One-Page access is granted by the project's manager or partner, or holders of Admin or OnePage";
/** 409: a write to a submitted one-page or its allocations (001 §4 "After submission all inputs … are disabled"). */
export const ONE_PAGE_SUBMITTED_MESSAGE = 'This One Page was submitted: it is read-only';
export const ONE_PAGE_ALREADY_SUBMITTED_MESSAGE = 'This One Page was already submitted';
export const ONE_PAGE_NOT_SUBMITTED_MESSAGE = 'This One Page is not submitted: there is nothing to undo';

/** The 403 message of opening / listing for this person: a team member is told to ask for access. */
export const onePageOpenDeniedMessage = (user: User, team: readonly TeamEntry[], list = false) =>
  teamRole(team, user.professionalId).isMember
    ? ONE_PAGE_NO_ACCESS_MESSAGE
    : list
      ? ONE_PAGE_LIST_DENIED_MESSAGE
      : ONE_PAGE_OPEN_DENIED_MESSAGE;

// ---- the week and the deadline (README decisions)

/**
 * A one-page covers one week, Monday to Sunday (UTC): initialDate is the Monday, endDate the Sunday. Its
 * submission is on time until the end of endDate (23:59:59.999 UTC); later it is flagged delayed.
 */
export function onePageWeekOf(now: Date): { initialDate: string; endDate: string } {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  const initialDate = d.toISOString().slice(0, 10);
  d.setUTCDate(d.getUTCDate() + 6);
  return { initialDate, endDate: d.toISOString().slice(0, 10) };
}

/** The ISO 8601 week number of a date ('YYYY-MM-DD') and the year it belongs to (week 1 holds the first Thursday). */
export function isoWeekOf(date: string): { week: number; year: number } {
  const d = new Date(`${date.slice(0, 10)}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 3 - ((d.getUTCDay() + 6) % 7)); // the Thursday of its week
  const year = d.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  firstThursday.setUTCDate(firstThursday.getUTCDate() + 3 - ((firstThursday.getUTCDay() + 6) % 7));
  return { week: 1 + Math.round((d.getTime() - firstThursday.getTime()) / (7 * 86_400_000)), year };
}

/** The first instant a submission counts as delayed: the day after endDate ('YYYY-MM-DD'), 00:00 UTC. */
export function onePageDeadline(endDate: string): Date {
  const d = new Date(`${endDate.slice(0, 10)}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/** Whether a submission at `submittedAt` is delayed: after the end (UTC) of the one-page's endDate. */
export const isDelayedSubmission = (endDate: string, submittedAt: Date) =>
  submittedAt.getTime() >= onePageDeadline(endDate).getTime();

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

/** The 400 message of a number of days that is not one of the practice's choices (001 §4, §9). */
export const allocationDaysMessage = (idPractice: number | null | undefined) =>
  `Allocation days go from 0 to ${MAX_ALLOCATION_DAYS} in steps of ${allocationStep(idPractice)}`;

/** Whether a number of days is one of the practice's choices. */
export function isValidAllocationDays(days: number, idPractice: number | null | undefined): boolean {
  if (!Number.isFinite(days) || days < 0 || days > MAX_ALLOCATION_DAYS) return false;
  const steps = days / allocationStep(idPractice);
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

// ---- the allocation table (001 §4)

export interface AllocationWindow {
  isActive: boolean;
  /** The professional's days on the previous week's one-page (null when none). */
  previousDays: number | null;
  /** This week's days. */
  totalDays: number;
  /** Next week and the week after. */
  nextDays: readonly number[];
}

/** 001 §4: listed only for active professionals with allocation in the previous, current or next two weeks. */
export const isListedAllocation = (a: AllocationWindow) =>
  a.isActive && [a.previousDays ?? 0, a.totalDays, ...a.nextDays.slice(0, 2)].some((d) => d > 0);

/** Why a suggestion is not listed (null when it is). */
export const unlistedReason = (a: AllocationWindow): 'inactive' | 'no allocation' | null =>
  !a.isActive ? 'inactive' : isListedAllocation(a) ? null : 'no allocation';

/**
 * The allocation table's infoMessage: who is not listed and why, or null when everyone is
 * (e.g. "Not listed: Dora Duarte (no allocation in the previous, current or next two weeks); Rita Ramos (inactive).").
 */
export function allocationInfoMessage(
  unlisted: ReadonlyArray<{ name: string; reason: 'inactive' | 'no allocation' }>,
): string | null {
  if (unlisted.length === 0) return null;
  const why = (r: 'inactive' | 'no allocation') =>
    r === 'inactive' ? 'inactive' : 'no allocation in the previous, current or next two weeks';
  return `Not listed: ${unlisted.map((u) => `${u.name} (${why(u.reason)})`).join('; ')}.`;
}
