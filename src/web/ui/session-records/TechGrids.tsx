import { ClientExpectation, Deliverable, Risk } from '@domain/contract';
import {
  RecordStatusDot,
  RecordsGrid,
  statusLabel,
  statusOptions,
  type SessionGridProps,
} from './RecordsGrid';

/** Client Expectations of a session (001 §2, §3: stakeholder, expectation, observation; 8 per page). */
export function ExpectationsGrid(props: SessionGridProps) {
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

/** Deliverables of a session (001 §2, §3: deliverable, detail; 8 per page). */
export function DeliverablesGrid(props: SessionGridProps) {
  return (
    <RecordsGrid
      kind="deliverables"
      {...props}
      title="Deliverables"
      addLabel="Add deliverable"
      emptyText="No deliverables yet"
      deleteConfirmText="Are you sure you want to delete this deliverable?"
      schema={Deliverable}
      newRow={{ deliverable: '', detail: '' }}
      columns={[
        { key: 'deliverable', title: 'Deliverable' },
        { key: 'detail', title: 'Detail' },
      ]}
      fields={[
        { key: 'deliverable', label: 'Deliverable', type: 'text' },
        { key: 'detail', label: 'Detail', type: 'textarea' },
      ]}
    />
  );
}

/** Risks of a session (001 §2, §3: risk, status as a dot Green, Yellow, Red, Blue, Legacy, observation). */
export function RisksGrid(props: SessionGridProps) {
  return (
    <RecordsGrid
      kind="risks"
      {...props}
      title="Risks"
      addLabel="Add risk"
      emptyText="No risks yet"
      deleteConfirmText="Are you sure you want to delete this risk?"
      schema={Risk}
      newRow={{ risk: '', riskStatus: 1, observation: '' }}
      columns={[
        { key: 'risk', title: 'Risk' },
        {
          key: 'riskStatus',
          title: 'Status',
          width: 110,
          value: (r) => statusLabel(r.riskStatus),
          sortValue: (r) => r.riskStatus ?? 0,
          render: (r) => <RecordStatusDot status={r.riskStatus} />,
        },
        { key: 'observation', title: 'Observation' },
      ]}
      fields={[
        { key: 'risk', label: 'Risk', type: 'text' },
        { key: 'riskStatus', label: 'Status', type: 'select', options: statusOptions() },
        { key: 'observation', label: 'Observation', type: 'textarea' },
      ]}
    />
  );
}
