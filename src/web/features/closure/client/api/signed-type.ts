import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClosureExternal } from '@domain/contract';
import type { SignedTypeValue } from '@domain/rules';
import { closureExternal } from '@web/api/endpoints/closure-external';
import { api } from '@web/api/endpoint';
import { closureClientKeys } from './keys';

/**
 * PATCH api/project-closure-external/project/{projectId}/signed-type {signedType}: the path chosen in step 1 of
 * the Upload Legal Document wizard (002 §2.4); the answered record goes into the cache.
 */
export function useSetSignedType(projectId: number) {
  const qc = useQueryClient();
  const key = closureClientKeys.record(projectId);
  return useMutation({
    scope: { id: `closure-external-${projectId}` },
    mutationFn: (signedType: SignedTypeValue) =>
      api(closureExternal.setSignedType, {
        params: { projectId },
        body: { signedType },
        version: qc.getQueryData<ClosureExternal>(key)?.version,
      }),
    onSuccess: (record) => {
      if (record && typeof record === 'object') qc.setQueryData(key, record);
      else void qc.invalidateQueries({ queryKey: key });
    },
    onError: () => qc.invalidateQueries({ queryKey: key }),
  });
}
