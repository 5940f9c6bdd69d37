import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientItem } from '@domain/contract';
import { apiGet } from '@web/api/client';
import { adminProjectKeys } from './keys';

/** GET /api/clients (002 §7): id and name of every client (the dialog's Client choice). */
export const clientsQueryOptions = () =>
  queryOptions({
    queryKey: adminProjectKeys.clients(),
    queryFn: () => apiGet<ClientItem[]>('/api/clients'),
    staleTime: 10 * 60_000,
  });
export const useClients = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...clientsQueryOptions(), ...options });
