import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/api/client';
import { projectKeys } from './keys';

export interface ProjectListItem {
  id: number;
  code: string;
  name: string;
  idStatus: number;
  endDate: string | null;
  client: { id: number; name: string } | null;
  projectManager: { id: number; name: string; login: string; email: string; photoGUID: string | null } | null;
  projectPractices: { idPractice: number }[];
}

/** GET /api/projects (cached: the landing pages reuse it). */
export const projectsQueryOptions = () =>
  queryOptions({ queryKey: projectKeys.list(), queryFn: () => apiGet<ProjectListItem[]>('/api/projects'), staleTime: 60_000 });
export const useProjects = () => useQuery(projectsQueryOptions());
