import { dashboards } from '@web/api/endpoints/dashboards';
import { queryById } from '@web/api/entity-query';
import { dashboardKeys } from './keys';

/** GET /api/project-dashboards/{dashboardId}: the dashboard with its onePage (002 §7). */
const dashboardQuery = queryById(dashboards.get, dashboardKeys.detail, { param: 'dashboardId' });
export const useDashboard = dashboardQuery.useById;
