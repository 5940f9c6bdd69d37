import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WeeklyStatus } from '@domain/contract';
import { weeklyStatus as E } from '@web/api/endpoints/weekly-status';
import { ApiError } from '@web/api/client';
import { api } from '@web/api/endpoint';
import { putWeeklyStatus, validId, wsKeys } from './keys';

/** GET /api/weekly-status/{id}: one weekly status with its version (the dialog). */
export const weeklyStatusQueryOptions = (id: number) =>
  queryOptions({
    queryKey: wsKeys.one(id),
    queryFn: () => api(E.get, { params: { id } }),
    enabled: validId(id),
    staleTime: 0,
  });
export const useWeeklyStatus = (id: number | undefined, placeholder?: WeeklyStatus) =>
  useQuery({ ...weeklyStatusQueryOptions(id ?? 0), enabled: validId(id), placeholderData: placeholder });

/** A 412 answers the current record: keep it; anything else reloads the list. */
const onFailure = (qc: ReturnType<typeof useQueryClient>, projectId: number) => (e: unknown) => {
  if (e instanceof ApiError && e.isConflict && e.current)
    putWeeklyStatus(qc, projectId, e.current as WeeklyStatus);
  else void qc.invalidateQueries({ queryKey: wsKeys.list(projectId) });
};

/**
 * PUT /api/weekly-status/{id} (If-Match): the client submission date, or `isSubmitted: false` — the list's Undo
 * Submit (only a declined signature goes back to work, rules/signatures.ts).
 */
export function useUpdateWeeklyStatus(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      ws,
      body,
    }: {
      ws: WeeklyStatus;
      body: { clientSubmissionDate?: string | null; isSubmitted?: false };
    }) => api(E.update, { params: { id: ws.id }, body, version: ws.version }),
    onSuccess: (ws) => putWeeklyStatus(qc, projectId, ws),
    onError: onFailure(qc, projectId),
  });
}

/** DELETE /api/weekly-status/{id} (If-Match): the record stays as 'deleted' (001 §4 "delete is allowed unless draft"). */
export function useDeleteWeeklyStatus(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ws: WeeklyStatus) => api(E.remove, { params: { id: ws.id }, version: ws.version }),
    onSuccess: (_answer, ws) => {
      // the server keeps the row as signedStatus 'deleted': show it so, then reload the truth
      const deleted = { ...ws, signedStatus: 'deleted' as const };
      putWeeklyStatus(qc, projectId, deleted);
      void qc.invalidateQueries({ queryKey: wsKeys.list(projectId) });
    },
    onError: onFailure(qc, projectId),
  });
}
