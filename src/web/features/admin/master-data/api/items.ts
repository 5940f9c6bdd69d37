import { useMemo } from 'react';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { MasterItem, MasterItemPage } from '@domain/contract/master-admin';
import type { MasterListKey } from '@domain/rules/master-lists';
import { masterAdmin } from '@web/api/endpoints/master-admin';
import { api } from '@web/api/endpoint';
import { masterDataKeys } from './keys';

export type { MasterItem };
export type StatusFilter = 'all' | 'active' | 'inactive';

/** Items per request (the server answers at most 500). */
export const MASTER_PAGE_SIZE = 100;

/** GET /api/admin/master-data/:list: one page of the list's items (search folded on the server). */
export const fetchItems = (
  list: MasterListKey,
  search: string,
  status: StatusFilter,
  skip: number,
  take = MASTER_PAGE_SIZE,
) => api(masterAdmin.items, { params: { list }, query: { search, status, skip, take } });

interface Page extends MasterItemPage {
  skip: number;
}

export const itemsInfiniteQueryOptions = (list: MasterListKey, search: string, status: StatusFilter) =>
  infiniteQueryOptions({
    queryKey: masterDataKeys.items(list, search, status),
    initialPageParam: 0,
    queryFn: async ({ pageParam }): Promise<Page> => ({
      ...(await fetchItems(list, search, status, pageParam)),
      skip: pageParam,
    }),
    getNextPageParam: (last: Page) => {
      const next = last.skip + last.items.length;
      return last.items.length > 0 && next < last.total ? next : undefined;
    },
  });

/** The list's items loaded so far, the total of the search, and the infinite-query controls. */
export function useMasterItems(list: MasterListKey, search: string, status: StatusFilter) {
  const query = useInfiniteQuery({
    ...itemsInfiniteQueryOptions(list, search, status),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.items), [query.data]);
  return {
    rows,
    total: query.data?.pages[0]?.total ?? 0,
    isLoading: query.isLoading,
    error: query.error,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
  };
}
