import { takesBack } from '../common';
import { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import { IdOneCentreQuery, IdOneCentreRow, ProjectIdOne, ProjectIdOneBody } from '../idone';
import { IdParams } from '../params';

/** ID One records (spec 000 §7); the ID One Accredited Centre and its report (spec 002 §2.9, §7). */
export const idone = {
  /** The project's ID One records (`:id` is the project). */
  list: endpoint({
    method: 'GET',
    path: '/api/project-id-ones/project/:id',
    params: IdParams,
    response: z.array(ProjectIdOne),
  }),
  /** Add a record to the project of its `idProject` (201 with its ETag). */
  create: endpoint({
    method: 'POST',
    path: '/api/project-id-ones',
    body: ProjectIdOneBody,
    response: ProjectIdOne,
    status: 201,
  }),
  /** Replace one record with If-Match. */
  update: endpoint({
    method: 'PUT',
    path: '/api/project-id-ones/:id',
    params: IdParams,
    body: takesBack(ProjectIdOneBody, ProjectIdOne),
    response: ProjectIdOne,
  }),
  /** Delete one record (204). */
  remove: endpoint({ method: 'DELETE', path: '/api/project-id-ones/:id', params: IdParams, status: 204 }),
  /** The ID One Accredited Centre: every project (Admin or IDOne). */
  centre: endpoint({
    method: 'GET',
    path: '/api/id-one-centre',
    query: IdOneCentreQuery,
    response: z.array(IdOneCentreRow),
  }),
  /** Its Excel report (id-one.xlsx) with the grid's search applied, streamed. */
  report: endpoint({ method: 'GET', path: '/api/reports/idone', query: IdOneCentreQuery, file: true }),
} satisfies Record<string, EndpointDef>;
