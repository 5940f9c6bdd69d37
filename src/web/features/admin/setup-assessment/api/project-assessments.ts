import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupAssessmentSupervisionRecord } from '@domain/contract';
import { apiGet } from '@web/api/client';
import { setupAssessmentKeys } from './setup-assessment-supervision';

export type { SetupAssessmentSupervisionRecord };

/** GET /api/project-setup-assessments/project/{id}/all (002 §2.9, §7): every assessment of the project. */
export const projectAssessmentsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: setupAssessmentKeys.project(projectId),
    queryFn: () =>
      apiGet<SetupAssessmentSupervisionRecord[]>(`/api/project-setup-assessments/project/${projectId}/all`),
  });

export const useProjectAssessments = (projectId: number, options: { enabled?: boolean } = {}) =>
  useQuery({ ...projectAssessmentsQueryOptions(projectId), ...options });
