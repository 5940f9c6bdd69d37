import { queryOptions, useQuery } from '@tanstack/react-query';
import { KPI_REFRESH_MS } from '@domain/constants';
import { projects as projectEndpoints } from '@web/api/endpoints/projects';
import { api } from './endpoint';
import { projectKeys } from './projects';

const valid = (id: number) => Number.isInteger(id) && id > 0;

/** GET /api/projects/{id}: the project (header, overview panel, every project page). */
export const projectQueryOptions = (id: number) =>
  queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: () => api(projectEndpoints.get, { params: { id } }),
    enabled: valid(id),
  });
export const useProject = (id: number, options: { enabled?: boolean } = {}) =>
  useQuery({ ...projectQueryOptions(id), ...(options.enabled === false ? { enabled: false } : {}) });

/** GET /api/projects/{id}/kpis, polled every 5 s; keyed by the route's id so it starts with the project. */
export const kpisQueryOptions = (id: number) =>
  queryOptions({
    queryKey: projectKeys.kpis(id),
    queryFn: () => api(projectEndpoints.kpis, { params: { id } }),
    refetchInterval: KPI_REFRESH_MS,
    staleTime: 0,
    enabled: valid(id),
  });
export const useKpis = (id: number) => useQuery(kpisQueryOptions(id));
