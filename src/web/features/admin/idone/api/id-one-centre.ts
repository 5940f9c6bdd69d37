import { useMemo } from 'react';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { ID_ONE_CENTRE_HEADERS, type IdOneCentreRow } from '@domain/contract';
import { hasAnyScope } from '@domain/rules';
import { ADMIN_SCREEN_SCOPES } from '@domain/rules/admin';
import { idone } from '@web/api/endpoints/idone';
import { apiWithHeaders } from '@web/api/endpoint';
import { currentUser } from '@web/api/session';
import { centreFilterQuery, type IdOneCentreFilters } from './filters';
import { idOneCentreKeys } from './keys';

export type { IdOneCentreRow, IdOneCentreFilters };

/** Whether the signed-in person may call the centre (Admin or IDOne): others never send it (a 403 signs out). */
export const mayUseIdOneCentre = () => hasAnyScope(currentUser(), ADMIN_SCREEN_SCOPES.idOneCentre);

/** Rows per request (the server answers at most 1000, 100 by default). */
export const ID_ONE_CENTRE_PAGE_SIZE = 100;

export interface IdOneCentrePage {
  rows: IdOneCentreRow[];
  /** Projects of the filters on the server (x-total). */
  total: number;
  skip: number;
}

/** GET /api/id-one-centre (002 §2.9): one page of the projects of the filters, by code, and their count. */
export async function fetchIdOneCentrePage(
  filters: IdOneCentreFilters,
  skip: number,
  take = ID_ONE_CENTRE_PAGE_SIZE,
): Promise<IdOneCentrePage> {
  const { data, headers } = await apiWithHeaders(idone.centre, {
    query: { skip: String(skip), take: String(take), ...centreFilterQuery(filters) },
  });
  return { rows: data, skip, total: Number(headers.get(ID_ONE_CENTRE_HEADERS.total) ?? 0) };
}

/** The grid page by page (skip/take 100) for the filters; the count comes with every page (read from the first). */
export const idOneCentreInfiniteQueryOptions = (filters: IdOneCentreFilters = {}) =>
  infiniteQueryOptions({
    queryKey: idOneCentreKeys.grid(filters),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchIdOneCentrePage(filters, pageParam),
    getNextPageParam: (last: IdOneCentrePage, pages: IdOneCentrePage[]) => {
      const next = last.skip + last.rows.length;
      return last.rows.length > 0 && next < pages[0]!.total ? next : undefined;
    },
  });

/** The page's prefetch (navigation tree): the first page without filters, only for holders of Admin or IDOne. */
export function prefetchIdOneCentre(client: QueryClient) {
  if (mayUseIdOneCentre()) void client.prefetchInfiniteQuery(idOneCentreInfiniteQueryOptions());
}

/**
 * The grid's rows loaded so far (flattened pages), the count of the filters (first page) and the infinite-query
 * controls. The previous filters' rows stay shown while new filters load.
 */
export function useIdOneCentreGrid(
  filters: IdOneCentreFilters,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const query = useInfiniteQuery({
    ...idOneCentreInfiniteQueryOptions(filters),
    placeholderData: keepPreviousData,
    enabled,
  });
  const { data } = query;
  const rows = useMemo(() => data?.pages.flatMap((p) => p.rows), [data]);
  return {
    rows,
    total: data?.pages[0]?.total,
    isLoading: query.isLoading,
    error: query.error,
    refetch: query.refetch,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
  };
}
