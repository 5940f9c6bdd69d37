import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ClosureInternalPatch, ClosureInternalRecord } from '@domain/contract';
import { closureInternal } from '@web/api/endpoints/closure-internal';
import { ApiError } from '@web/api/client';
import { api } from '@web/api/endpoint';
import { queryById } from '@web/api/entity-query';
import { useNotifyingMutation } from '@web/ui/mutation';
import { closureInternalKeys } from './keys';

/** The record as the server answers it: every reference topic and its version (ETag / If-Match). */
export type ClosureInternal = ClosureInternalRecord;

/** GET /api/project-closure-internal/project/{id}: the four checklists, the attachments and the close-out form. */
const record = queryById(closureInternal.get, closureInternalKeys.record);
export const useClosureInternal = record.useById;
/** The navigation tree's prefetch of /project/{id}/closure/internal. */
export const prefetchClosureInternal = record.prefetch;

/** The checklist fields of ClosureInternalPatch (a person responsible or a status). */
export type ChecklistField = keyof z.output<typeof ClosureInternalPatch>;
export interface ChecklistChange {
  field: ChecklistField;
  value: number | boolean | null;
}

/**
 * PATCH /api/project-closure-internal/project/{id}: one checklist field with the loaded version as If-Match; the
 * answer goes into the cache. 'Saved' / 'Something went wrong' (002 §8); a stale version (412) takes the
 * server's record.
 */
export function usePatchChecklist(projectId: number) {
  const qc = useQueryClient();
  const key = closureInternalKeys.record(projectId);
  return useNotifyingMutation({
    mutationFn: ({ field, value }: ChecklistChange) =>
      api(closureInternal.update, {
        params: { id: projectId },
        body: { [field]: value },
        version: qc.getQueryData<ClosureInternal>(key)?.version,
      }),
    scope: { id: `closure-internal-${projectId}` },
    success: 'Saved',
    error: 'Something went wrong',
    onSuccess: (record) => qc.setQueryData(key, record),
    onError: (e) => {
      const current = e instanceof ApiError ? (e.current as ClosureInternal | undefined) : undefined;
      if (current) qc.setQueryData(key, current);
      else void qc.invalidateQueries({ queryKey: key });
    },
  });
}
