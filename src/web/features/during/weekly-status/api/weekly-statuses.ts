import type { QueryClient } from '@tanstack/react-query';
import { weeklyStatus as E } from '@web/api/endpoints/weekly-status';
import { queryById } from '@web/api/entity-query';
import { projectQueryOptions } from '@web/api/project';
import { validId, wsKeys } from './keys';

/** GET api/weekly-status/project/{projectId}: the project's weekly statuses (001 §7; read: every professional). */
const weeklyStatusesQuery = queryById(E.list, wsKeys.list, { param: 'projectId' });
export const useWeeklyStatuses = weeklyStatusesQuery.useById;

/** Navigation prefetch of `/project/{id}/during/weekly-status`: the project (team, rights) and the list. */
export function prefetchWeeklyStatus(client: QueryClient, params: Record<string, string | undefined>) {
  const projectId = Number(params.id);
  if (!validId(projectId)) return;
  void client.prefetchQuery(projectQueryOptions(projectId));
  void client.prefetchQuery(weeklyStatusesQuery.options(projectId));
}
