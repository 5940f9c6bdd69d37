import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignedTypeValue } from '@domain/rules';
import { weeklyStatus as E } from '@web/api/endpoints/weekly-status';
import { api } from '@web/api/endpoint';
import { wsKeys } from './keys';

/**
 * POST /api/weekly-status/project/{projectId} {signedType, startFrom?} → {id} (001 §4 "with no record one is
 * created"); `startFrom`: the weekly status whose sections and recipients the new one starts with.
 */
export const createWeeklyStatus = (projectId: number, signedType: SignedTypeValue, startFrom?: number) =>
  api(E.create, {
    params: { projectId },
    body: startFrom === undefined ? { signedType } : { signedType, startFrom },
  });

export function useCreateWeeklyStatus(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ signedType, startFrom }: { signedType: SignedTypeValue; startFrom?: number }) =>
      createWeeklyStatus(projectId, signedType, startFrom),
    // the answer is the id only: the list reloads
    onSuccess: () => void qc.invalidateQueries({ queryKey: wsKeys.list(projectId) }),
  });
}
