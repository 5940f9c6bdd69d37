import type { StatusColour } from '@domain/constants';
import type { OnePageRecord } from '../api/keys';
import type { OnePageField } from '../api/one-page';

/** One answer of a one-page question: the stored number and the spec's label. */
export interface Choice {
  value: number;
  label: string;
  colour?: StatusColour;
}

/** onePageProblemLevel and environmentStatus (001 §3, 002 §2.5): 1 Green, 2 Yellow, 3 Red. */
export const TRAFFIC_LIGHT: Choice[] = [
  { value: 1, label: 'Green', colour: 'green' },
  { value: 2, label: 'Yellow', colour: 'yellow' },
  { value: 3, label: 'Red', colour: 'red' },
];
/** The trend strip's colour of a light: 1 Green, 2 Yellow, 3 Red, anything else grey (002 §2.5). */
export const lightOf = (v: number | null | undefined): { colour: StatusColour; label: string } => {
  const c = TRAFFIC_LIGHT.find((x) => x.value === v);
  return c ? { colour: c.colour!, label: c.label } : { colour: 'grey', label: 'Not filled' };
};
/** needHelpFromGovernance (001 §3): 1 Yes, 2 No. */
export const YES_NO: Choice[] = [
  { value: 1, label: 'Yes' },
  { value: 2, label: 'No' },
];
/** riskOfDelay (001 §3, 002 §2.5): 1 Yes (estimated impact in the explanation), 2 No, 3 Maybe, still to be confirmed. */
export const RISK_OF_DELAY: Choice[] = [
  { value: 1, label: 'Yes' },
  { value: 2, label: 'No' },
  { value: 3, label: 'Maybe, still to be confirmed' },
];
/** solutionReadiness (001 §3): 1 to 4. */
export const SOLUTION_READINESS: Choice[] = [
  { value: 1, label: 'Methodology clear but solution not' },
  { value: 2, label: 'Both clear' },
  { value: 3, label: 'Solution new, learning along the way' },
  { value: 4, label: 'Solution new but knows how to solve' },
];
/** integrationIdentity and properAttention (001 §3, 002 §2.5): 1 Yes, 2 We could do more, 3 No, need to act. */
export const YES_MORE_NO: Choice[] = [
  { value: 1, label: 'Yes' },
  { value: 2, label: 'We could do more' },
  { value: 3, label: 'No, need to act' },
];
/** changeProjectStatus (002 §2.5): 1 No, 2 Yes to ad-hoc, 3 Yes to paused, 4 Yes other. */
export const CHANGE_STATUS: Choice[] = [
  { value: 1, label: 'No' },
  { value: 2, label: 'Yes to ad-hoc' },
  { value: 3, label: 'Yes to paused' },
  { value: 4, label: 'Yes other' },
];
/** teamIssue (001 §3): 1 Yes, 2 No, 3 Partially. */
export const TEAM_ISSUE: Choice[] = [
  { value: 1, label: 'Yes' },
  { value: 2, label: 'No' },
  { value: 3, label: 'Partially' },
];
/** dnaProf, dnaTec, weeklyStatus (002 §2.5). */
export const DONE_PLANNED: Choice[] = [
  { value: 1, label: 'Done this week' },
  { value: 2, label: 'Not done but planned for next week' },
  { value: 3, label: 'Other: not planned yet or delayed' },
];
/** governanceActionOption (001 §3): 1 Yes, 2 No, 3 Maybe. */
export const YES_NO_MAYBE: Choice[] = [
  { value: 1, label: 'Yes' },
  { value: 2, label: 'No' },
  { value: 3, label: 'Maybe' },
];

/** The labels of the fields (the spec names the fields, not their questions: our wording). */
export const LABELS: Partial<Record<OnePageField, string>> = {
  onePageProblemLevel: 'Project status',
  projectStatusExplanation: 'Project status explanation',
  environmentStatus: 'Project environment',
  projectEnvironmentExplanation: 'Project environment explanation',
  needHelpFromGovernance: 'Do you need help from governance?',
  needHelpFromGovernanceExplanation: 'Governance help explanation',
  riskOfDelay: 'Is there a risk of delay?',
  riskOfDelayExplanation: 'Risk of delay explanation (estimated impact)',
  solutionReadiness: 'Solution readiness',
  solutionReadinessExplanation: 'Solution readiness explanation',
  changeProjectStatus: 'Change of project status?',
  changeProjectStatusExplanation: 'Change of project status explanation',
  keyMessage: 'Key message (highlights)',
  deliveryFocusNextWeek: 'Delivery focus next week',
  weeklyStatus: 'Weekly status',
  integrationIdentity: 'Integration and identity',
  integrationIdentityExplanation: 'Integration and identity explanation',
  properAttention: 'Proper attention (stakeholder management)',
  properAttentionExplanation: 'Proper attention explanation',
  teamIssue: 'Any team issue?',
  teamIssueExplanation: 'Team issue explanation',
  dnaProf: 'Professional DNA',
  dnaTec: 'Technical DNA',
  teamPoint: 'Team point',
  governanceActionOption: 'Is a governance action needed?',
  governanceAction: 'Governance action',
  governanceAllocation: 'Governance allocation',
  methodInternal: 'Method (internal)',
  methodExternal: 'Method (external)',
};
export const labelOf = (f: string) => LABELS[f as OnePageField] ?? f;

/** A one-page question (`choice`) and the text beside it. */
export interface Question {
  choice: OnePageField & keyof OnePageRecord;
  text: OnePageField & keyof OnePageRecord;
  options: Choice[];
  vertical?: boolean;
}

/** The project's and its environment's status, each with its explanation (both forms, 001 §3). */
export const STATUS_QUESTIONS: Question[] = [
  { choice: 'onePageProblemLevel', text: 'projectStatusExplanation', options: TRAFFIC_LIGHT },
  { choice: 'environmentStatus', text: 'projectEnvironmentExplanation', options: TRAFFIC_LIGHT },
];

/** Whether the project needs a governance action, and which (both forms, 001 §3). */
export const GOVERNANCE_QUESTION: Question[] = [
  { choice: 'governanceActionOption', text: 'governanceAction', options: YES_NO_MAYBE },
];
