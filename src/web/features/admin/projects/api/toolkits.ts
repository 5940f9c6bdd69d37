import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MasterToolkit, ProjectToolkitRow } from '@domain/contract';
import { apiGet } from '@web/api/client';
import { adminProjectKeys } from './keys';

/** GET /master/toolkits (002 §7): the toolkit master list. */
export const toolkitsQueryOptions = () =>
  queryOptions({
    queryKey: adminProjectKeys.toolkits(),
    queryFn: () => apiGet<MasterToolkit[]>('/master/toolkits', 'integration'),
    staleTime: 10 * 60_000,
  });
export const useToolkits = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...toolkitsQueryOptions(), ...options });

/** GET /api/project/{id}/toolkits: the project's toolkits (the dialog's Toolkit field starts from them). */
export const projectToolkitsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: adminProjectKeys.projectToolkits(projectId),
    queryFn: () => apiGet<ProjectToolkitRow[]>(`/api/project/${projectId}/toolkits`),
    enabled: projectId > 0,
  });
export const useProjectToolkits = (projectId: number, options: { enabled?: boolean } = {}) =>
  useQuery({ ...projectToolkitsQueryOptions(projectId), ...options });
