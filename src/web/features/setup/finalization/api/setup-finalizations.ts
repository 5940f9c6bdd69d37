import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  SetupFinalizationCreate,
  SetupFinalizationRecord,
  SetupFinalizationUpdate,
} from '@domain/contract';
import { setupFinalization } from '@web/api/endpoints/setup-finalization';
import { api } from '@web/api/endpoint';
import { removeById, upsertById } from '@web/api/cache';

export type { SetupFinalizationRecord };

export const setupFinalizationKeys = {
  list: (projectId: number) => ['setup-finalization', projectId] as const,
};

/** GET /api/project-setup-finalizations/project/{id}. */
export const setupFinalizationsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: setupFinalizationKeys.list(projectId),
    queryFn: () => api(setupFinalization.list, { params: { id: projectId } }),
    enabled: Number.isInteger(projectId) && projectId > 0,
  });
export const useSetupFinalizations = (projectId: number) =>
  useQuery(setupFinalizationsQueryOptions(projectId));

/** The navigation tree's prefetch of /project/{id}/setup/finalization. */
export const prefetchSetupFinalizations = (client: QueryClient, params: Record<string, string | undefined>) =>
  void client.prefetchQuery(setupFinalizationsQueryOptions(Number(params.id)));

/** Add (the body names the project), change (the row's version as If-Match) and delete; answers go into the cache. */
export function useSetupFinalizationMutations(projectId: number) {
  const qc = useQueryClient();
  const key = setupFinalizationKeys.list(projectId);
  const put = (row: SetupFinalizationRecord) =>
    qc.setQueryData<SetupFinalizationRecord[]>(key, (list) => upsertById(list, [row]));
  const reload = () => qc.invalidateQueries({ queryKey: key });
  return {
    add: useMutation({
      mutationFn: (body: Omit<SetupFinalizationCreate, 'idProject'>) =>
        api(setupFinalization.create, { body: { ...body, idProject: projectId } }),
      onSuccess: put,
      onError: reload,
    }),
    update: useMutation({
      mutationFn: ({ id, version, body }: { id: number; version: number; body: SetupFinalizationUpdate }) =>
        api(setupFinalization.update, { params: { id }, body, version }),
      onSuccess: put,
      onError: reload,
    }),
    remove: useMutation({
      mutationFn: (row: SetupFinalizationRecord) => api(setupFinalization.remove, { params: { id: row.id } }),
      onSuccess: (_answer, row) =>
        qc.setQueryData<SetupFinalizationRecord[]>(key, (list) => removeById(list, row.id)),
      onError: reload,
    }),
  };
}
