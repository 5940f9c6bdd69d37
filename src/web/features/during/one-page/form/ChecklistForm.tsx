import { memo } from 'react';
import type { OnePageRecord } from '../api/keys';
import { AllocationTable } from './AllocationTable';
import { ChoiceField, Pair, Section, TextField } from './fields';
import {
  CHANGE_STATUS,
  DONE_PLANNED,
  RISK_OF_DELAY,
  SOLUTION_READINESS,
  TEAM_ISSUE,
  TRAFFIC_LIGHT,
  YES_MORE_NO,
  YES_NO,
  YES_NO_MAYBE,
} from './options';

/** The fields of the Weekly Checklist form (the values its submit sends). */
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
        <Pair>
          <ChoiceField name="onePageProblemLevel" options={TRAFFIC_LIGHT} value={r.onePageProblemLevel} />
          <TextField name="projectStatusExplanation" explanation value={r.projectStatusExplanation} />
        </Pair>
        <Pair>
          <ChoiceField name="environmentStatus" options={TRAFFIC_LIGHT} value={r.environmentStatus} />
          <TextField
            name="projectEnvironmentExplanation"
            explanation
            value={r.projectEnvironmentExplanation}
          />
        </Pair>
        <Pair>
          <ChoiceField name="needHelpFromGovernance" options={YES_NO} value={r.needHelpFromGovernance} />
          <TextField
            name="needHelpFromGovernanceExplanation"
            explanation
            value={r.needHelpFromGovernanceExplanation}
          />
        </Pair>
        <Pair>
          <ChoiceField name="riskOfDelay" options={RISK_OF_DELAY} value={r.riskOfDelay} />
          <TextField name="riskOfDelayExplanation" explanation value={r.riskOfDelayExplanation} />
        </Pair>
        <Pair>
          <ChoiceField
            name="solutionReadiness"
            options={SOLUTION_READINESS}
            value={r.solutionReadiness}
            vertical
          />
          <TextField name="solutionReadinessExplanation" explanation value={r.solutionReadinessExplanation} />
        </Pair>
        <Pair>
          <ChoiceField name="changeProjectStatus" options={CHANGE_STATUS} value={r.changeProjectStatus} />
          <TextField
            name="changeProjectStatusExplanation"
            explanation
            value={r.changeProjectStatusExplanation}
          />
        </Pair>
      </Section>
      <Section title="Delivery">
        <TextField name="keyMessage" value={r.keyMessage} rows={4} />
        <TextField name="deliveryFocusNextWeek" value={r.deliveryFocusNextWeek} rows={4} />
        <ChoiceField name="weeklyStatus" options={DONE_PLANNED} value={r.weeklyStatus} vertical />
      </Section>
      <Section title="PROFESSIONALS">
        <Pair>
          <ChoiceField name="integrationIdentity" options={YES_MORE_NO} value={r.integrationIdentity} />
          <TextField
            name="integrationIdentityExplanation"
            explanation
            value={r.integrationIdentityExplanation}
          />
        </Pair>
        <Pair>
          <ChoiceField name="properAttention" options={YES_MORE_NO} value={r.properAttention} />
          <TextField name="properAttentionExplanation" explanation value={r.properAttentionExplanation} />
        </Pair>
        <Pair>
          <ChoiceField name="teamIssue" options={TEAM_ISSUE} value={r.teamIssue} />
          <TextField name="teamIssueExplanation" explanation value={r.teamIssueExplanation} />
        </Pair>
        <Pair>
          <ChoiceField name="dnaProf" options={DONE_PLANNED} value={r.dnaProf} vertical />
          <ChoiceField name="dnaTec" options={DONE_PLANNED} value={r.dnaTec} vertical />
        </Pair>
        <TextField name="teamPoint" value={r.teamPoint} />
      </Section>
      <Section title="Governance Allocation">
        <Pair>
          <ChoiceField
            name="governanceActionOption"
            options={YES_NO_MAYBE}
            value={r.governanceActionOption}
          />
          <TextField name="governanceAction" explanation value={r.governanceAction} />
        </Pair>
        <TextField name="governanceAllocation" value={r.governanceAllocation} />
      </Section>
      <Section title="STAFFING">
        <AllocationTable projectId={projectId} onePageId={onePageId} readOnly={readOnly} />
      </Section>
    </>
  );
});
