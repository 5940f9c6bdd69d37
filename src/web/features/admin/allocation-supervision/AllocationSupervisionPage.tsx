import { z } from 'zod';
import { ALLOCATION_STATUS } from '@domain/constants';
import { paths } from '@web/app/navigation';
import { FormDialogView } from '@web/ui/form';
import { SupervisionScreen } from '../supervision-shared/SupervisionScreen';
import { usePatchAllocationStatus } from './api/allocation-status';

const STATUSES = Object.entries(ALLOCATION_STATUS).map(([v, label]) => ({ value: Number(v), label }));
const schema = z.object({ idAllocationStatus: z.number().int().min(0).max(6) });

/**
 * Allocation Supervision (spec 002 §2.9): counters, the projects loaded 100 at a time as the grid scrolls, Export
 * Excel, Open Project (the project's home in a new window) and — for ADMIN_SCREEN_SCOPES.supervisionEdit holders —
 * Edit, which sets the allocation status (0–6, §4).
 */
export default function AllocationSupervisionPage() {
  const save = usePatchAllocationStatus();
  return (
    <SupervisionScreen
      kind="allocation"
      openPath={(r) => paths.project.home(r.idProject)}
      editDialog={(row, close) => (
        <FormDialogView<{ idAllocationStatus: number }>
          title={`Edit ${row.projectCode}`}
          fields={[
            { key: 'idAllocationStatus', label: 'Allocation Status', type: 'select', options: STATUSES },
          ]}
          schema={schema}
          initial={{ idAllocationStatus: row.idAllocationStatus }}
          onCancel={close}
          onSave={async (v) => {
            await save.mutateAsync({ row, body: { idAllocationStatus: v.idAllocationStatus } });
            close();
          }}
        />
      )}
    />
  );
}
