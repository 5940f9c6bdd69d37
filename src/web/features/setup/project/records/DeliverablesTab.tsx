import { Deliverable } from '@domain/contract';
import { RecordsGrid } from './RecordsGrid';

/** Setup › Project › Deliverables (001 §2, §3: deliverable, detail). */
export default function DeliverablesTab(props: { projectId: number; sessionId: number; canEdit: boolean }) {
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
