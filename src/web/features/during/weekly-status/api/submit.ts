import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WeeklyStatus } from '@domain/contract';
import { weeklyStatus as E } from '@web/api/endpoints/weekly-status';
import { api } from '@web/api/endpoint';
import { putWeeklyStatus, wsKeys } from './keys';

/**
 * POST /api/weekly-status/{id}/submit (multipart, field `file`; none on the template path) → the weekly status,
 * now sent (types 1, 2) or completed (type 3).
 */
export function submitWeeklyStatus(ws: WeeklyStatus, file: File | null) {
  const body = new FormData();
  if (file) body.append('file', file, file.name);
  return api(E.submit, { params: { id: ws.id }, body, version: ws.version });
}

export function useSubmitWeeklyStatus(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ws, file }: { ws: WeeklyStatus; file: File | null }) => submitWeeklyStatus(ws, file),
    onSuccess: (ws) => {
      putWeeklyStatus(qc, projectId, ws);
      // the recipients' signedCode / isSigned change with the send
      void qc.invalidateQueries({ queryKey: wsKeys.recipients(ws.id) });
    },
  });
}
