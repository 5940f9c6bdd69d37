import { ClientExpectation } from '@domain/contract';
import { RecordsGrid } from './RecordsGrid';

/** Setup › Project › Client Expectations (001 §2, §3: stakeholder, expectation, observation). */
export default function ExpectationsTab(props: { projectId: number; sessionId: number; canEdit: boolean }) {
  return (
    <RecordsGrid
      kind="expectations"
      {...props}
      title="Client Expectations"
      addLabel="Add expectation"
      emptyText="No client expectations yet"
      deleteConfirmText="Are you sure you want to delete this client expectation?"
      schema={ClientExpectation}
      newRow={{ stakeholder: '', expectation: '', observation: '' }}
      columns={[
        { key: 'stakeholder', title: 'Stakeholder' },
        { key: 'expectation', title: 'Expectation' },
        { key: 'observation', title: 'Observation' },
      ]}
      fields={[
        { key: 'stakeholder', label: 'Stakeholder', type: 'text' },
        { key: 'expectation', label: 'Expectation', type: 'textarea' },
        { key: 'observation', label: 'Observation', type: 'textarea' },
      ]}
    />
  );
}
