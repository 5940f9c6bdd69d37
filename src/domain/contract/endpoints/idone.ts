import { takesBack } from '../common';
import { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import {
  IdOneCentrePageQuery,
  IdOneCentrePeople,
  IdOneCentreQuery,
  IdOneCentreRow,
  ProjectIdOne,
  ProjectIdOneBody,
} from '../idone';
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
  /**
   * The ID One Accredited Centre (Admin or IDOne): one page of the projects of the filters by code; the x-total
   * header (ID_ONE_CENTRE_HEADERS) counts the whole filtered set.
   */
  centre: endpoint({
    method: 'GET',
    path: '/api/id-one-centre',
    query: IdOneCentrePageQuery,
    response: z.array(IdOneCentreRow),
  }),
  /** The options of the centre's Responsible and Project Manager header filters (Admin or IDOne). */
  people: endpoint({ method: 'GET', path: '/api/id-one-centre/people', response: IdOneCentrePeople }),
  /** Its Excel report (id-one.xlsx): every project of the grid's filters (no paging), streamed. */
  report: endpoint({ method: 'GET', path: '/api/reports/idone', query: IdOneCentreQuery, file: true }),
} satisfies Record<string, EndpointDef>;
