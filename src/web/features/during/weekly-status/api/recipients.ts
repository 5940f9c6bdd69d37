import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VersionedRecipient } from '@domain/contract';
import { weeklyStatus as E } from '@web/api/endpoints/weekly-status';
import { api } from '@web/api/endpoint';
import { queryById } from '@web/api/entity-query';
import type { RecipientInput } from '@web/ui/esign';
import { wsKeys } from './keys';

export type RecipientRow = VersionedRecipient;

/** GET /api/weekly-status/{id}/recipients (001 §3: name, email, signedCode, isSigned, isActive). */
const recipientsQuery = queryById(E.recipients, wsKeys.recipients);
export const recipientsQueryOptions = recipientsQuery.options;
export const useRecipients = recipientsQuery.useById;

/** POST /api/weekly-status/{id}/recipients: the answer is appended to the cached list. */
export function useAddRecipient(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RecipientInput) => api(E.addRecipient, { params: { id }, body }),
    onSuccess: (r) =>
      qc.setQueryData<RecipientRow[]>(wsKeys.recipients(id), (list) => (list ? [...list, r] : [r])),
  });
}
