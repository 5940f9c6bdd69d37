import type { ProjectListItem } from '@domain/contract';
import { projectsQueryOptions, useProjects } from '@web/api/projects';

/**
 * The projects the user may pin to a channel: the portal's project list (GET /api/projects), from the same
 * cache entry as the project list (one copy of the list in memory).
 */
export const pickableProjectsQueryOptions = projectsQueryOptions;
export const usePickableProjects = () => useProjects();

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
