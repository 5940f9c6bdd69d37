import { PERSON_SOURCE_LABELS } from '@domain/rules/people';
import { PortalDataGrid, QueryError } from '@web/ui';
import { usePersonHistory, type PeopleHistoryEntry } from './api/history';
import { when } from './when';

/** The person's history: each change, newest first, with its source and who made it. */
export function PersonHistory({ id }: { id: number }) {
  const q = usePersonHistory(id);
  return (
    <>
      <QueryError query={q} />
      <PortalDataGrid<PeopleHistoryEntry>
        ariaLabel="History"
        rows={q.data}
        loading={q.isLoading}
        getRowId={(r) => r.id}
        emptyText="No changes yet"
        columns={[
          { key: 'at', title: 'When', value: (r) => when(r.at), sortValue: (r) => r.at, width: 170 },
          { key: 'source', title: 'Source', value: (r) => PERSON_SOURCE_LABELS[r.source], width: 110 },
          { key: 'actor', title: 'By', value: (r) => r.actor ?? '' },
          { key: 'summary', title: 'Change' },
        ]}
      />
    </>
  );
}
