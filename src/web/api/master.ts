import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './client';

/** Master data shared by many features (integration API, `ID`/`Name` casing; types from the contract). */
export type { IdName as MasterItem, MasterProfessional } from '@domain/contract';
import type { DuringType, IdName as MasterItem, MasterProfessional, Methodology } from '@domain/contract';

export const masterKeys = {
  all: ['master'] as const,
  list: (name: string) => [...masterKeys.all, name] as const,
};

export const practicesQueryOptions = () =>
  queryOptions({
    queryKey: masterKeys.list('practices'),
    queryFn: () => apiGet<MasterItem[]>('/master/practices', 'integration'),
    staleTime: 10 * 60_000,
  });
export const usePractices = () => useQuery(practicesQueryOptions());

export const professionalsQueryOptions = () =>
  queryOptions({
    queryKey: masterKeys.list('professionals'),
    queryFn: () =>
      apiGet<MasterProfessional[]>(
        `/master/professionals?filter=${encodeURIComponent(JSON.stringify({ where: { IsAnyStatus: true } }))}`,
        'integration',
      ),
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
export const masterListQueryOptions = (name: MasterListName) =>
  queryOptions({
    queryKey: masterKeys.list(name),
    queryFn: () => apiGet<MasterItem[]>(`/master/${name}`, 'integration'),
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
    queryFn: () => apiGet<Methodology[]>('/master/methodologies', 'integration'),
    staleTime: 10 * 60_000,
  });
export const useMethodologies = () => useQuery(methodologiesQueryOptions());

/** GET /api/during-types: 1 Normal, 2 Internal, 3 Ad Hoc. */
export const duringTypesQueryOptions = () =>
  queryOptions({
    queryKey: masterKeys.list('during-types'),
    queryFn: () => apiGet<DuringType[]>('/api/during-types'),
    staleTime: 10 * 60_000,
  });
export const useDuringTypes = () => useQuery(duringTypesQueryOptions());
