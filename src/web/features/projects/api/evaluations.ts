import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectEvaluation } from '@domain/contract';
import { apiGet, apiSend } from '@web/api/client';
import { projectKeys } from './keys';

export const evaluationKeys = {
  list: (projectId: number) => [...projectKeys.detail(projectId), 'evaluations'] as const,
};

export const evaluationsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: evaluationKeys.list(projectId),
    queryFn: () => apiGet<ProjectEvaluation[]>(`/api/project-evaluations/project/${projectId}`),
  });
export const useEvaluations = (projectId: number) => useQuery(evaluationsQueryOptions(projectId));

const body = (e: ProjectEvaluation) => ({
  idProfessional: e.idProfessional,
  idEvaluator: e.idEvaluator,
  idValidator: e.idValidator,
  idPartner: e.idPartner,
  isEligible: e.isEligible,
  idCycle: e.cycle?.id,
});

export function useEvaluationMutations(projectId: number) {
  const qc = useQueryClient();
  const reload = () => qc.invalidateQueries({ queryKey: [...projectKeys.detail(projectId)] });
  return {
    create: useMutation({
      mutationFn: (e: ProjectEvaluation) =>
        apiSend('POST', `/api/project-evaluations/project/${projectId}`, body(e)),
      onSettled: reload,
    }),
    update: useMutation({
      mutationFn: (e: ProjectEvaluation) =>
        apiSend('PUT', `/api/project-evaluations/${e.id}`, body(e), 'portal', { version: e.version }),
      onSettled: reload,
    }),
    remove: useMutation({
      mutationFn: (e: ProjectEvaluation) => apiSend('DELETE', `/api/project-evaluations/${e.id}`),
      onSettled: reload,
    }),
  };
}
