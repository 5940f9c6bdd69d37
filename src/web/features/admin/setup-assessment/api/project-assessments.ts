import type { SetupAssessmentSupervisionRecord } from '@domain/contract';
import { setupAssessment } from '@web/api/endpoints/setup-assessment';
import { queryById } from '@web/api/entity-query';
import { setupAssessmentKeys } from './keys';

export type { SetupAssessmentSupervisionRecord };

/** GET /api/project-setup-assessments/project/{id}/all (002 §2.9, §7): every assessment of the project. */
const projectAssessmentsQuery = queryById(setupAssessment.projectAssessments, setupAssessmentKeys.project);
export const useProjectAssessments = projectAssessmentsQuery.useById;
