import type { QueryClient } from '@tanstack/react-query';
import type { SetupAssessmentSupervisionRow } from '@domain/contract';
import { hasAnyScope } from '@domain/rules';
import { ADMIN_MENU_SCOPES } from '@domain/constants';
import { setupAssessment } from '@web/api/endpoints/setup-assessment';
import { queryOf } from '@web/api/entity-query';
import { currentUser } from '@web/api/session';
import { setupAssessmentKeys } from './keys';

export type { SetupAssessmentSupervisionRow };

/** GET /api/setup-assessment-supervision (002 §2.9): every closed project, newest closure first. */
const closedProjectsQuery = queryOf(setupAssessment.closedProjects, setupAssessmentKeys.closedProjects());
export const closedProjectsQueryOptions = closedProjectsQuery.options;
export const useClosedProjects = closedProjectsQuery.useList;

/** The page's prefetch (navigation tree): only for holders of an admin scope — a 403 would sign the person out. */
export function prefetchSetupAssessmentSupervision(client: QueryClient) {
  if (hasAnyScope(currentUser(), ADMIN_MENU_SCOPES)) void client.prefetchQuery(closedProjectsQueryOptions());
}
