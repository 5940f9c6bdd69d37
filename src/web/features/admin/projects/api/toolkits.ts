import { queryOptions, useQuery } from '@tanstack/react-query';
import { master } from '@web/api/endpoints/master';
import { toolkits } from '@web/api/endpoints/toolkits';
import { api } from '@web/api/endpoint';
import { queryOf } from '@web/api/entity-query';
import { adminProjectKeys } from './keys';

/** GET /master/toolkits (002 §7): the toolkit master list. */
const toolkitsQuery = queryOf(master.toolkits, adminProjectKeys.toolkits(), { staleTime: 10 * 60_000 });
export const useToolkits = toolkitsQuery.useList;

/** GET /api/project/{id}/toolkits: the project's toolkits (the dialog's Toolkit field starts from them). */
export const projectToolkitsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: adminProjectKeys.projectToolkits(projectId),
    queryFn: () => api(toolkits.list, { params: { id: projectId } }),
    enabled: projectId > 0,
  });
export const useProjectToolkits = (projectId: number, options: { enabled?: boolean } = {}) =>
  useQuery({ ...projectToolkitsQueryOptions(projectId), ...options });
