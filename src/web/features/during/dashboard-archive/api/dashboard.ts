import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboards } from '@web/api/endpoints/dashboards';
import { api } from '@web/api/endpoint';
import { dashboardKeys, validId } from './keys';

/** GET /api/project-dashboards/{dashboardId}: the dashboard with its onePage (002 §7). */
export const dashboardQueryOptions = (id: number) =>
  queryOptions({
    queryKey: dashboardKeys.detail(id),
    queryFn: () => api(dashboards.get, { params: { dashboardId: id } }),
    enabled: validId(id),
  });
export const useDashboard = (id: number) => useQuery(dashboardQueryOptions(id));
