import { useQueryClient } from '@tanstack/react-query';
import type { ClosureChecklist, ClosureChecklistRecord, KnmChecklistRow } from '@domain/contract';
import { closureCheck } from '@web/api/endpoints/closure-check';
import { ApiError } from '@web/api/client';
import { api } from '@web/api/endpoint';
import { queryById } from '@web/api/entity-query';
import { useNotifyingMutation } from '@web/ui/mutation';
import { knmChecklistKeys } from './keys';

export type { ClosureChecklist, ClosureChecklistRecord };

/** GET /api/project-closure-check/project/{id}: the project's checklist (the defaults when it has none). */
const closureCheckQuery = queryById(closureCheck.get, knmChecklistKeys.record);
export const useClosureCheck = closureCheckQuery.useById;

/**
 * PUT /api/project-closure-check/project/{id}: the whole checklist with the loaded version as If-Match; the answer
 * goes into the cache and marks the grid's row. 'Saved' / 'Something went wrong...' (002 §8); on 412 the
 * server's record replaces the loaded one.
 */
export function useSaveClosureCheck(projectId: number) {
  const qc = useQueryClient();
  const key = knmChecklistKeys.record(projectId);
  return useNotifyingMutation({
    mutationFn: (values: ClosureChecklist) =>
      api(closureCheck.put, {
        params: { id: projectId },
        body: values,
        version: qc.getQueryData<ClosureChecklistRecord>(key)?.version,
      }),
    success: 'Saved',
    error: 'Something went wrong...',
    onSuccess: (record) => {
      qc.setQueryData(key, record);
      qc.setQueryData<KnmChecklistRow[]>(knmChecklistKeys.list(), (rows) =>
        rows?.map((r) => (r.idProject === projectId ? { ...r, hasChecklist: true } : r)),
      );
    },
    onError: (e) => {
      const current = e instanceof ApiError ? (e.current as ClosureChecklistRecord | undefined) : undefined;
      if (current) qc.setQueryData(key, current);
    },
  });
}
