import type { SupervisionFilters } from '@domain/contract';
import {
  prefetchSupervision,
  supervisionSearch,
  useSupervisionGrid,
} from '../../supervision-shared/api/supervision';
import { DEFAULT_FILTERS } from '../../supervision-shared/filters';

/** GET /api/weekly-supervision: the shared supervision grid query (supervision-shared/api/supervision.ts) for this screen. */
export const useWeeklySupervision = (filters: SupervisionFilters, options: { enabled?: boolean } = {}) =>
  useSupervisionGrid('weekly', filters, options);

/** The query string of one page: skip, take 100, and the filters that are set. */
export const weeklySupervisionSearch = (filters: SupervisionFilters, skip: number) =>
  supervisionSearch(filters, skip);

/** The navigation tree's prefetch: the first page with the default filters (Setup, During, Closure). */
export const prefetchWeeklySupervision = prefetchSupervision('weekly', DEFAULT_FILTERS);
