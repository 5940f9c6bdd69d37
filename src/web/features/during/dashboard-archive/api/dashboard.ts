import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/api/client';
import { dashboardKeys, validId, type ProjectDashboardRecord } from './keys';

/** GET /api/project-dashboards/{dashboardId}: the dashboard with its onePage (002 §7). */
export const dashboardQueryOptions = (id: number) =>
  queryOptions({
    queryKey: dashboardKeys.detail(id),
    queryFn: () => apiGet<ProjectDashboardRecord>(`/api/project-dashboards/${id}`),
    enabled: validId(id),
  });
export const useDashboard = (id: number) => useQuery(dashboardQueryOptions(id));
