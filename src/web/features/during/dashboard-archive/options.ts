import { PROBLEM_LEVEL, type StatusColour } from '@domain/constants';
import type { DashboardOnePage } from './api/keys';

/** A coded answer's text (002 §2.5, quoted as listed there). */
type Options = Record<number, string>;

/** Problem level and environment status: 1 Green, 2 Yellow, 3 Red, anything else grey (002 §2.5, §4). */
export function lightOf(
  v: number | null | undefined,
  empty = 'Not Submitted',
): { colour: StatusColour; label: string } {
  if (v === 1 || v === 2 || v === 3) return PROBLEM_LEVEL[v]!;
  return { colour: 'grey', label: empty };
}

/** The archive's One Page Status (002 §4): the problem level of a submitted one-page; an unsubmitted one is 0 Not Submitted. */
export const onePageStatusOf = (
  p: { submittedAt: string | null; onePageProblemLevel: number | null } | null | undefined,
) => lightOf(p?.submittedAt ? p.onePageProblemLevel : 0);

export const GOVERNANCE_HELP: Options = { 1: 'Yes', 2: 'No' };
export const RISK_OF_DELAY: Options = {
  1: 'Yes',
  2: 'No',
  3: 'Maybe still TBC',
};
export const SOLUTION_READINESS: Options = { 1: '1', 2: '2', 3: '3', 4: '4' };
export const YES_MORE_NO: Options = { 1: 'Yes', 2: 'We could do more', 3: 'No' };
export const CHANGE_STATUS: Options = { 1: 'No', 2: 'Yes to ad-hoc', 3: 'Yes to paused', 4: 'Yes other' };
export const TEAM_ISSUE: Options = { 1: 'Yes', 2: 'No', 3: 'Partially' };
export const DONE_PLANNED: Options = {
  1: 'Done this week',
  2: 'Not done but planned for next week',
  3: 'Other: not planned yet or delayed',
};
export const YES_NO_MAYBE: Options = { 1: 'Yes', 2: 'No', 3: 'Maybe' };

/** The text of a coded answer ('' when unanswered). */
export const optionText = (options: Options, v: number | null | undefined) =>
  v == null ? '' : (options[v] ?? String(v));

type Field = keyof DashboardOnePage;
/** One shown one-page value: a label, the field, and its options when coded. */
export interface Shown {
  label: string;
  field: Field;
  options?: Options;
  /** The explanation printed under the answer. */
  explanation?: Field;
}

/** The one-page content of 002 §2.5 by section (field labels are our wording; the spec names the fields). */
export const SECTIONS: { title: string; items: Shown[] }[] = [
  {
    title: 'Weekly Checklist',
    items: [
      {
        label: 'Governance help',
        field: 'needHelpFromGovernance',
        options: GOVERNANCE_HELP,
        explanation: 'needHelpFromGovernanceExplanation',
      },
      {
        label: 'Risk of delay',
        field: 'riskOfDelay',
        options: RISK_OF_DELAY,
        explanation: 'riskOfDelayExplanation',
      },
      {
        label: 'Solution readiness',
        field: 'solutionReadiness',
        options: SOLUTION_READINESS,
        explanation: 'solutionReadinessExplanation',
      },
      {
        label: 'Change of project status',
        field: 'changeProjectStatus',
        options: CHANGE_STATUS,
        explanation: 'changeProjectStatusExplanation',
      },
      { label: 'Weekly status', field: 'weeklyStatus', options: DONE_PLANNED },
    ],
  },
  {
    title: 'Delivery',
    items: [
      { label: 'Key message', field: 'keyMessage' },
      { label: 'Delivery focus next week', field: 'deliveryFocusNextWeek' },
      { label: 'Method (internal)', field: 'methodInternal' },
      { label: 'Method (external)', field: 'methodExternal' },
      {
        label: 'Integration identity',
        field: 'integrationIdentity',
        options: YES_MORE_NO,
        explanation: 'integrationIdentityExplanation',
      },
      {
        label: 'Proper attention',
        field: 'properAttention',
        options: YES_MORE_NO,
        explanation: 'properAttentionExplanation',
      },
    ],
  },
  {
    title: 'Professionals',
    items: [
      { label: 'Team issue', field: 'teamIssue', options: TEAM_ISSUE, explanation: 'teamIssueExplanation' },
      { label: 'Professional DNA', field: 'dnaProf', options: DONE_PLANNED },
      { label: 'Technical DNA', field: 'dnaTec', options: DONE_PLANNED },
      { label: 'Team point', field: 'teamPoint' },
      {
        label: 'Governance action',
        field: 'governanceActionOption',
        options: YES_NO_MAYBE,
        explanation: 'governanceAction',
      },
      { label: 'Governance allocation', field: 'governanceAllocation' },
    ],
  },
];

/** The four comments (002 §2.5); the PDC Resume is shown only to its two scopes. */
export const COMMENTS = [
  { field: 'coManagementComment', label: 'Co-Management Comment' },
  { field: 'executiveBoardComment', label: 'Executive Board Comment' },
  { field: 'executiveResumeComment', label: 'Executive Resume Comment' },
  { field: 'pdcResumeComment', label: 'PDC Resume Comment' },
] as const;
