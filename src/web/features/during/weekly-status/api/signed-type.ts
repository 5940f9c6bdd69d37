import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WeeklyStatus } from '@domain/contract';
import type { SignedTypeValue } from '@domain/rules';
import { weeklyStatus as E } from '@web/api/endpoints/weekly-status';
import { api } from '@web/api/endpoint';
import { putWeeklyStatus } from './keys';

/** PATCH /api/weekly-status/{id}/signed-type (If-Match) → the weekly status (001 §4 "changing the type … patches it"). */
export const patchSignedType = (ws: WeeklyStatus, signedType: SignedTypeValue) =>
  api(E.signedType, { params: { id: ws.id }, body: { signedType }, version: ws.version });

export function usePatchSignedType(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ws, signedType }: { ws: WeeklyStatus; signedType: SignedTypeValue }) =>
      patchSignedType(ws, signedType),
    onSuccess: (ws) => putWeeklyStatus(qc, projectId, ws),
  });
}
