import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StatusHistoryEntry } from '@domain/contract';
import { projects } from '@web/api/endpoints/projects';
import { api } from '@web/api/endpoint';
import { applyStatusChange } from '@web/api/projects';
import { projectKeys } from './keys';

/** The KPIs live with the shared project queries. */
export { kpisQueryOptions, useKpis } from '@web/api/project';

export type { StatusHistoryEntry };
export const statusHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...projectKeys.detail(id), 'status-history'],
    queryFn: () => api(projects.statusHistory, { params: { id } }),
  });
export const useStatusHistory = (id: number, enabled: boolean) =>
  useQuery({ ...statusHistoryQueryOptions(id), enabled });

/**
 * PUT /api/projects/{id}/status. The answer goes into the cached list row (the 1.9 MB list is not reloaded);
 * only that project's own queries (detail, KPIs, status history) reload.
 */
export function useChangeStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idStatus }: { id: number; idStatus: number }) =>
      api(projects.changeStatus, { params: { id }, body: { idStatus } }),
    onSuccess: (result, { id, idStatus }) => applyStatusChange(qc, result ?? { id, idStatus }),
    onSettled: (_r, _e, { id }) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: projectKeys.detail(id) }),
        qc.invalidateQueries({ queryKey: projectKeys.kpis(id) }),
      ]),
  });
}

/**
 * PATCH /api/projects/{id}/training-development with one field. `version` (the record's, from the autosave
 * hook) goes as If-Match: a change by someone else meanwhile fails with 412 (ApiError.current = their
 * record) instead of being overwritten. Resolves to the saved record; its version is the next If-Match.
 */
export function usePatchTrainingDevelopment(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      body,
      version,
      keepalive,
    }: {
      body: { tdOportunity: boolean | null } | { text: string | null };
      version?: number | null;
      keepalive?: boolean;
    }) => api(projects.trainingDevelopment, { params: { id }, body, version, keepalive }),
    onSettled: () => qc.invalidateQueries({ queryKey: projectKeys.detail(id) }),
  });
}
