import { useMemo } from 'react';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { PeoplePage, PersonRow } from '@domain/contract/people';
import type { PersonSource } from '@domain/rules/people';
import { people } from '@web/api/endpoints/people';
import { api } from '@web/api/endpoint';
import { peopleKeys } from './keys';

export type { PersonRow };

export interface PeopleFilters {
  search: string;
  status: 'active' | 'inactive' | 'all';
  source: PersonSource | '';
}

/** People per request. */
export const PEOPLE_PAGE_SIZE = 50;

/** GET /api/admin/people: one page of the filters (the server searches, filters and pages). */
export const fetchPeoplePage = (filters: PeopleFilters, page: number): Promise<PeoplePage> =>
  api(people.list, {
    query: {
      search: filters.search.trim() || undefined,
      status: filters.status,
      source: filters.source || undefined,
      page,
      pageSize: PEOPLE_PAGE_SIZE,
    },
  });

export const peopleInfiniteQueryOptions = (filters: PeopleFilters) =>
  infiniteQueryOptions({
    queryKey: peopleKeys.list(filters),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => fetchPeoplePage(filters, pageParam),
    getNextPageParam: (last: PeoplePage) =>
      last.page * last.pageSize < last.total && last.items.length > 0 ? last.page + 1 : undefined,
  });

/** The grid's rows loaded so far, the total of the filters and the controls to load more. */
export function usePeopleGrid(filters: PeopleFilters) {
  const query = useInfiniteQuery({
    ...peopleInfiniteQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
  const { data } = query;
  const rows = useMemo(() => data?.pages.flatMap((p) => p.items), [data]);
  return {
    rows,
    total: data?.pages[0]?.total ?? 0,
    isLoading: query.isLoading,
    error: query.error,
    refetch: query.refetch,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
  };
}
