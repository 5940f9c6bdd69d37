import { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import { IdParams } from '../params';
import {
  SetupAssessmentOwn,
  SetupAssessmentPatch,
  SetupAssessmentSupervisionRecord,
  SetupAssessmentSupervisionRow,
} from '../setup';

/** Setup assessment (001 §7): the caller's own; Setup Assessment Supervision (002 §2.9). */
export const setupAssessment = {
  /** The caller's own assessment of the project (nulls before the first save); ETag. */
  own: endpoint({
    method: 'GET',
    path: '/api/project-setup-assessments/project/:id',
    params: IdParams,
    response: SetupAssessmentOwn,
  }),
  /** One field of the caller's own assessment, with If-Match. */
  patchOwn: endpoint({
    method: 'PATCH',
    path: '/api/project-setup-assessments/project/:id',
    params: IdParams,
    body: SetupAssessmentPatch,
    response: SetupAssessmentOwn,
  }),
  /** The closed projects, newest closure first (admin area). */
  closedProjects: endpoint({
    method: 'GET',
    path: '/api/setup-assessment-supervision',
    response: z.array(SetupAssessmentSupervisionRow),
  }),
  /** Every assessment of one project (admin area). */
  projectAssessments: endpoint({
    method: 'GET',
    path: '/api/project-setup-assessments/project/:id/all',
    params: IdParams,
    response: z.array(SetupAssessmentSupervisionRecord),
  }),
} satisfies Record<string, EndpointDef>;
