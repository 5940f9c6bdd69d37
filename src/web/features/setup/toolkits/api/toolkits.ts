import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toolkits } from '@web/api/endpoints/toolkits';
import { api } from '@web/api/endpoint';
import { master } from '@web/api/endpoints/master';
import { queryOf, queryById } from '@web/api/entity-query';
import { removeById, upsertById } from '@web/api/cache';

import type { MasterToolkit, ProjectToolkitRow } from '@domain/contract';
import { toolkitKeys } from './keys';

export type { MasterToolkit, ProjectToolkitRow };

const projectToolkitsQuery = queryById(toolkits.list, toolkitKeys.list);
export const projectToolkitsQueryOptions = projectToolkitsQuery.options;
export const useProjectToolkits = projectToolkitsQuery.useById;

const toolkitPermissionsQuery = queryById(toolkits.permissions, toolkitKeys.permissions);
export const useToolkitPermissions = toolkitPermissionsQuery.useById;

const masterToolkitsQuery = queryOf(master.toolkits, toolkitKeys.master(), { staleTime: 10 * 60_000 });
export const useMasterToolkits = masterToolkitsQuery.useList;

/** Every toolkit mutation reloads the grid afterwards ("After any dialog closes the grid reloads"). */
export function useToolkitMutations(projectId: number) {
  const qc = useQueryClient();
  const listKey = toolkitKeys.list(projectId);
  const id = projectId;
  // each answer goes into the cached list; a failure reloads it (someone else may have changed it)
  const reload = () => qc.invalidateQueries({ queryKey: toolkitKeys.all(projectId) });
  const put = (row: ProjectToolkitRow | undefined) =>
    row && typeof row.id === 'number'
      ? qc.setQueryData<ProjectToolkitRow[]>(listKey, (list) => upsertById(list, [row]))
      : reload();
  return {
    add: useMutation({
      mutationFn: (b: { idToolkit: number; idStatus: number }) =>
        api(toolkits.create, { params: { id }, body: b }),
      onSuccess: put,
      onError: reload,
    }),
    update: useMutation({
      mutationFn: (r: ProjectToolkitRow) =>
        api(toolkits.update, {
          params: { id, toolkitId: r.id },
          body: { id: r.id, idToolkit: r.idToolkit, idStatus: r.idStatus },
          version: r.version,
        }),
      onSuccess: put,
      onError: reload,
    }),
    remove: useMutation({
      mutationFn: (r: ProjectToolkitRow) => api(toolkits.remove, { params: { id, toolkitId: r.id } }),
      onSuccess: (_answer, r) =>
        qc.setQueryData<ProjectToolkitRow[]>(listKey, (list) => removeById(list, r.id)),
      onError: reload,
    }),
    change: useMutation({
      mutationFn: (v: { id: number; statusId: number }) =>
        api(toolkits.change, { params: { id, toolkitId: v.id, statusId: v.statusId } }),
      onSuccess: put,
      onError: reload,
    }),
    changeAll: useMutation({
      mutationFn: (statusId: number) => api(toolkits.changeAll, { params: { id, statusId } }),
      // the answer is the project's list as it is now
      onSuccess: (rows) => (Array.isArray(rows) ? qc.setQueryData(listKey, rows) : reload()),
      onError: reload,
    }),
  };
}
