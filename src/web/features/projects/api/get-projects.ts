import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectListItem } from '@domain/contract';
import { apiGet } from '@web/api/client';
import { projectKeys } from './keys';

export type { ProjectListItem };

/** GET /api/projects (cached: the landing pages reuse it). */
export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: projectKeys.list(),
    queryFn: () => apiGet<ProjectListItem[]>('/api/projects'),
    staleTime: 60_000,
  });
export const useProjects = () => useQuery(projectsQueryOptions());
