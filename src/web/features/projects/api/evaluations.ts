import { useQueryClient } from '@tanstack/react-query';
import type { ProjectEvaluation } from '@domain/contract';
import { evaluations } from '@web/api/endpoints/evaluations';
import { api } from '@web/api/endpoint';
import { queryById } from '@web/api/entity-query';
import { useListMutations } from '@web/api/cache';
import { projectKeys } from '@web/api/keys';
import { projectScreenKeys } from './keys';

const evaluationsQuery = queryById(evaluations.list, projectScreenKeys.evaluations);
export const useEvaluations = evaluationsQuery.useById;

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
  return useListMutations(projectScreenKeys.evaluations(projectId), {
    add: (e: ProjectEvaluation) => api(evaluations.create, { params: { id: projectId }, body: body(e) }),
    update: (e: ProjectEvaluation) =>
      api(evaluations.update, { params: { id: e.id }, body: body(e), version: e.version }),
    remove: (e: ProjectEvaluation) => api(evaluations.remove, { params: { id: e.id } }),
    settled: () => qc.invalidateQueries({ queryKey: projectKeys.kpis(projectId) }),
  });
}
