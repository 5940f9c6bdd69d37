import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { weeklyStatus as E } from '@web/api/endpoints/weekly-status';
import { api } from '@web/api/endpoint';
import { projectQueryOptions } from '@web/api/project';
import { validId, wsKeys } from './keys';

/** GET api/weekly-status/project/{projectId}: the project's weekly statuses (001 §7; read: every professional). */
export const weeklyStatusesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: wsKeys.list(projectId),
    queryFn: () => api(E.list, { params: { projectId } }),
    enabled: validId(projectId),
  });
export const useWeeklyStatuses = (projectId: number) => useQuery(weeklyStatusesQueryOptions(projectId));

/** Navigation prefetch of `/project/{id}/during/weekly-status`: the project (team, rights) and the list. */
export function prefetchWeeklyStatus(client: QueryClient, params: Record<string, string | undefined>) {
  const projectId = Number(params.id);
  if (!validId(projectId)) return;
  void client.prefetchQuery(projectQueryOptions(projectId));
  void client.prefetchQuery(weeklyStatusesQueryOptions(projectId));
}
