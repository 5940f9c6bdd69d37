import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectIdOne } from '@domain/contract';
import { idone } from '@web/api/endpoints/idone';
import { api } from '@web/api/endpoint';
import { removeById, upsertById } from '@web/api/cache';
import { projectKeys } from './keys';

const key = (projectId: number) => [...projectKeys.detail(projectId), 'id-ones'] as const;
export const idOnesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: key(projectId),
    queryFn: () => api(idone.list, { params: { id: projectId } }),
  });
export const useIdOnes = (projectId: number, enabled: boolean) =>
  useQuery({ ...idOnesQueryOptions(projectId), enabled });

const body = (r: ProjectIdOne, projectId: number) => ({
  idProject: projectId,
  idResponsibleDefinition: r.idResponsibleDefinition ?? null,
  numberProfile: Number(r.numberProfile ?? 0),
  additionalProfiles: Number(r.additionalProfiles ?? 0),
  clientNameDefined: !!r.clientNameDefined,
});

/** ID One writes: the answer goes into the cached list (a failure reloads it). */
export function useIdOneMutations(projectId: number) {
  const qc = useQueryClient();
  const listKey = key(projectId);
  const reload = () => qc.invalidateQueries({ queryKey: listKey });
  const put = (row: ProjectIdOne | undefined) =>
    row && typeof row.id === 'number'
      ? qc.setQueryData<ProjectIdOne[]>(listKey, (list) => upsertById(list, [row]))
      : reload();
  return {
    create: useMutation({
      mutationFn: (r: ProjectIdOne) => api(idone.create, { body: body(r, projectId) }),
      onSuccess: put,
      onError: reload,
    }),
    update: useMutation({
      mutationFn: (r: ProjectIdOne) =>
        api(idone.update, { params: { id: r.id }, body: body(r, projectId), version: r.version }),
      onSuccess: put,
      onError: reload,
    }),
    remove: useMutation({
      mutationFn: (r: ProjectIdOne) => api(idone.remove, { params: { id: r.id } }),
      onSuccess: (_answer, r) => qc.setQueryData<ProjectIdOne[]>(listKey, (list) => removeById(list, r.id)),
      onError: reload,
    }),
  };
}
