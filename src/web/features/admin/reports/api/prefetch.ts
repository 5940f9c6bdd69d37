import type { QueryClient } from '@tanstack/react-query';
import { hasAnyScope } from '@domain/rules';
import { REPORT_SCOPES } from '@domain/rules/admin';
import { professionalsQueryOptions } from '@web/api/master';
import { projectsQueryOptions } from '@web/api/projects';
import { currentUser } from '@web/api/session';

/**
 * The Reports page's prefetch (navigation tree): the master lists its dialogs offer — professionals and projects
 * (Project Evaluations, Project Allocation) — only for those who may download those reports.
 */
export function prefetchReports(client: QueryClient) {
  const user = currentUser();
  const lists =
    hasAnyScope(user, REPORT_SCOPES['project-professional-evaluations']) ||
    hasAnyScope(user, REPORT_SCOPES['project-allocation']);
  if (!lists) return;
  void client.prefetchQuery(professionalsQueryOptions());
  void client.prefetchQuery(projectsQueryOptions());
}
