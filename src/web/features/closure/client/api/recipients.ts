import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Recipient } from '@domain/contract';
import { apiGet, apiSend } from '@web/api/client';
import { removeById, upsertById } from '@web/api/cache';
import { closureClientKeys, closurePath, validId } from './keys';

/** A recipient as the server answers it (always with its id and version). */
export type RecipientRow = Recipient & { id: number };
export interface RecipientInput {
  name: string;
  email: string;
}

const recipientsPath = (projectId: number) => `${closurePath(projectId)}/recipients`;

/** GET api/project-closure-external/project/{projectId}/recipients (the active ones). */
export const recipientsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: closureClientKeys.recipients(projectId),
    queryFn: () => apiGet<RecipientRow[]>(recipientsPath(projectId)),
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
      mutationFn: (body: RecipientInput) => apiSend<RecipientRow>('POST', recipientsPath(projectId), body),
      onSuccess: put,
      onError: reload,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: RecipientInput }) =>
        apiSend<RecipientRow>('PUT', `${recipientsPath(projectId)}/${id}`, body, 'portal', {
          version: qc.getQueryData<RecipientRow[]>(key)?.find((r) => r.id === id)?.version,
        }),
      onSuccess: put,
      onError: reload,
    }),
    remove: useMutation({
      mutationFn: (id: number) =>
        apiSend('DELETE', `${recipientsPath(projectId)}/${id}`, undefined, 'portal', {
          version: qc.getQueryData<RecipientRow[]>(key)?.find((r) => r.id === id)?.version,
        }),
      onSuccess: (_answer, id) => qc.setQueryData<RecipientRow[]>(key, (list) => removeById(list, id)),
      onError: reload,
    }),
  };
}
