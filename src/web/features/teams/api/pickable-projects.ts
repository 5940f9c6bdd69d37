import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectListItem } from '@domain/contract';
import { apiGet } from '@web/api/client';

/** Query keys of the Teams feature. */
export const teamsKeys = {
  all: ['teams'] as const,
  projects: () => [...teamsKeys.all, 'projects'] as const,
};

/** The projects the user may pin to a channel: the portal's project list (GET /api/projects). */
export const pickableProjectsQueryOptions = () =>
  queryOptions({
    queryKey: teamsKeys.projects(),
    queryFn: () => apiGet<ProjectListItem[]>('/api/projects'),
    staleTime: 60_000,
  });
export const usePickableProjects = () => useQuery(pickableProjectsQueryOptions());

/** Case- and accent-insensitive search over code, name and client; at most `limit` matches. */
export function searchProjects(
  projects: readonly ProjectListItem[],
  text: string,
  limit = 50,
): ProjectListItem[] {
  const norm = (v: string | null | undefined) =>
    (v ?? '')
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const words = norm(text).split(/\s+/).filter(Boolean);
  const out: ProjectListItem[] = [];
  for (const p of projects) {
    const hay = `${norm(p.code)} ${norm(p.name)} ${norm(p.client?.name)}`;
    if (words.every((w) => hay.includes(w))) {
      out.push(p);
      if (out.length >= limit) break;
    }
  }
  return out;
}
