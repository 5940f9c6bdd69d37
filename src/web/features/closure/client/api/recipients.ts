import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Recipient } from '@domain/contract';
import type { EndpointBody } from '@domain/contract/endpoint';
import { closureExternal } from '@web/api/endpoints/closure-external';
import { removeById, upsertById } from '@web/api/cache';
import { api } from '@web/api/endpoint';
import { closureClientKeys, validId } from './keys';

/** A recipient as the server answers it (always with its id and version). */
export type RecipientRow = Recipient & { id: number };
export type RecipientInput = EndpointBody<typeof closureExternal.addRecipient>;

/** GET api/project-closure-external/project/{projectId}/recipients (the active ones). */
export const recipientsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: closureClientKeys.recipients(projectId),
    queryFn: () => api(closureExternal.recipients, { params: { projectId } }) as Promise<RecipientRow[]>,
    enabled: validId(projectId),
  });
export const useRecipients = (projectId: number, options: { enabled?: boolean } = {}) =>
  useQuery({
    ...recipientsQueryOptions(projectId),
    ...(options.enabled === false ? { enabled: false } : {}),
  });

/** POST, PUT (by id, If-Match) and DELETE of a recipient; each answer goes into the cached list. */
export function useRecipientMutations(projectId: number) {
  const qc = useQueryClient();
  const key = closureClientKeys.recipients(projectId);
  const put = (row: RecipientRow) => qc.setQueryData<RecipientRow[]>(key, (list) => upsertById(list, [row]));
  const reload = () => qc.invalidateQueries({ queryKey: key });
  return {
    add: useMutation({
      mutationFn: (body: RecipientInput) =>
        api(closureExternal.addRecipient, { params: { projectId }, body }) as Promise<RecipientRow>,
      onSuccess: put,
      onError: reload,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: RecipientInput }) =>
        api(closureExternal.updateRecipient, {
          params: { projectId, id },
          body,
          version: qc.getQueryData<RecipientRow[]>(key)?.find((r) => r.id === id)?.version,
        }) as Promise<RecipientRow>,
      onSuccess: put,
      onError: reload,
    }),
    remove: useMutation({
      mutationFn: (id: number) =>
        api(closureExternal.removeRecipient, {
          params: { projectId, id },
          version: qc.getQueryData<RecipientRow[]>(key)?.find((r) => r.id === id)?.version,
        }),
      onSuccess: (_answer, id) => qc.setQueryData<RecipientRow[]>(key, (list) => removeById(list, id)),
      onError: reload,
    }),
  };
}
