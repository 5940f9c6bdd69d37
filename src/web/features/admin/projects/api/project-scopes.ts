import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { projects } from '@web/api/endpoints/projects';
import { api } from '@web/api/endpoint';
import { masterListQueryOptions } from '@web/api/master';
import { projectsQueryOptions } from '@web/api/projects';
import { adminProjectKeys } from './keys';

/** GET /api/admin/project-scopes: each project's geographic scope (the list's SCOPE column, 002 §2.8). */
export const projectScopesQueryOptions = () =>
  queryOptions({
    queryKey: adminProjectKeys.scopes(),
    queryFn: () => api(projects.scopes),
    staleTime: 60_000,
  });
export const useProjectScopes = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...projectScopesQueryOptions(), ...options });

/** The navigation tree's prefetch of /admin/projects: the shared list, the scopes and their names. */
export const prefetchAdminProjects = (client: QueryClient) => {
  void client.prefetchQuery(projectsQueryOptions());
  void client.prefetchQuery(projectScopesQueryOptions());
  void client.prefetchQuery(masterListQueryOptions('geographic-scopes'));
};
