import { takesBack } from '../common';
import { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import { IdParams } from '../params';
import { ClosureChecklistPut, ClosureChecklistRecord, KnmChecklistRow } from '../closure';

/** The KNM Project Check List (spec 002 §2.10): Admin or KNW. */
export const closureCheck = {
  /** The projects in Closure or Closed with their client (the grid). */
  list: endpoint({ method: 'GET', path: '/api/knm-checklist', response: z.array(KnmChecklistRow) }),
  /** One project's checklist (the defaults when it has none); ETag. */
  get: endpoint({
    method: 'GET',
    path: '/api/project-closure-check/project/:id',
    params: IdParams,
    response: ClosureChecklistRecord,
  }),
  /** The whole checklist, with If-Match (412 with the current record when stale). */
  put: endpoint({
    method: 'PUT',
    path: '/api/project-closure-check/project/:id',
    params: IdParams,
    body: takesBack(ClosureChecklistPut, ClosureChecklistRecord),
    response: ClosureChecklistRecord,
  }),
} satisfies Record<string, EndpointDef>;
