import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CrmLookup } from '@domain/contract';
import { crm } from '@web/api/endpoints/crm';
import { master } from '@web/api/endpoints/master';
import { api } from '@web/api/endpoint';
import { masterKeys, masterListQueryOptions } from '@web/api/master';
import type { z } from 'zod';

export type Industry = z.infer<typeof CrmLookup>;

/** GET /master/clients (the same cache entry as the KNM client list): counts the clients per segment. */
export const catalogClientsQueryOptions = () =>
  queryOptions({
    queryKey: masterKeys.list('clients'),
    queryFn: () => api(master.clients),
  });

/** GET /crm/industries: the industries of the CRM lookups (002 §3). */
export const industriesQueryOptions = () =>
  queryOptions({
    queryKey: ['crm', 'industries'] as const,
    queryFn: () => api(crm.industries),
    staleTime: 10 * 60_000,
  });

export const useCatalogClients = () => useQuery(catalogClientsQueryOptions());
export const useIndustries = () => useQuery(industriesQueryOptions());

/** The navigation tree's prefetch of /admin/knm-catalogs. */
export function prefetchKnmCatalogs(client: QueryClient) {
  void client.prefetchQuery(masterListQueryOptions('segments'));
  void client.prefetchQuery(catalogClientsQueryOptions());
  void client.prefetchQuery(industriesQueryOptions());
}
