import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupAssessmentSupervisionRecord } from '@domain/contract';
import { setupAssessment } from '@web/api/endpoints/setup-assessment';
import { api } from '@web/api/endpoint';
import { setupAssessmentKeys } from './setup-assessment-supervision';

export type { SetupAssessmentSupervisionRecord };

/** GET /api/project-setup-assessments/project/{id}/all (002 §2.9, §7): every assessment of the project. */
export const projectAssessmentsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: setupAssessmentKeys.project(projectId),
    queryFn: () => api(setupAssessment.projectAssessments, { params: { id: projectId } }),
  });

export const useProjectAssessments = (projectId: number, options: { enabled?: boolean } = {}) =>
  useQuery({ ...projectAssessmentsQueryOptions(projectId), ...options });
