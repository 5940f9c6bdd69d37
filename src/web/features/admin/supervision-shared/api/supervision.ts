import { useMemo } from 'react';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  SUPERVISION_HEADERS,
  type SupervisionFilters,
  type SupervisionGridRow,
  type SupervisionTotals,
} from '@domain/contract';
import { supervision } from '@web/api/endpoints/supervision';
import { apiWithHeaders } from '@web/api/endpoint';
import { supervisionKeys } from './keys';

export type { SupervisionGridRow };

/** The three supervision grids of spec 002 §2.9, each an endpoint of the same query and answer. */
export type SupervisionKind = 'weekly' | 'allocation' | 'pdc';
export const SUPERVISION_GRIDS = {
  weekly: supervision.weekly,
  allocation: supervision.allocation,
  pdc: supervision.pdc,
} as const satisfies Record<SupervisionKind, unknown>;

export type { SupervisionTotals };

/** Rows per request (the server answers at most 1000, 100 by default). */
export const SUPERVISION_PAGE_SIZE = 100;

const ORDER: (keyof SupervisionFilters)[] = [
  'search',
  'status',
  'onePageSubmitted',
  'problemLevel',
  'environmentStatus',
  'duringType',
  'allocationStatus',
  'priority',
  'internal',
  'pdcPriority',
  'hasAllocation',
  'hasGovernanceAction',
];

/** The filters in one canonical form (trimmed search, sorted lists, unset keys left out): the query key. */
export function normalizeFilters(f: SupervisionFilters): SupervisionFilters {
  const out: Record<string, unknown> = {};
  for (const k of ORDER) {
    const v = f[k];
    if (k === 'search') {
      if (typeof v === 'string' && v.trim()) out.search = v.trim();
    } else if (Array.isArray(v)) {
      if (v.length) out[k] = [...v].sort((a, b) => a - b);
    } else if (typeof v === 'boolean') out[k] = v;
  }
  return out as SupervisionFilters;
}

/** The filters as query parameters (lists comma-joined), in a fixed order. */
export function filterQuery(filters: SupervisionFilters): { [K in keyof SupervisionFilters]?: string } {
  const q: Record<string, string> = {};
  for (const [k, v] of Object.entries(normalizeFilters(filters)))
    q[k] = Array.isArray(v) ? v.join(',') : String(v);
  return q;
}

/** The query of one page: skip, take, then the filters that are set. */
export const supervisionQuery = (
  filters: SupervisionFilters,
  skip: number,
  take = SUPERVISION_PAGE_SIZE,
) => ({
  skip: String(skip),
  take: String(take),
  ...filterQuery(filters),
});

/** The query string of one page: skip, take, then the filters that are set. */
export const supervisionSearch = (filters: SupervisionFilters, skip: number, take = SUPERVISION_PAGE_SIZE) =>
  new URLSearchParams(supervisionQuery(filters, skip, take) as Record<string, string>).toString();

export interface SupervisionPage {
  rows: SupervisionGridRow[];
  totals: SupervisionTotals;
  skip: number;
}

const num = (h: Headers, k: string) => Number(h.get(k) ?? 0);

/** One page of a grid with the x-total* counters of the whole filtered set (002 §7). */
export async function fetchSupervisionPage(
  kind: SupervisionKind,
  filters: SupervisionFilters,
  skip: number,
  take = SUPERVISION_PAGE_SIZE,
): Promise<SupervisionPage> {
  const { data, headers } = await apiWithHeaders(SUPERVISION_GRIDS[kind], {
    query: supervisionQuery(filters, skip, take),
  });
  return {
    rows: data,
    skip,
    totals: {
      total: num(headers, SUPERVISION_HEADERS.total),
      green: num(headers, SUPERVISION_HEADERS.green),
      yellow: num(headers, SUPERVISION_HEADERS.yellow),
      red: num(headers, SUPERVISION_HEADERS.red),
      notSubmitted: num(headers, SUPERVISION_HEADERS.notSubmitted),
    },
  };
}

/** A grid page by page (skip/take 100) for the filters; the counters come with every page (read from the first). */
export const supervisionInfiniteQueryOptions = (kind: SupervisionKind, filters: SupervisionFilters = {}) =>
  infiniteQueryOptions({
    queryKey: supervisionKeys.grid(kind, filters),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchSupervisionPage(kind, filters, pageParam),
    getNextPageParam: (last: SupervisionPage, pages: SupervisionPage[]) => {
      const next = last.skip + last.rows.length;
      return last.rows.length > 0 && next < pages[0]!.totals.total ? next : undefined;
    },
  });

/** The navigation tree's prefetch of a supervision page: its first page with the default filters. */
export const prefetchSupervision =
  (kind: SupervisionKind, defaults: SupervisionFilters) => (client: QueryClient) =>
    void client.prefetchInfiniteQuery(supervisionInfiniteQueryOptions(kind, defaults));

/**
 * A grid's rows loaded so far (flattened pages), its counters (first page) and the infinite-query controls.
 * The previous filters' rows stay shown while new filters load.
 */
export function useSupervisionGrid(
  kind: SupervisionKind,
  filters: SupervisionFilters,
  options: { enabled?: boolean } = {},
) {
  const query = useInfiniteQuery({
    ...supervisionInfiniteQueryOptions(kind, filters),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
  const { data } = query;
  const rows = useMemo(() => data?.pages.flatMap((p) => p.rows), [data]);
  return {
    rows,
    totals: data?.pages[0]?.totals,
    isLoading: query.isLoading,
    error: query.error,
    refetch: query.refetch,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
  };
}

type GridData = InfiniteData<SupervisionPage, number>;

/**
 * After an edit: the answer replaces the project's row in every cached supervision grid, then each grid on screen
 * is brought up to date — one with a header filter (the edit may take the row out of it, or bring another in) reads
 * its loaded pages again with its counters; one filtered by status and search only (which an edit
 * does not change) reads its counters alone (one row). Grids not on screen are marked stale — spec 002 §2.9,
 * CONVENTIONS "mutations write their answer into the cache".
 */
export function useApplySupervisionRow() {
  const qc = useQueryClient();
  return (idProject: number, change: Partial<SupervisionGridRow>) => {
    qc.setQueriesData<GridData>({ queryKey: supervisionKeys.all }, (d) =>
      d
        ? {
            ...d,
            pages: d.pages.map((p) => ({
              ...p,
              rows: p.rows.map((r) => (r.idProject === idProject ? { ...r, ...change } : r)),
            })),
          }
        : d,
    );
    // grids not on screen (other filters, a search typed meanwhile) are read again when shown: their counters and
    // membership may have changed
    void qc.invalidateQueries({ queryKey: supervisionKeys.all, type: 'inactive', refetchType: 'none' });
    for (const q of qc.getQueryCache().findAll({ queryKey: supervisionKeys.all, type: 'active' })) {
      const [, , kind, filters] = q.queryKey as ReturnType<typeof supervisionKeys.grid>;
      const headerFiltered = Object.keys(filters).some((k) => k !== 'status' && k !== 'search');
      if (headerFiltered) {
        void qc.invalidateQueries({ queryKey: q.queryKey, exact: true });
        continue;
      }
      void fetchSupervisionPage(kind, filters, 0, 1)
        .then(({ totals }) =>
          qc.setQueryData<GridData>(q.queryKey, (d) =>
            d && d.pages.length ? { ...d, pages: [{ ...d.pages[0]!, totals }, ...d.pages.slice(1)] } : d,
          ),
        )
        .catch(() => void qc.invalidateQueries({ queryKey: q.queryKey }));
    }
  };
}
