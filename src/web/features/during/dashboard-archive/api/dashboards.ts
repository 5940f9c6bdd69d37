import { dashboards } from '@web/api/endpoints/dashboards';
import { queryById } from '@web/api/entity-query';
import { dashboardKeys } from './keys';

/** GET api/project-dashboards/project/{id}: the archive list (002 §2.5, §7). */
const dashboardsQuery = queryById(dashboards.list, dashboardKeys.list);
export const useDashboards = dashboardsQuery.useById;

/** The navigation tree's prefetch of /project/{id}/during/dashboard-archive (the list is open to every reader). */
export const prefetchDashboards = dashboardsQuery.prefetch;
