import { useState } from 'react';
import { z } from 'zod';
import { Button } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { ALLOCATION_STATUS } from '@domain/constants';
import { hasAnyScope, ADMIN_SCREEN_SCOPES } from '@domain/rules';
import { useSession } from '@web/api/session-context';
import { FormDialogView } from '@web/ui/form';
import { AdminScreen } from '../AdminScreen';
import type { SupervisionGridRow } from '../supervision-shared/api';
import { OpenProjectButton, supervisionColumns } from '../supervision-shared/columns';
import { useSupervisionFilters } from '../supervision-shared/filters';
import { SupervisionPanel } from '../supervision-shared/SupervisionPanel';
import { usePatchAllocationStatus } from './api/allocation-status';

const STATUSES = Object.entries(ALLOCATION_STATUS).map(([v, label]) => ({ value: Number(v), label }));
const schema = z.object({ idAllocationStatus: z.number().int().min(0).max(6) });

/**
 * Allocation Supervision (spec 002 §2.9): counters, the projects loaded 100 at a time as the grid scrolls, Export
 * Excel, Open Project (the project's home in a new window) and — for ADMIN_SCREEN_SCOPES.supervisionEdit holders —
 * Edit, which sets the allocation status (0–6, §4).
 */
export default function AllocationSupervisionPage() {
  const f = useSupervisionFilters();
  const { user } = useSession();
  const canEdit = hasAnyScope(user, ADMIN_SCREEN_SCOPES.supervisionEdit);
  const [editing, setEditing] = useState<SupervisionGridRow | null>(null);
  const save = usePatchAllocationStatus();
  const columns = supervisionColumns(f)([
    'projectCode',
    'projectName',
    'clientName',
    'statusName',
    'practiceName',
    'onePageSubmitted',
    'duringTypeName',
    'hasAllocation',
    'hasGovernanceAction',
    'allocationStatusName',
    'environmentStatus',
  ]);
  return (
    <AdminScreen title="Allocation Supervision">
      <SupervisionPanel
        kind="allocation"
        ariaLabel="Allocation supervision"
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
            <OpenProjectButton row={r} path={`/project/${r.idProject}/home`} />
          </>
        )}
      />
      {editing ? (
        <FormDialogView<{ idAllocationStatus: number }>
          title={`Edit ${editing.projectCode}`}
          fields={[
            { key: 'idAllocationStatus', label: 'Allocation Status', type: 'select', options: STATUSES },
          ]}
          schema={schema}
          initial={{ idAllocationStatus: editing.idAllocationStatus }}
          onCancel={() => setEditing(null)}
          onSave={async (v) => {
            await save.mutateAsync({ row: editing, body: { idAllocationStatus: v.idAllocationStatus } });
            setEditing(null);
          }}
        />
      ) : null}
    </AdminScreen>
  );
}
