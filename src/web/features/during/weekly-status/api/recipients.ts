import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VersionedRecipient } from '@domain/contract';
import { weeklyStatus as E } from '@web/api/endpoints/weekly-status';
import { api } from '@web/api/endpoint';
import type { RecipientInput } from '@web/ui/esign';
import { validId, wsKeys } from './keys';

export type RecipientRow = VersionedRecipient;

/** GET /api/weekly-status/{id}/recipients (001 §3: name, email, signedCode, isSigned, isActive). */
export const recipientsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: wsKeys.recipients(id),
    queryFn: () => api(E.recipients, { params: { id } }),
    enabled: validId(id),
  });
export const useRecipients = (id: number | undefined) =>
  useQuery({ ...recipientsQueryOptions(id ?? 0), enabled: validId(id) });

/** POST /api/weekly-status/{id}/recipients: the answer is appended to the cached list. */
export function useAddRecipient(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RecipientInput) => api(E.addRecipient, { params: { id }, body }),
    onSuccess: (r) =>
      qc.setQueryData<RecipientRow[]>(wsKeys.recipients(id), (list) => (list ? [...list, r] : [r])),
  });
}
