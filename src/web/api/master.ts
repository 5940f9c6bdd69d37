import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './client';

/** Master data shared by many features (integration API, `ID`/`Name` casing; types from the contract). */
export type { IdName as MasterItem, MasterProfessional } from '@domain/contract';
import type { IdName as MasterItem, MasterProfessional } from '@domain/contract';

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
