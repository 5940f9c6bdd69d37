import { CLASSIC_FIELDS, isClassicFormat, isFilled } from './onepage';

/**
 * "Start from last week" on a one-page (docs/decisions.md, During): a draft takes the values of the project's
 * latest submitted one-page before it, field by field, and marks the fields it took ("From last week") until
 * they are edited or confirmed. The server applies the same plan the web previews.
 */

/** The fields of the Weekly Checklist form (any format but 1): the values its submit sends, in the form's order. */
export const CHECKLIST_FORM_FIELDS = [
  'onePageProblemLevel',
  'projectStatusExplanation',
  'environmentStatus',
  'projectEnvironmentExplanation',
  'needHelpFromGovernance',
  'needHelpFromGovernanceExplanation',
  'riskOfDelay',
  'riskOfDelayExplanation',
  'solutionReadiness',
  'solutionReadinessExplanation',
  'changeProjectStatus',
  'changeProjectStatusExplanation',
  'keyMessage',
  'deliveryFocusNextWeek',
  'weeklyStatus',
  'integrationIdentity',
  'integrationIdentityExplanation',
  'properAttention',
  'properAttentionExplanation',
  'teamIssue',
  'teamIssueExplanation',
  'dnaProf',
  'dnaTec',
  'teamPoint',
  'governanceActionOption',
  'governanceAction',
  'governanceAllocation',
] as const;

/** The fields a one-page's form shows: CLASSIC_FIELDS for format 1, CHECKLIST_FORM_FIELDS for any other. */
export const onePageFormFields = (format: number | null | undefined): readonly string[] =>
  isClassicFormat(format) ? CLASSIC_FIELDS : CHECKLIST_FORM_FIELDS;

/**
 * What Start from last week never copies: the allocation flag (the allocation suggestions are the week's own —
 * their days, approvals and feedback stay as they are) and the dashboard's four comments. None is a field of
 * either form; the list guards the rule (and its tests) should a form ever show one.
 */
export const NOT_CARRIED_FIELDS = [
  'hasAllocation',
  'coManagementComment',
  'executiveBoardComment',
  'executiveResumeComment',
  'pdcResumeComment',
] as const;

/** The fields Start from last week copies onto a one-page of `format`: every field of its form. */
export const carriedFieldsOf = (format: number | null | undefined): readonly string[] =>
  onePageFormFields(format).filter((f) => !(NOT_CARRIED_FIELDS as readonly string[]).includes(f));

type Values = Partial<Record<string, unknown>>;

/** What Start from last week writes, and what it leaves. */
export interface CarryPlan {
  /** The values to write: field → last week's value. */
  values: Record<string, unknown>;
  /** The fields written (marked "From last week"), in the form's order. */
  carried: string[];
  /** Fields filled this week with another value than last week's (replaced only with `replace`). */
  differing: string[];
}

/**
 * The plan of Start from last week: for each field of the target's form with a value last week (`source`),
 * an empty field this week takes it; a field filled this week with the same value is left alone (not marked); a
 * field filled this week with another value is `differing` — kept, or replaced when `replace` is true. A
 * field empty last week is never written. 0 and false count as filled (as the submit rules count them).
 */
export function carryForward(
  source: Values,
  target: Values & { format?: number | null },
  { replace }: { replace: boolean },
): CarryPlan {
  const plan: CarryPlan = { values: {}, carried: [], differing: [] };
  for (const field of carriedFieldsOf(target.format)) {
    const last = source[field];
    if (!isFilled(last)) continue;
    const now = target[field];
    if (isFilled(now)) {
      if (Object.is(now, last)) continue;
      plan.differing.push(field);
      if (!replace) continue;
    }
    plan.values[field] = last;
    plan.carried.push(field);
  }
  return plan;
}

/** The marks after a carry: those already there and the new ones, once each, in the form's order. */
export function mergeCarried(
  format: number | null | undefined,
  marked: readonly string[],
  carried: readonly string[],
): string[] {
  const all = new Set([...marked, ...carried]);
  return carriedFieldsOf(format).filter((f) => all.has(f));
}

/** The marks left after some fields were edited or confirmed (`fields` undefined: every mark goes). */
export const withoutCarried = (marked: readonly string[], fields?: readonly string[]): string[] =>
  fields ? marked.filter((f) => !fields.includes(f)) : [];

/** A one-page as the list shows it: enough to choose where Start from last week starts from. */
interface WeekRow {
  id: number;
  initialDate: string;
  submittedAt: string | null;
}

/** The one-page Start from last week copies: the project's latest submitted one before `target`'s week, or null. */
export function carrySourceOf<R extends WeekRow>(
  rows: readonly R[],
  target: Pick<WeekRow, 'id' | 'initialDate'>,
): R | null {
  let best: R | null = null;
  for (const r of rows) {
    if (r.id === target.id || !r.submittedAt || r.initialDate >= target.initialDate) continue;
    if (!best || r.initialDate > best.initialDate || (r.initialDate === best.initialDate && r.id > best.id))
      best = r;
  }
  return best;
}

// ---- refusals

/** The button's explanation when there is nothing to start from. */
export const NO_CARRY_SOURCE_MESSAGE = 'There is no submitted One-Page before this week to start from';
/** 400: the source is no one-page of the target's project. */
export const carrySourceUnknownMessage = (sourceId: number) =>
  `Invalid request: sourceId: One-Page ${sourceId} is not one of this project's One-Pages`;
/** 400: the source is not of an earlier week. */
export const CARRY_SOURCE_NOT_EARLIER_MESSAGE =
  'Invalid request: sourceId: the One-Page to start from must be of an earlier week than this one';
/** 409: the source is a draft. */
export const CARRY_SOURCE_NOT_SUBMITTED_MESSAGE =
  'The One-Page to start from is not submitted: only a submitted One-Page can be carried forward';

/**
 * Why `source` cannot be carried onto `target` (status and message), or null. The target's own state (submitted:
 * 409) is checked before.
 */
export function carrySourceRefusal(
  sourceId: number,
  source: { projectId: number; initialDate: string; submittedAt: unknown } | undefined,
  target: { projectId: number; initialDate: string },
): { status: 400 | 409; message: string } | null {
  if (!source || source.projectId !== target.projectId)
    return { status: 400, message: carrySourceUnknownMessage(sourceId) };
  if (source.initialDate >= target.initialDate)
    return { status: 400, message: CARRY_SOURCE_NOT_EARLIER_MESSAGE };
  if (!source.submittedAt) return { status: 409, message: CARRY_SOURCE_NOT_SUBMITTED_MESSAGE };
  return null;
}
