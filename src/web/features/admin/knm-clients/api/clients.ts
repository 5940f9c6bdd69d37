import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Client, ClientRecord, KnmClientSegmentsBody } from '@domain/contract';
import { master } from '@web/api/endpoints/master';
import { api } from '@web/api/endpoint';
import { queryOf } from '@web/api/entity-query';
import { useNotifyingMutation } from '@web/ui/mutation';
import { knmClientKeys } from './keys';

export type { Client, ClientRecord };

/** GET /master/clients: every client with its segments (002 §3 "Client (master)"). */
const clientsQuery = queryOf(master.clients, knmClientKeys.list());
export const clientsQueryOptions = clientsQuery.options;
export const useClients = clientsQuery.useList;

/** The navigation tree's prefetch of /admin/knm-clients (the clients and the segment choices). */
export const prefetchKnmClients = clientsQuery.prefetch;

/** GET /master/clients/{id}: the client with its version (the Edit Client dialog saves with it as If-Match). */
export const clientQueryOptions = (id: number) =>
  queryOptions({
    queryKey: knmClientKeys.record(id),
    queryFn: () => api(master.client, { params: { id } }),
    staleTime: 0,
  });
export const useClient = (id: number) => useQuery(clientQueryOptions(id));

export interface ClientSave {
  id: number;
  /** The loaded version (If-Match of the first call; each answer's version goes to the next). */
  version: number | undefined;
  name: string;
  segments: KnmClientSegmentsBody;
}

/**
 * Save of 'Edit Client' (002 §7): PUT /master/clients/{id} with the name, DELETE …/segments, POST …/segments —
 * in that order, each with the version the previous answered. 'Saved' / 'Something went wrong...' (002 §8); the
 * final client replaces its row in the cached list.
 */
export function useSaveClient() {
  const qc = useQueryClient();
  return useNotifyingMutation({
    mutationFn: async ({ id, version, name, segments }: ClientSave) => {
      const params = { id };
      const named = await api(master.updateClient, { params, body: { ID: id, Name: name }, version });
      const cleared = await api(master.clearSegments, { params, version: named.version });
      return api(master.replaceSegments, { params, body: segments, version: cleared.version });
    },
    success: 'Saved',
    error: 'Something went wrong...',
    onSuccess: (saved) => {
      qc.setQueryData(knmClientKeys.record(saved.ID), saved);
      qc.setQueryData<Client[]>(knmClientKeys.list(), (list) =>
        list?.map((c) =>
          c.ID === saved.ID ? { ...c, Name: saved.Name, ClientSegments: saved.ClientSegments } : c,
        ),
      );
    },
    onSettled: (_d, _e, v) =>
      void qc.invalidateQueries({ queryKey: knmClientKeys.record(v.id), exact: true }),
  });
}
