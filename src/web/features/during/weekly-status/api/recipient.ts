import { useMutation, useQueryClient } from '@tanstack/react-query';
import { weeklyStatus as E } from '@web/api/endpoints/weekly-status';
import { api } from '@web/api/endpoint';
import { removeById, upsertById } from '@web/api/cache';
import type { RecipientInput } from '@web/ui/esign';
import type { RecipientRow } from './recipients';
import { wsKeys } from './keys';

/** PUT and DELETE /api/weekly-status/{id}/recipients/{recipientId} (If-Match): answers go into the cached list. */
export function useRecipientMutations(id: number) {
  const qc = useQueryClient();
  const key = wsKeys.recipients(id);
  const reload = () => void qc.invalidateQueries({ queryKey: key });
  return {
    update: useMutation({
      mutationFn: ({ recipient, body }: { recipient: RecipientRow; body: RecipientInput }) =>
        api(E.updateRecipient, {
          params: { id, recipientId: recipient.id },
          body,
          version: recipient.version,
        }),
      onSuccess: (r) => qc.setQueryData<RecipientRow[]>(key, (list) => upsertById(list, [r])),
      onError: reload,
    }),
    remove: useMutation({
      mutationFn: (recipient: RecipientRow) =>
        api(E.removeRecipient, { params: { id, recipientId: recipient.id }, version: recipient.version }),
      onSuccess: (_a, r) => qc.setQueryData<RecipientRow[]>(key, (list) => removeById(list, r.id)),
      onError: reload,
    }),
  };
}
