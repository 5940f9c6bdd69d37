import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { master } from '@web/api/endpoints/master';
import { api } from './endpoint';
import { queryOf } from './entity-query';
import { masterKeys } from './keys';

/** Master data shared by many features (integration API, `ID`/`Name` casing; types from the contract). */
export type { MasterListItem as MasterItem, MasterProfessional } from '@domain/contract';

/** Master data changes seldom: cached for 10 minutes. */
const MASTER = { staleTime: 10 * 60_000 };

/**
 * The items a picker offers for a new choice: the active ones, and those the record already holds (a deactivated
 * item, `IsActive: false`, stays shown on the records that hold it but is not offered for new ones).
 */
export function offered<T extends { ID: number; IsActive?: boolean }>(
  items: readonly T[] | undefined,
  held: readonly (number | null | undefined)[] = [],
): T[] {
  return (items ?? []).filter((i) => i.IsActive !== false || held.includes(i.ID));
}

// --- every tab sees a change of master data --------------------------------------------------------------

const CHANNEL = 'project-portal:master-data';

/** Whether a query holds a master list: the integration API's lists, the CRM lookups, the admin pickers'. */
const holdsMasterData = (key: readonly unknown[]) =>
  key[0] === masterKeys.all[0] ||
  (key[0] === 'crm' && (key[1] === 'lookup' || key[1] === 'industries')) ||
  (key[0] === 'admin-projects' && (key[1] === 'clients' || key[1] === 'toolkits'));

/** Marks every cached master list stale (those on screen load again). */
export const invalidateMasterData = (client: QueryClient) =>
  client.invalidateQueries({ predicate: (q) => holdsMasterData(q.queryKey) });

let channel: BroadcastChannel | undefined;
const listening = new Map<QueryClient, number>();
function openChannel(): BroadcastChannel | undefined {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL);
  (channel as { unref?: () => void }).unref?.();
  channel.onmessage = () => {
    for (const client of listening.keys()) void invalidateMasterData(client);
  };
  return channel;
}

/**
 * After a change of master data (Admin › Master data): this tab's cached lists load again, and every other tab of
 * this browser is told to do the same (BroadcastChannel). Other people's screens see it when their copy expires
 * (10 minutes) or the page is opened again.
 */
export function announceMasterChange(client: QueryClient, list: string) {
  void invalidateMasterData(client);
  openChannel()?.postMessage({ list });
}

/** Keeps this tab's master lists current when another tab changes master data (see announceMasterChange). */
export function useMasterDataSync() {
  const client = useQueryClient();
  useEffect(() => {
    openChannel();
    listening.set(client, (listening.get(client) ?? 0) + 1);
    return () => {
      const n = (listening.get(client) ?? 1) - 1;
      if (n > 0) listening.set(client, n);
      else listening.delete(client);
    };
  }, [client]);
}

const practicesQuery = queryOf(master.practices, masterKeys.list('practices'), MASTER);
export const practicesQueryOptions = practicesQuery.options;
export const usePractices: typeof practicesQuery.useList = (...args) => {
  useMasterDataSync();
  return practicesQuery.useList(...args);
};

export const professionalsQueryOptions = () =>
  queryOptions({
    queryKey: masterKeys.list('professionals'),
    queryFn: () =>
      api(master.professionals, { query: { filter: JSON.stringify({ where: { IsAnyStatus: true } }) } }),
    ...MASTER,
  });
export const useProfessionals = () => useQuery(professionalsQueryOptions());

/** The simple master lists (`GET /master/<name>` → `{ ID, Name }[]`), cached for 10 minutes. */
export type MasterListName =
  | 'practices'
  | 'geographics'
  | 'geographic-scopes'
  | 'offices'
  | 'comanagements'
  | 'languages'
  | 'segments'
  | 'positions';
const MASTER_LISTS = {
  practices: master.practices,
  geographics: master.geographics,
  'geographic-scopes': master.geographicScopes,
  offices: master.offices,
  comanagements: master.comanagements,
  languages: master.languages,
  segments: master.segments,
  positions: master.positions,
} satisfies Record<MasterListName, unknown>;
export const masterListQueryOptions = (name: MasterListName) =>
  queryOptions({ queryKey: masterKeys.list(name), queryFn: () => api(MASTER_LISTS[name]), ...MASTER });
export const useMasterList = (name: MasterListName) => {
  useMasterDataSync();
  return useQuery(masterListQueryOptions(name));
};
export const useLanguages = () => useMasterList('languages');
export const usePositions = () => useMasterList('positions');
export const useGeographics = () => useMasterList('geographics');
export const useGeographicScopes = () => useMasterList('geographic-scopes');
export const useOffices = () => useMasterList('offices');
export const useComanagements = () => useMasterList('comanagements');

const methodologiesQuery = queryOf(master.methodologies, masterKeys.list('methodologies'), MASTER);
export const useMethodologies: typeof methodologiesQuery.useList = (...args) => {
  useMasterDataSync();
  return methodologiesQuery.useList(...args);
};

/** GET /api/during-types: 1 Normal, 2 Internal, 3 Ad Hoc. */
const duringTypesQuery = queryOf(master.duringTypes, masterKeys.list('during-types'), MASTER);
export const useDuringTypes = duringTypesQuery.useList;
