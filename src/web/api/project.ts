import { queryOptions, useQuery } from '@tanstack/react-query';
import { KPI_REFRESH_MS } from '@domain/constants';
import { projects as projectEndpoints } from '@web/api/endpoints/projects';
import { api } from './endpoint';
import { queryById, validId } from './entity-query';
import { projectKeys } from './keys';

/** GET /api/projects/{id}: the project (header, overview panel, every project page). */
const projectQuery = queryById(projectEndpoints.get, projectKeys.detail);
export const projectQueryOptions = projectQuery.options;
export const useProject = projectQuery.useById;

/** GET /api/projects/{id}/kpis, polled every 5 s; keyed by the route's id so it starts with the project. */
export const kpisQueryOptions = (id: number) =>
  queryOptions({
    queryKey: projectKeys.kpis(id),
    queryFn: () => api(projectEndpoints.kpis, { params: { id } }),
    refetchInterval: KPI_REFRESH_MS,
    staleTime: 0,
    enabled: validId(id),
  });
export const useKpis = (id: number) => useQuery(kpisQueryOptions(id));
