import { prefetchSupervision } from '../../supervision-shared/api/supervision';
import { DEFAULT_FILTERS } from '../../supervision-shared/filters';

/** The navigation tree's prefetch: GET /api/allocation-supervision's first page with the default filters. */
export const prefetchAllocationSupervision = prefetchSupervision('allocation', DEFAULT_FILTERS);
