import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectIdOne } from '@domain/contract';
import { apiGet, apiSend } from '@web/api/client';
import { projectKeys } from './keys';

const key = (projectId: number) => [...projectKeys.detail(projectId), 'id-ones'] as const;
export const idOnesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: key(projectId),
    queryFn: () => apiGet<ProjectIdOne[]>(`/api/project-id-ones/project/${projectId}`),
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

export function useIdOneMutations(projectId: number) {
  const qc = useQueryClient();
  const reload = () => qc.invalidateQueries({ queryKey: key(projectId) });
  return {
    create: useMutation({
      mutationFn: (r: ProjectIdOne) => apiSend('POST', '/api/project-id-ones', body(r, projectId)),
      onSettled: reload,
    }),
    update: useMutation({
      mutationFn: (r: ProjectIdOne) =>
        apiSend('PUT', `/api/project-id-ones/${r.id}`, body(r, projectId), 'portal', { version: r.version }),
      onSettled: reload,
    }),
    remove: useMutation({
      mutationFn: (r: ProjectIdOne) => apiSend('DELETE', `/api/project-id-ones/${r.id}`),
      onSettled: reload,
    }),
  };
}
