import type { SupervisionGridRow } from '@domain/contract';
import { projects } from '@web/api/endpoints/projects';
import { api } from '@web/api/endpoint';
import { useNotifyingMutation } from '@web/ui';
import { useApplySupervisionRow } from '../../supervision-shared/api/supervision';

/** PATCH /api/projects/{id} with pdcPriority alone (002 §7; the projects module): answers the project record. */
export const patchPdcPriority = (row: SupervisionGridRow, pdcPriority: boolean) =>
  api(projects.update, { params: { id: row.idProject }, body: { pdcPriority }, version: row.version });

/**
 * PDC Supervision's editable priority: 'Saved' / 'Something went wrong' (002 §8); the answer's pdcPriority and
 * version go into the cached row, and the counters are read again.
 */
export function usePatchPdcPriority() {
  const apply = useApplySupervisionRow();
  return useNotifyingMutation({
    mutationFn: ({ row, pdcPriority }: { row: SupervisionGridRow; pdcPriority: boolean }) =>
      patchPdcPriority(row, pdcPriority),
    success: 'Saved',
    error: 'Something went wrong',
    onSuccess: (answer, { row, pdcPriority }) =>
      apply(row.idProject, {
        pdcPriority: typeof answer?.pdcPriority === 'boolean' ? answer.pdcPriority : pdcPriority,
        ...(typeof answer?.version === 'number' ? { version: answer.version } : {}),
      }),
  });
}
