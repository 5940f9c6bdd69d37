import { queryOptions, useQuery } from '@tanstack/react-query';
import { master } from '@web/api/endpoints/master';
import { api } from '@web/api/endpoint';
import { adminProjectKeys } from './keys';

/** GET /api/clients (002 §7): id and name of every client (the dialog's Client choice). */
export const clientsQueryOptions = () =>
  queryOptions({
    queryKey: adminProjectKeys.clients(),
    queryFn: () => api(master.clientNames),
    staleTime: 10 * 60_000,
  });
export const useClients = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...clientsQueryOptions(), ...options });
