import { memo } from 'react';
import type { OnePageRecord } from '../api/keys';
import { AllocationTable } from './AllocationTable';
import { ChoiceField, ChoicePairs, Pair, Section, TextField } from './fields';
import {
  CHANGE_STATUS,
  DONE_PLANNED,
  GOVERNANCE_QUESTION,
  RISK_OF_DELAY,
  SOLUTION_READINESS,
  STATUS_QUESTIONS,
  TEAM_ISSUE,
  YES_MORE_NO,
  YES_NO,
  type Question,
} from './options';

/** The Weekly Checklist section's questions, each with its explanation (001 §3). */
const WEEKLY_QUESTIONS: Question[] = [
  ...STATUS_QUESTIONS,
  { choice: 'needHelpFromGovernance', text: 'needHelpFromGovernanceExplanation', options: YES_NO },
  { choice: 'riskOfDelay', text: 'riskOfDelayExplanation', options: RISK_OF_DELAY },
  {
    choice: 'solutionReadiness',
    text: 'solutionReadinessExplanation',
    options: SOLUTION_READINESS,
    vertical: true,
  },
  { choice: 'changeProjectStatus', text: 'changeProjectStatusExplanation', options: CHANGE_STATUS },
];

/** The PROFESSIONALS section's questions with their explanations (001 §3). */
const PROFESSIONAL_QUESTIONS: Question[] = [
  { choice: 'integrationIdentity', text: 'integrationIdentityExplanation', options: YES_MORE_NO },
  { choice: 'properAttention', text: 'properAttentionExplanation', options: YES_MORE_NO },
  { choice: 'teamIssue', text: 'teamIssueExplanation', options: TEAM_ISSUE },
];

type Props = { record: Partial<OnePageRecord>; projectId: number; onePageId: number; readOnly: boolean };

/**
 * The Weekly Checklist form (001 §2, §3, §5): sections Weekly Checklist, Delivery, PROFESSIONALS, Governance
 * Allocation and STAFFING. Sections re-render when the one-page is saved; their fields are memoised and
 * re-render only when their own value changes.
 */
export const ChecklistForm = memo(function ChecklistForm({
  record: r,
  projectId,
  onePageId,
  readOnly,
}: Props) {
  return (
    <>
      <Section title="Weekly Checklist">
        <ChoicePairs record={r} questions={WEEKLY_QUESTIONS} explanation />
      </Section>
      <Section title="Delivery">
        <TextField name="keyMessage" value={r.keyMessage} rows={4} />
        <TextField name="deliveryFocusNextWeek" value={r.deliveryFocusNextWeek} rows={4} />
        <ChoiceField name="weeklyStatus" options={DONE_PLANNED} value={r.weeklyStatus} vertical />
      </Section>
      <Section title="PROFESSIONALS">
        <ChoicePairs record={r} questions={PROFESSIONAL_QUESTIONS} explanation />
        <Pair>
          <ChoiceField name="dnaProf" options={DONE_PLANNED} value={r.dnaProf} vertical />
          <ChoiceField name="dnaTec" options={DONE_PLANNED} value={r.dnaTec} vertical />
        </Pair>
        <TextField name="teamPoint" value={r.teamPoint} />
      </Section>
      <Section title="Governance Allocation">
        <ChoicePairs record={r} questions={GOVERNANCE_QUESTION} explanation />
        <TextField name="governanceAllocation" value={r.governanceAllocation} />
      </Section>
      <Section title="STAFFING">
        <AllocationTable projectId={projectId} onePageId={onePageId} readOnly={readOnly} />
      </Section>
    </>
  );
});
