import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@web/api/client';
import { removeById, upsertById } from '@web/api/cache';
import type { RecipientInput } from '@web/ui/esign';
import type { RecipientRow } from './recipients';
import { wsKeys } from './keys';

const url = (id: number, recipientId: number) => `/api/weekly-status/${id}/recipients/${recipientId}`;

/** PUT and DELETE /api/weekly-status/{id}/recipients/{recipientId} (If-Match): answers go into the cached list. */
export function useRecipientMutations(id: number) {
  const qc = useQueryClient();
  const key = wsKeys.recipients(id);
  const reload = () => void qc.invalidateQueries({ queryKey: key });
  return {
    update: useMutation({
      mutationFn: ({ recipient, body }: { recipient: RecipientRow; body: RecipientInput }) =>
        apiSend<RecipientRow>('PUT', url(id, recipient.id), body, 'portal', { version: recipient.version }),
      onSuccess: (r) => qc.setQueryData<RecipientRow[]>(key, (list) => upsertById(list, [r])),
      onError: reload,
    }),
    remove: useMutation({
      mutationFn: (recipient: RecipientRow) =>
        apiSend('DELETE', url(id, recipient.id), undefined, 'portal', { version: recipient.version }),
      onSuccess: (_a, r) => qc.setQueryData<RecipientRow[]>(key, (list) => removeById(list, r.id)),
      onError: reload,
    }),
  };
}
