import type { QueryClient } from '@tanstack/react-query';
import type { CrmLookup } from '@domain/contract';
import { crm } from '@web/api/endpoints/crm';
import { master } from '@web/api/endpoints/master';
import { queryOf } from '@web/api/entity-query';
import { masterListQueryOptions } from '@web/api/master';
import { knmCatalogKeys } from './keys';
import type { z } from 'zod';

export type Industry = z.infer<typeof CrmLookup>;

/** GET /master/clients (the same cache entry as the KNM client list): counts the clients per segment. */
const catalogClientsQuery = queryOf(master.clients, knmCatalogKeys.clients());

/** GET /crm/industries: the industries of the CRM lookups (002 §3). */
const industriesQuery = queryOf(crm.industries, knmCatalogKeys.industries(), { staleTime: 10 * 60_000 });

export const useCatalogClients = catalogClientsQuery.useList;
export const useIndustries = industriesQuery.useList;

/** The navigation tree's prefetch of /admin/knm-catalogs. */
export function prefetchKnmCatalogs(client: QueryClient) {
  void client.prefetchQuery(masterListQueryOptions('segments'));
  void client.prefetchQuery(catalogClientsQuery.options());
  void client.prefetchQuery(industriesQuery.options());
}
