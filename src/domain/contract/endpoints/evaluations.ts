import { takesBack } from '../common';
import { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import { ProjectEvaluation, ProjectEvaluationBody } from '../evaluations';
import { IdParams } from '../params';

/** Evaluation Management (spec 000 §7): a project's evaluations. */
export const evaluations = {
  /** The project's evaluations (`:id` is the project). */
  list: endpoint({
    method: 'GET',
    path: '/api/project-evaluations/project/:id',
    params: IdParams,
    response: z.array(ProjectEvaluation),
  }),
  /** Add an evaluation to the project (201 with its ETag). */
  create: endpoint({
    method: 'POST',
    path: '/api/project-evaluations/project/:id',
    params: IdParams,
    body: ProjectEvaluationBody,
    response: ProjectEvaluation,
    status: 201,
  }),
  /** Replace one evaluation with If-Match. */
  update: endpoint({
    method: 'PUT',
    path: '/api/project-evaluations/:id',
    params: IdParams,
    body: takesBack(ProjectEvaluationBody, ProjectEvaluation),
    response: ProjectEvaluation,
  }),
  /** Delete one evaluation (204). */
  remove: endpoint({ method: 'DELETE', path: '/api/project-evaluations/:id', params: IdParams, status: 204 }),
} satisfies Record<string, EndpointDef>;
