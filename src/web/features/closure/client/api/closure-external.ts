import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ClosureExternal, ClosureExternalPatch } from '@domain/contract';
import { closureExternal } from '@web/api/endpoints/closure-external';
import { ApiError } from '@web/api/client';
import { api } from '@web/api/endpoint';
import { queryById } from '@web/api/entity-query';
import { useNotifyingMutation } from '@web/ui/mutation';
import { closureClientKeys } from './keys';

export type { ClosureExternal };

/**
 * GET api/project-closure-external/project/{id}: the closure record (signature state, legal document, four items);
 * `prefetchClosureClient` is the navigation tree's prefetch of /project/{id}/closure/client.
 */
const record = queryById(closureExternal.get, closureClientKeys.record);
export const useClosureExternal = record.useById;
export const prefetchClosureClient = record.prefetch;

/** One field of ClosureExternalPatch. */
export type ClosureField = keyof z.output<typeof ClosureExternalPatch>;
export interface ClosureFieldChange {
  field: ClosureField;
  value: number | boolean | null;
}

/**
 * PATCH api/project-closure-external/project/{id}: one field, the loaded version as If-Match; the answer goes
 * into the cache. "Saved" / "Something went wrong" (002 §8); a stale version (412) takes the server's record.
 */
export function usePatchClosureExternal(projectId: number) {
  const qc = useQueryClient();
  const key = closureClientKeys.record(projectId);
  return useNotifyingMutation({
    mutationFn: ({ field, value }: ClosureFieldChange) =>
      api(closureExternal.update, {
        params: { id: projectId },
        body: { [field]: value },
        version: qc.getQueryData<ClosureExternal>(key)?.version,
      }),
    // one at a time: each PATCH reads the version the previous one answered
    scope: { id: `closure-external-${projectId}` },
    success: 'Saved',
    error: 'Something went wrong',
    onSuccess: (record) => qc.setQueryData(key, record),
    onError: (e) => {
      const current = e instanceof ApiError ? (e.current as ClosureExternal | undefined) : undefined;
      if (current) qc.setQueryData(key, current);
      else void qc.invalidateQueries({ queryKey: key });
    },
  });
}
