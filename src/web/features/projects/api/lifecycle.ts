import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StatusHistoryEntry } from '@domain/contract';
import { projects } from '@web/api/endpoints/projects';
import { api, type VersionedWrite } from '@web/api/endpoint';
import { queryById } from '@web/api/entity-query';
import { applyStatusChange } from '@web/api/projects';
import { projectKeys } from '@web/api/keys';
import { projectScreenKeys } from './keys';

/** The KPIs live with the shared project queries. */
export { kpisQueryOptions, useKpis } from '@web/api/project';

export type { StatusHistoryEntry };
const statusHistoryQuery = queryById(projects.statusHistory, projectScreenKeys.statusHistory);
export const useStatusHistory = statusHistoryQuery.useById;

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
    mutationFn: (write: VersionedWrite<{ tdOportunity: boolean | null } | { text: string | null }>) =>
      api(projects.trainingDevelopment, { params: { id }, ...write }),
    onSettled: () => qc.invalidateQueries({ queryKey: projectKeys.detail(id) }),
  });
}
