import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClosureExternal } from '@domain/contract';
import type { SignedTypeValue } from '@domain/rules';
import { apiSend } from '@web/api/client';
import { closureClientKeys, closurePath } from './keys';

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
      apiSend<ClosureExternal>('PATCH', `${closurePath(projectId)}/signed-type`, { signedType }, 'portal', {
        version: qc.getQueryData<ClosureExternal>(key)?.version,
      }),
    onSuccess: (record) => {
      if (record && typeof record === 'object') qc.setQueryData(key, record);
      else void qc.invalidateQueries({ queryKey: key });
    },
    onError: () => qc.invalidateQueries({ queryKey: key }),
  });
}
