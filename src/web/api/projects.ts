import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ProjectListItem, StatusChangeResult } from '@domain/contract';
import { projects as projectEndpoints } from '@web/api/endpoints/projects';
import { api } from './endpoint';
import { projectKeys } from './keys';

export type { ProjectListItem };

/**
 * GET /api/projects. The entry has no response schema (the server answers JSON the database built, cached per
 * list version): the answer is typed here with the contract's `ProjectListItem`.
 */
const fetchProjects = () => api(projectEndpoints.list) as unknown as Promise<ProjectListItem[]>;

/** GET /api/projects — one cache entry for every screen that lists projects (home, one-page, Teams picker). */
export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: projectKeys.list(),
    queryFn: fetchProjects,
    staleTime: 60_000,
  });
export const useProjects = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...projectsQueryOptions(), ...options });

/** A status change answered by the server, written into the cached list row (no reload of the whole list). */
export function applyStatusChange(client: QueryClient, result: StatusChangeResult) {
  client.setQueryData<ProjectListItem[]>(projectKeys.list(), (list) =>
    list?.map((p) => (p.id === result.id ? { ...p, idStatus: result.idStatus } : p)),
  );
}
