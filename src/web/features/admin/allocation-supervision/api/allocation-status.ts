import type { SupervisionAllocationStatusPatch, SupervisionGridRow } from '@domain/contract';
import { supervision } from '@web/api/endpoints/supervision';
import { api } from '@web/api/endpoint';
import { useNotifyingMutation } from '@web/ui';
import { useApplySupervisionRow } from '../../supervision-shared/api/supervision';

/** PATCH /api/projects/{id}/allocation-status (002 §7) with the row's version as If-Match; answers the row. */
export const patchAllocationStatus = (row: SupervisionGridRow, body: SupervisionAllocationStatusPatch) =>
  api(supervision.allocationStatus, { params: { id: row.idProject }, body, version: row.version });

/** The Allocation Edit's save: 'Saved' / 'Something went wrong' (002 §8); the answer replaces the row. */
export function usePatchAllocationStatus() {
  const apply = useApplySupervisionRow();
  return useNotifyingMutation({
    mutationFn: ({ row, body }: { row: SupervisionGridRow; body: SupervisionAllocationStatusPatch }) =>
      patchAllocationStatus(row, body),
    success: 'Saved',
    error: 'Something went wrong',
    onSuccess: (answer) => apply(answer.idProject, answer),
  });
}
