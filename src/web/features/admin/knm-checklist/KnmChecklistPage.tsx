import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { ADMIN_SCREEN_SCOPES, hasAnyScope } from '@domain/rules';
import { useSession } from '@web/api/session-context';
import { QueryGrid } from '@web/ui';
import { AdminScreen } from '../AdminScreen';
import { useKnmChecklist, type KnmChecklistRow } from './api/knm-checklist';
import { EditChecklistDialog } from './EditChecklistDialog';

/**
 * KNM Project Check List (spec 002 §2.10): the projects in Closure or Closed (Project Code, Client; search and
 * header filter); the edit action opens 'Edit Checklist'. Admin and KNW (ADMIN_SCREEN_SCOPES.knm).
 */
export default function KnmChecklistPage() {
  const { user } = useSession();
  const allowed = hasAnyScope(user, ADMIN_SCREEN_SCOPES.knm);
  const q = useKnmChecklist({ enabled: allowed });
  const [editing, setEditing] = useState<KnmChecklistRow | null>(null);
  return (
    <AdminScreen title="KNM Project Check List">
      <QueryGrid<KnmChecklistRow>
        query={q}
        ariaLabel="Project check list"
        rows={allowed ? q.data : []}
        getRowId={(r) => r.idProject}
        search
        searchPlaceholder="Search"
        virtualized
        height={560}
        defaultSort={{ key: 'projectCode', direction: 'asc' }}
        columns={[
          { key: 'projectCode', title: 'Project Code' },
          { key: 'clientName', title: 'Client', value: (r) => r.clientName ?? '' },
        ]}
        rowActions={(r) => (
          <Button
            size="small"
            appearance="subtle"
            icon={<EditRegular />}
            aria-label={`Edit checklist of ${r.projectCode}`}
            onClick={() => setEditing(r)}
          />
        )}
      />
      {editing ? <EditChecklistDialog row={editing} onClose={() => setEditing(null)} /> : null}
    </AdminScreen>
  );
}
