import { memo } from 'react';
import type { OnePageRecord } from '../api/keys';
import { AllocationTable } from './AllocationTable';
import { ChoicePairs, Pair, Section, TextField } from './fields';
import { GOVERNANCE_QUESTION, STATUS_QUESTIONS } from './options';

type Props = { record: Partial<OnePageRecord>; projectId: number; onePageId: number; readOnly: boolean };

/**
 * The classic form (format 1; 001 §2, §5): the fields of CLASSIC_FIELDS — every one required to submit — and
 * the governance allocations, which must all be approved.
 */
export const ClassicForm = memo(function ClassicForm({ record: r, projectId, onePageId, readOnly }: Props) {
  return (
    <>
      <Section title="One Page">
        <ChoicePairs record={r} questions={STATUS_QUESTIONS} />
        <TextField name="keyMessage" value={r.keyMessage} rows={4} />
        <TextField name="deliveryFocusNextWeek" value={r.deliveryFocusNextWeek} rows={4} />
        <TextField name="teamPoint" value={r.teamPoint} />
        <Pair>
          <TextField name="methodInternal" value={r.methodInternal} />
          <TextField name="methodExternal" value={r.methodExternal} />
        </Pair>
        <ChoicePairs record={r} questions={GOVERNANCE_QUESTION} />
      </Section>
      <Section title="Governance Allocations">
        <AllocationTable projectId={projectId} onePageId={onePageId} readOnly={readOnly} />
      </Section>
    </>
  );
});
