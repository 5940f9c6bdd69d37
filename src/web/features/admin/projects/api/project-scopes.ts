import type { QueryClient } from '@tanstack/react-query';
import { projects } from '@web/api/endpoints/projects';
import { queryOf } from '@web/api/entity-query';
import { masterListQueryOptions } from '@web/api/master';
import { projectsQueryOptions } from '@web/api/projects';
import { adminProjectKeys } from './keys';

/** GET /api/admin/project-scopes: each project's geographic scope (the list's SCOPE column, 002 §2.8). */
const projectScopesQuery = queryOf(projects.scopes, adminProjectKeys.scopes(), { staleTime: 60_000 });
export const useProjectScopes = projectScopesQuery.useList;

/** The navigation tree's prefetch of /admin/projects: the shared list, the scopes and their names. */
export const prefetchAdminProjects = (client: QueryClient) => {
  void client.prefetchQuery(projectsQueryOptions());
  void client.prefetchQuery(projectScopesQuery.options());
  void client.prefetchQuery(masterListQueryOptions('geographic-scopes'));
};
