import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SetupAssessmentSupervisionRow } from '@domain/contract';
import { hasAnyScope } from '@domain/rules';
import { ADMIN_MENU_SCOPES } from '@domain/constants';
import { setupAssessment } from '@web/api/endpoints/setup-assessment';
import { api } from '@web/api/endpoint';
import { currentUser } from '@web/api/session';

export type { SetupAssessmentSupervisionRow };

export const setupAssessmentKeys = {
  all: ['admin', 'setup-assessment'] as const,
  closedProjects: () => [...setupAssessmentKeys.all, 'closed-projects'] as const,
  project: (id: number) => [...setupAssessmentKeys.all, 'project', id] as const,
};

/** GET /api/setup-assessment-supervision (002 §2.9): every closed project, newest closure first. */
export const closedProjectsQueryOptions = () =>
  queryOptions({
    queryKey: setupAssessmentKeys.closedProjects(),
    queryFn: () => api(setupAssessment.closedProjects),
  });

export const useClosedProjects = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...closedProjectsQueryOptions(), ...options });

/** The page's prefetch (navigation tree): only for holders of an admin scope — a 403 would sign the person out. */
export function prefetchSetupAssessmentSupervision(client: QueryClient) {
  if (hasAnyScope(currentUser(), ADMIN_MENU_SCOPES)) void client.prefetchQuery(closedProjectsQueryOptions());
}
