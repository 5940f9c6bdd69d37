import { queryOptions, useQuery } from '@tanstack/react-query';
import { master } from '@web/api/endpoints/master';
import { api } from './endpoint';

/** Master data shared by many features (integration API, `ID`/`Name` casing; types from the contract). */
export type { IdName as MasterItem, MasterProfessional } from '@domain/contract';

export const masterKeys = {
  all: ['master'] as const,
  list: (name: string) => [...masterKeys.all, name] as const,
};

export const practicesQueryOptions = () =>
  queryOptions({
    queryKey: masterKeys.list('practices'),
    queryFn: () => api(master.practices),
    staleTime: 10 * 60_000,
  });
export const usePractices = () => useQuery(practicesQueryOptions());

export const professionalsQueryOptions = () =>
  queryOptions({
    queryKey: masterKeys.list('professionals'),
    queryFn: () =>
      api(master.professionals, { query: { filter: JSON.stringify({ where: { IsAnyStatus: true } }) } }),
    staleTime: 10 * 60_000,
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
  queryOptions({
    queryKey: masterKeys.list(name),
    queryFn: () => api(MASTER_LISTS[name]),
    staleTime: 10 * 60_000,
  });
export const useMasterList = (name: MasterListName) => useQuery(masterListQueryOptions(name));
export const useLanguages = () => useMasterList('languages');
export const usePositions = () => useMasterList('positions');
export const useGeographics = () => useMasterList('geographics');
export const useGeographicScopes = () => useMasterList('geographic-scopes');
export const useOffices = () => useMasterList('offices');
export const useComanagements = () => useMasterList('comanagements');

export const methodologiesQueryOptions = () =>
  queryOptions({
    queryKey: masterKeys.list('methodologies'),
    queryFn: () => api(master.methodologies),
    staleTime: 10 * 60_000,
  });
export const useMethodologies = () => useQuery(methodologiesQueryOptions());

/** GET /api/during-types: 1 Normal, 2 Internal, 3 Ad Hoc. */
export const duringTypesQueryOptions = () =>
  queryOptions({
    queryKey: masterKeys.list('during-types'),
    queryFn: () => api(master.duringTypes),
    staleTime: 10 * 60_000,
  });
export const useDuringTypes = () => useQuery(duringTypesQueryOptions());
