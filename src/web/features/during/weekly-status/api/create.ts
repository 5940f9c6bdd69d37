import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignedTypeValue } from '@domain/rules';
import { weeklyStatus as E } from '@web/api/endpoints/weekly-status';
import { api } from '@web/api/endpoint';
import { wsKeys } from './keys';

/** POST /api/weekly-status/project/{projectId} {signedType} → {id} (001 §4 "with no record one is created"). */
export const createWeeklyStatus = (projectId: number, signedType: SignedTypeValue) =>
  api(E.create, { params: { projectId }, body: { signedType } });

export function useCreateWeeklyStatus(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (signedType: SignedTypeValue) => createWeeklyStatus(projectId, signedType),
    // the answer is the id only: the list reloads
    onSuccess: () => void qc.invalidateQueries({ queryKey: wsKeys.list(projectId) }),
  });
}
