import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { hasAnyScope, ADMIN_SCREEN_SCOPES } from '@domain/rules';
import { useSession } from '@web/api/session-context';
import { AdminScreen } from '../AdminScreen';
import type { SupervisionGridRow } from '../supervision-shared/api';
import { OpenProjectButton, supervisionColumns } from '../supervision-shared/columns';
import { useSupervisionFilters } from '../supervision-shared/filters';
import { SupervisionPanel } from '../supervision-shared/SupervisionPanel';
import { usePatchPriority } from './api/priority';
import { WeeklyEditDialog } from './WeeklyEditDialog';

/**
 * Weekly Supervision (spec 002 §2.9): counters, the projects loaded 100 at a time as the grid scrolls (search
 * and header filters on the server), Export Excel, Open Project (the Dashboard Archive in a new window) and —
 * for ADMIN_SCREEN_SCOPES.supervisionEdit holders — Edit.
 */
export default function WeeklySupervisionPage() {
  const f = useSupervisionFilters();
  const { user } = useSession();
  const canEdit = hasAnyScope(user, ADMIN_SCREEN_SCOPES.supervisionEdit);
  const [editing, setEditing] = useState<SupervisionGridRow | null>(null);
  const save = usePatchPriority();
  const columns = supervisionColumns(f)([
    'projectCode',
    'projectName',
    'clientName',
    'statusName',
    'priority',
    'internal',
    'coManagementName',
    'duringTypeName',
    'onePageSubmitted',
    'onePageProblemLevel',
    'environmentStatus',
  ]);
  return (
    <AdminScreen title="Weekly Supervision">
      <SupervisionPanel
        kind="weekly"
        ariaLabel="Weekly supervision"
        filters={f}
        columns={columns}
        rowActions={(r) => (
          <>
            {canEdit ? (
              <Button
                size="small"
                appearance="subtle"
                icon={<EditRegular />}
                aria-label={`Edit ${r.projectCode}`}
                title="Edit"
                onClick={() => setEditing(r)}
              />
            ) : null}
            <OpenProjectButton row={r} path={`/project/${r.idProject}/during/dashboard-archive`} />
          </>
        )}
      />
      {editing ? (
        <WeeklyEditDialog
          row={editing}
          onSave={(body) => save.mutateAsync({ row: editing, body })}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </AdminScreen>
  );
}
