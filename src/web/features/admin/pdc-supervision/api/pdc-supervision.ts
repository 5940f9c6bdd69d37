import { prefetchSupervision } from '../../supervision-shared/api/supervision';
import { DEFAULT_FILTERS } from '../../supervision-shared/filters';

/** The navigation tree's prefetch: GET /api/pdc-supervision's first page with the default filters. */
export const prefetchPdcSupervision = prefetchSupervision('pdc', DEFAULT_FILTERS);
