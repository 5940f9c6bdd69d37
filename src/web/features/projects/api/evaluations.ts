import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectEvaluation } from '@domain/contract';
import { evaluations } from '@web/api/endpoints/evaluations';
import { api } from '@web/api/endpoint';
import { removeById, upsertById } from '@web/api/cache';
import { projectKeys } from './keys';

export const evaluationKeys = {
  list: (projectId: number) => [...projectKeys.detail(projectId), 'evaluations'] as const,
};

export const evaluationsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: evaluationKeys.list(projectId),
    queryFn: () => api(evaluations.list, { params: { id: projectId } }),
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

/**
 * Evaluation writes: the answer goes into the cached list (a failure reloads it); the project's KPIs
 * (Evaluation Management fulfilled) reload after every write.
 */
export function useEvaluationMutations(projectId: number) {
  const qc = useQueryClient();
  const listKey = evaluationKeys.list(projectId);
  const reload = () => qc.invalidateQueries({ queryKey: listKey });
  const kpis = () => qc.invalidateQueries({ queryKey: projectKeys.kpis(projectId) });
  const put = (row: ProjectEvaluation | undefined) =>
    row && typeof row.id === 'number'
      ? qc.setQueryData<ProjectEvaluation[]>(listKey, (list) => upsertById(list, [row]))
      : reload();
  return {
    create: useMutation({
      mutationFn: (e: ProjectEvaluation) =>
        api(evaluations.create, { params: { id: projectId }, body: body(e) }),
      onSuccess: put,
      onError: reload,
      onSettled: kpis,
    }),
    update: useMutation({
      mutationFn: (e: ProjectEvaluation) =>
        api(evaluations.update, { params: { id: e.id }, body: body(e), version: e.version }),
      onSuccess: put,
      onError: reload,
      onSettled: kpis,
    }),
    remove: useMutation({
      mutationFn: (e: ProjectEvaluation) => api(evaluations.remove, { params: { id: e.id } }),
      onSuccess: (_answer, e) =>
        qc.setQueryData<ProjectEvaluation[]>(listKey, (list) => removeById(list, e.id)),
      onError: reload,
      onSettled: kpis,
    }),
  };
}
