import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { dashboards } from '@web/api/endpoints/dashboards';
import { api } from '@web/api/endpoint';
import { dashboardKeys, validId } from './keys';

/** GET api/project-dashboards/project/{id}: the archive list (002 §2.5, §7). */
export const dashboardsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: dashboardKeys.list(projectId),
    queryFn: () => api(dashboards.list, { params: { id: projectId } }),
    enabled: validId(projectId),
  });
export const useDashboards = (projectId: number) => useQuery(dashboardsQueryOptions(projectId));

/** The navigation tree's prefetch of /project/{id}/during/dashboard-archive (the list is open to every reader). */
export const prefetchDashboards = (client: QueryClient, params: Record<string, string | undefined>) =>
  void client.prefetchQuery(dashboardsQueryOptions(Number(params.id)));
