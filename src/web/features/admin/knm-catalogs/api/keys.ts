import { masterKeys } from '@web/api/keys';

/** Query keys of the KNM catalogs (002 §3): the master client list (shared with the KNM clients) and the industries. */
export const knmCatalogKeys = {
  clients: () => masterKeys.list('clients'),
  industries: () => ['crm', 'industries'] as const,
};
