import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { ADMIN_SCREEN_SCOPES, hasAnyScope } from '@domain/rules';
import { useSession } from '@web/api/session-context';
import { ErrorState, PortalDataGrid } from '@web/ui';
import { AdminScreen } from '../AdminScreen';
import { useClients, type Client } from './api/clients';
import { EditClientDialog } from './EditClientDialog';

/** "Energy (primary), Retail" — the grid's segments summary, primary first. */
export const segmentsSummary = (c: Client) =>
  [...(c.ClientSegments ?? [])]
    .sort((a, b) => a.SegmentLevel - b.SegmentLevel || a.Segment.Name.localeCompare(b.Segment.Name))
    .map((s) => (s.SegmentLevel === 1 ? `${s.Segment.Name} (primary)` : s.Segment.Name))
    .join(', ');

/**
 * KNM Project Client (spec 002 §2.10): the client names with a summary of their segments; edit opens 'Edit
 * Client'. 'Failed to fetch clients.' when the list fails (002 §8). Admin and KNW (ADMIN_SCREEN_SCOPES.knm).
 */
export default function KnmClientsPage() {
  const { user } = useSession();
  const allowed = hasAnyScope(user, ADMIN_SCREEN_SCOPES.knm);
  const q = useClients({ enabled: allowed });
  const [editing, setEditing] = useState<Client | null>(null);
  return (
    <AdminScreen title="KNM Project Client">
      {q.error ? <ErrorState message="Failed to fetch clients." onRetry={() => void q.refetch()} /> : null}
      <PortalDataGrid<Client>
        ariaLabel="Clients"
        rows={allowed ? q.data : []}
        loading={q.isLoading}
        getRowId={(c) => c.ID}
        search
        searchPlaceholder="Search"
        virtualized
        height={560}
        defaultSort={{ key: 'Name', direction: 'asc' }}
        columns={[
          { key: 'Name', title: 'Client' },
          { key: 'segments', title: 'Segments', value: segmentsSummary, filterable: false },
        ]}
        rowActions={(c) => (
          <Button
            size="small"
            appearance="subtle"
            icon={<EditRegular />}
            aria-label={`Edit client ${c.Name}`}
            onClick={() => setEditing(c)}
          />
        )}
      />
      {editing ? <EditClientDialog client={editing} onClose={() => setEditing(null)} /> : null}
    </AdminScreen>
  );
}
