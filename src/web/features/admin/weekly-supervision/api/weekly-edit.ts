import type { SupervisionGridRow, WeeklySupervisionPatch } from '@domain/contract';
import { supervision } from '@web/api/endpoints/supervision';
import { api } from '@web/api/endpoint';
import { useNotifyingMutation } from '@web/ui';
import { useApplySupervisionRow } from '../../supervision-shared/api/supervision';

/** PATCH /api/projects/{id}/priority (002 §7) with the row's version as If-Match; answers the updated row. */
export const patchWeeklySupervisionRow = (row: SupervisionGridRow, body: WeeklySupervisionPatch) =>
  api(supervision.weeklyEdit, { params: { id: row.idProject }, body, version: row.version });

/**
 * The Weekly Edit's save: 'Saved' / 'Something went wrong' (002 §8); the answer replaces the row and the counters
 * are read again. The error toast is the dialog's to show (it stays open with the server's message).
 */
export function usePatchWeeklySupervisionRow() {
  const apply = useApplySupervisionRow();
  return useNotifyingMutation({
    mutationFn: ({ row, body }: { row: SupervisionGridRow; body: WeeklySupervisionPatch }) =>
      patchWeeklySupervisionRow(row, body),
    success: 'Saved',
    error: 'Something went wrong',
    onSuccess: (answer) => apply(answer.idProject, answer),
  });
}
