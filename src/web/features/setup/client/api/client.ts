import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { projectQueryOptions } from '@web/api/project';
import type { ClientRecord } from '@domain/contract';
import { ApiError } from '@web/api/client';
import { master } from '@web/api/endpoints/master';
import { api } from '@web/api/endpoint';
import { clientKeys } from './keys';

/** GET /master/clients/{idClient}: the client with its version; rich texts already sanitised by the server. */
export const clientQueryOptions = (idClient: number | null | undefined) =>
  queryOptions({
    queryKey: clientKeys.one(idClient ?? 0),
    queryFn: () => api(master.client, { params: { id: idClient as number } }),
    enabled: typeof idClient === 'number' && idClient > 0,
  });
export const useClient = (idClient: number | null | undefined) => useQuery(clientQueryOptions(idClient));

export type ClientTextField = 'ClientDescription' | 'ClientCulture';

/**
 * PUT /master/clients/{idClient}?projectId= (001 §7: the whole object with one field changed). The object is
 * the client as last known — the cache, which every answer and every 412's `current` refresh — so a field
 * someone else changed is never sent back stale.
 */
export function useSaveClientText(projectId: number, idClient: number) {
  const qc = useQueryClient();
  const key = clientKeys.one(idClient);
  return useMutation({
    mutationFn: (v: {
      field: ClientTextField;
      value: string;
      version: number | null | undefined;
      keepalive?: boolean;
    }) => {
      const current = qc.getQueryData<ClientRecord>(key);
      return api(master.updateClient, {
        params: { id: idClient },
        query: { projectId },
        body: { ...current, [v.field]: v.value },
        version: v.version,
        keepalive: v.keepalive,
      });
    },
    onSuccess: (c) => qc.setQueryData(key, c),
    onError: (e) => {
      if (e instanceof ApiError && e.isConflict && e.current) qc.setQueryData(key, e.current as ClientRecord);
    },
  });
}

/** The navigation tree's prefetch of /project/{id}/setup/client: the client once the project names it. */
export const prefetchClient = (client: QueryClient, params: Record<string, string | undefined>) => {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return;
  void client
    .fetchQuery(projectQueryOptions(id))
    .then((p) => (p.idClient ? client.prefetchQuery(clientQueryOptions(p.idClient)) : undefined))
    .catch(() => undefined);
};
