import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@web/api/client';

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
  const reload = () => qc.invalidateQueries({ queryKey: toolkitKeys.all(projectId) });
  const base = `/api/project/${projectId}/toolkits`;
  return {
    add: useMutation({
      mutationFn: (b: { idToolkit: number; idStatus: number }) => apiSend('POST', base, b),
      onSettled: reload,
    }),
    update: useMutation({
      mutationFn: (r: ProjectToolkitRow) =>
        apiSend(
          'PUT',
          `${base}/${r.id}`,
          { id: r.id, idToolkit: r.idToolkit, idStatus: r.idStatus },
          'portal',
          { version: r.version },
        ),
      onSettled: reload,
    }),
    remove: useMutation({
      mutationFn: (r: ProjectToolkitRow) => apiSend('DELETE', `${base}/${r.id}`),
      onSettled: reload,
    }),
    change: useMutation({
      mutationFn: (v: { id: number; statusId: number }) =>
        apiSend('PUT', `${base}/${v.id}/change/${v.statusId}`),
      onSettled: reload,
    }),
    changeAll: useMutation({
      mutationFn: (statusId: number) => apiSend('PUT', `${base}/change-all/${statusId}`),
      onSettled: reload,
    }),
  };
}
