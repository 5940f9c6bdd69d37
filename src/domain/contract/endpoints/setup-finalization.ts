import { takesBack } from '../common';
import { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import { IdParams } from '../params';
import { SetupFinalizationCreate, SetupFinalizationRecord, SetupFinalizationUpdate } from '../setup';

/** Setup Finalization (spec 001 §7). */
export const setupFinalization = {
  /** The project's finalization rows. */
  list: endpoint({
    method: 'GET',
    path: '/api/project-setup-finalizations/project/:id',
    params: IdParams,
    response: z.array(SetupFinalizationRecord),
  }),
  /** Add a row; the body names its project (idProject). */
  create: endpoint({
    method: 'POST',
    path: '/api/project-setup-finalizations',
    body: SetupFinalizationCreate,
    response: SetupFinalizationRecord,
    status: 201,
  }),
  /** Change a row, with If-Match. */
  update: endpoint({
    method: 'PUT',
    path: '/api/project-setup-finalizations/:id',
    params: IdParams,
    body: takesBack(SetupFinalizationUpdate, SetupFinalizationRecord),
    response: SetupFinalizationRecord,
  }),
  /** Delete a row. */
  remove: endpoint({ method: 'DELETE', path: '/api/project-setup-finalizations/:id', params: IdParams }),
} satisfies Record<string, EndpointDef>;
