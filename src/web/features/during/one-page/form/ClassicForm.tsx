import { memo } from 'react';
import type { OnePageRecord } from '../api/keys';
import { AllocationTable } from './AllocationTable';
import { ChoiceField, Pair, Section, TextField } from './fields';
import { TRAFFIC_LIGHT, YES_NO_MAYBE } from './options';

type Props = { record: Partial<OnePageRecord>; projectId: number; onePageId: number; readOnly: boolean };

/**
 * The classic form (format 1; 001 §2, §5): the fields of CLASSIC_FIELDS — every one required to submit — and
 * the governance allocations, which must all be approved.
 */
export const ClassicForm = memo(function ClassicForm({ record: r, projectId, onePageId, readOnly }: Props) {
  return (
    <>
      <Section title="One Page">
        <Pair>
          <ChoiceField name="onePageProblemLevel" options={TRAFFIC_LIGHT} value={r.onePageProblemLevel} />
          <TextField name="projectStatusExplanation" value={r.projectStatusExplanation} />
        </Pair>
        <Pair>
          <ChoiceField name="environmentStatus" options={TRAFFIC_LIGHT} value={r.environmentStatus} />
          <TextField name="projectEnvironmentExplanation" value={r.projectEnvironmentExplanation} />
        </Pair>
        <TextField name="keyMessage" value={r.keyMessage} rows={4} />
        <TextField name="deliveryFocusNextWeek" value={r.deliveryFocusNextWeek} rows={4} />
        <TextField name="teamPoint" value={r.teamPoint} />
        <Pair>
          <TextField name="methodInternal" value={r.methodInternal} />
          <TextField name="methodExternal" value={r.methodExternal} />
        </Pair>
        <Pair>
          <ChoiceField
            name="governanceActionOption"
            options={YES_NO_MAYBE}
            value={r.governanceActionOption}
          />
          <TextField name="governanceAction" value={r.governanceAction} />
        </Pair>
      </Section>
      <Section title="Governance Allocations">
        <AllocationTable projectId={projectId} onePageId={onePageId} readOnly={readOnly} />
      </Section>
    </>
  );
});
