import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@web/api/client';
import { removeById, upsertById } from '@web/api/cache';

import type { MasterToolkit, ProjectToolkitRow, ToolkitPermissions } from '@domain/contract';

export type { MasterToolkit, ProjectToolkitRow };

export const toolkitKeys = {
  all: (projectId: number) => ['toolkits', projectId] as const,
  list: (projectId: number) => [...toolkitKeys.all(projectId), 'list'] as const,
  permissions: (projectId: number) => [...toolkitKeys.all(projectId), 'permissions'] as const,
  master: () => ['master', 'toolkits'] as const,
};

export const projectToolkitsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: toolkitKeys.list(projectId),
    queryFn: () => apiGet<ProjectToolkitRow[]>(`/api/project/${projectId}/toolkits`),
  });
export const useProjectToolkits = (projectId: number) => useQuery(projectToolkitsQueryOptions(projectId));

export const toolkitPermissionsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: toolkitKeys.permissions(projectId),
    queryFn: () => apiGet<ToolkitPermissions>(`/api/project/${projectId}/toolkits/permissions`),
  });
export const useToolkitPermissions = (projectId: number) =>
  useQuery(toolkitPermissionsQueryOptions(projectId));

export const masterToolkitsQueryOptions = () =>
  queryOptions({
    queryKey: toolkitKeys.master(),
    queryFn: () => apiGet<MasterToolkit[]>('/master/toolkits', 'integration'),
    staleTime: 10 * 60_000,
  });
export const useMasterToolkits = () => useQuery(masterToolkitsQueryOptions());

/** Every toolkit mutation reloads the grid afterwards ("After any dialog closes the grid reloads"). */
export function useToolkitMutations(projectId: number) {
  const qc = useQueryClient();
  const listKey = toolkitKeys.list(projectId);
  const base = `/api/project/${projectId}/toolkits`;
  // each answer goes into the cached list; a failure reloads it (someone else may have changed it)
  const reload = () => qc.invalidateQueries({ queryKey: toolkitKeys.all(projectId) });
  const put = (row: ProjectToolkitRow | undefined) =>
    row && typeof row.id === 'number'
      ? qc.setQueryData<ProjectToolkitRow[]>(listKey, (list) => upsertById(list, [row]))
      : reload();
  return {
    add: useMutation({
      mutationFn: (b: { idToolkit: number; idStatus: number }) => apiSend<ProjectToolkitRow>('POST', base, b),
      onSuccess: put,
      onError: reload,
    }),
    update: useMutation({
      mutationFn: (r: ProjectToolkitRow) =>
        apiSend<ProjectToolkitRow>(
          'PUT',
          `${base}/${r.id}`,
          { id: r.id, idToolkit: r.idToolkit, idStatus: r.idStatus },
          'portal',
          { version: r.version },
        ),
      onSuccess: put,
      onError: reload,
    }),
    remove: useMutation({
      mutationFn: (r: ProjectToolkitRow) => apiSend('DELETE', `${base}/${r.id}`),
      onSuccess: (_answer, r) =>
        qc.setQueryData<ProjectToolkitRow[]>(listKey, (list) => removeById(list, r.id)),
      onError: reload,
    }),
    change: useMutation({
      mutationFn: (v: { id: number; statusId: number }) =>
        apiSend<ProjectToolkitRow>('PUT', `${base}/${v.id}/change/${v.statusId}`),
      onSuccess: put,
      onError: reload,
    }),
    changeAll: useMutation({
      mutationFn: (statusId: number) => apiSend<ProjectToolkitRow[]>('PUT', `${base}/change-all/${statusId}`),
      // the answer is the project's list as it is now
      onSuccess: (rows) => (Array.isArray(rows) ? qc.setQueryData(listKey, rows) : reload()),
      onError: reload,
    }),
  };
}
