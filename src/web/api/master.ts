import { queryOptions, useQuery } from '@tanstack/react-query';
import { master } from '@web/api/endpoints/master';
import { api } from './endpoint';
import { queryOf } from './entity-query';
import { masterKeys } from './keys';

/** Master data shared by many features (integration API, `ID`/`Name` casing; types from the contract). */
export type { IdName as MasterItem, MasterProfessional } from '@domain/contract';

/** Master data changes seldom: cached for 10 minutes. */
const MASTER = { staleTime: 10 * 60_000 };

const practicesQuery = queryOf(master.practices, masterKeys.list('practices'), MASTER);
export const practicesQueryOptions = practicesQuery.options;
export const usePractices = practicesQuery.useList;

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
export const useMasterList = (name: MasterListName) => useQuery(masterListQueryOptions(name));
export const useLanguages = () => useMasterList('languages');
export const usePositions = () => useMasterList('positions');
export const useGeographics = () => useMasterList('geographics');
export const useGeographicScopes = () => useMasterList('geographic-scopes');
export const useOffices = () => useMasterList('offices');
export const useComanagements = () => useMasterList('comanagements');

const methodologiesQuery = queryOf(master.methodologies, masterKeys.list('methodologies'), MASTER);
export const useMethodologies = methodologiesQuery.useList;

/** GET /api/during-types: 1 Normal, 2 Internal, 3 Ad Hoc. */
const duringTypesQuery = queryOf(master.duringTypes, masterKeys.list('during-types'), MASTER);
export const useDuringTypes = duringTypesQuery.useList;
