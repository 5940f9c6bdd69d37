import { useMemo } from 'react';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { SUPERVISION_HEADERS, type SupervisionRow } from '@domain/contract';
import { apiGetWithHeaders } from '@web/api/client';

export type { SupervisionRow };
export interface SupervisionTotals {
  total: number;
  green: number;
  yellow: number;
  red: number;
  notSubmitted: number;
}

/** The grid's server filters: search text (code, name or client) and project status ids (empty = the server's default). */
export interface WeeklySupervisionFilters {
  search?: string;
  status?: number[];
}

/** Rows per request (GET /api/weekly-supervision answers at most 1000, 100 by default). */
export const WEEKLY_SUPERVISION_PAGE_SIZE = 100;

export const adminKeys = {
  all: ['admin'] as const,
  weeklySupervision: (filters?: WeeklySupervisionFilters) =>
    filters
      ? ([...adminKeys.all, 'weekly-supervision', normalizeFilters(filters)] as const)
      : ([...adminKeys.all, 'weekly-supervision'] as const),
};

function normalizeFilters(f: WeeklySupervisionFilters): Required<WeeklySupervisionFilters> {
  return { search: f.search?.trim() ?? '', status: [...(f.status ?? [])].sort((a, b) => a - b) };
}

const num = (h: Headers, k: string) => Number(h.get(k) ?? 0);

/** The query string of one page: skip, take, and the filters that are set. */
export function weeklySupervisionSearch(filters: WeeklySupervisionFilters, skip: number): string {
  const f = normalizeFilters(filters);
  const q = new URLSearchParams({ skip: String(skip), take: String(WEEKLY_SUPERVISION_PAGE_SIZE) });
  if (f.search) q.set('search', f.search);
  if (f.status.length) q.set('status', f.status.join(','));
  return q.toString();
}

export interface SupervisionPage {
  rows: SupervisionRow[];
  totals: SupervisionTotals;
  skip: number;
}

/**
 * GET /api/weekly-supervision page by page (skip/take 100) for the filters; the x-total* counters of the
 * whole filtered set come with every page (read from the first).
 */
export const weeklySupervisionInfiniteQueryOptions = (filters: WeeklySupervisionFilters = {}) =>
  infiniteQueryOptions({
    queryKey: adminKeys.weeklySupervision(filters),
    initialPageParam: 0,
    queryFn: async ({ pageParam }): Promise<SupervisionPage> => {
      const { data, headers } = await apiGetWithHeaders<SupervisionRow[]>(
        `/api/weekly-supervision?${weeklySupervisionSearch(filters, pageParam)}`,
      );
      const totals: SupervisionTotals = {
        total: num(headers, SUPERVISION_HEADERS.total),
        green: num(headers, SUPERVISION_HEADERS.green),
        yellow: num(headers, SUPERVISION_HEADERS.yellow),
        red: num(headers, SUPERVISION_HEADERS.red),
        notSubmitted: num(headers, SUPERVISION_HEADERS.notSubmitted),
      };
      return { rows: data, totals, skip: pageParam };
    },
    getNextPageParam: (last, pages) => {
      const next = last.skip + last.rows.length;
      return last.rows.length > 0 && next < pages[0]!.totals.total ? next : undefined;
    },
  });

/**
 * The Weekly Supervision rows loaded so far (flattened pages), the counters (first page) and the
 * infinite-query controls. The previous filters' rows stay shown while new filters load.
 */
export function useWeeklySupervision(
  filters: WeeklySupervisionFilters = {},
  options: { enabled?: boolean } = {},
) {
  const query = useInfiniteQuery({
    ...weeklySupervisionInfiniteQueryOptions(filters),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
  const { data } = query;
  const rows = useMemo(() => data?.pages.flatMap((p) => p.rows), [data]);
  return {
    rows,
    totals: data?.pages[0]?.totals,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error: query.error,
    refetch: query.refetch,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
  };
}
