import { Risk } from '@domain/contract';
import { STAKEHOLDER_STATUS } from '@domain/constants';
import { RecordStatusDot, RecordsGrid, statusOptions } from './RecordsGrid';

/** Setup › Project › Risks (001 §2, §3: risk, status as a dot Green, Yellow, Red, Blue, Legacy, observation). */
export default function RisksTab(props: { projectId: number; sessionId: number; canEdit: boolean }) {
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
          value: (r) => (r.riskStatus == null ? '' : (STAKEHOLDER_STATUS[r.riskStatus]?.label ?? '')),
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
