import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupervisionRow } from '@domain/contract';
import { apiGetWithHeaders } from '@web/api/client';

export type { SupervisionRow };
export interface SupervisionTotals {
  total: number;
  green: number;
  yellow: number;
  red: number;
  notSubmitted: number;
}

export const adminKeys = {
  all: ['admin'] as const,
  weeklySupervision: () => [...adminKeys.all, 'weekly-supervision'] as const,
};

const num = (h: Headers, k: string) => Number(h.get(k) ?? 0);

/** GET /api/weekly-supervision: rows plus the x-total* counters. */
export const weeklySupervisionQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.weeklySupervision(),
    queryFn: async () => {
      const { data, headers } = await apiGetWithHeaders<SupervisionRow[]>(
        '/api/weekly-supervision?take=1000',
      );
      const totals: SupervisionTotals = {
        total: num(headers, 'x-total'),
        green: num(headers, 'x-total-green'),
        yellow: num(headers, 'x-total-yellow'),
        red: num(headers, 'x-total-red'),
        notSubmitted: num(headers, 'x-total-notsubmitted'),
      };
      return { rows: data, totals };
    },
  });
export const useWeeklySupervision = () => useQuery(weeklySupervisionQueryOptions());
