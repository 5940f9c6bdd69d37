import { takesBack } from '../common';
import { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import { IdParams } from '../params';
import { ProjectSessionParams } from '../session';
import {
  ProjectSession,
  ProjectSessionCreate,
  ProjectSessionPatch,
  ProjectSessionRecord,
  ProjectSessionUpdate,
} from '../setup';

/** Project sessions (spec 001 §7 "Sessions"): the setup session's scope texts and the During sessions. */
export const sessions = {
  /** The project's non-setup sessions, newest first. */
  list: endpoint({
    method: 'GET',
    path: '/api/projects/:id/sessions',
    params: IdParams,
    response: z.array(ProjectSession),
  }),
  /** Open a During session (201 with its ETag). */
  create: endpoint({
    method: 'POST',
    path: '/api/projects/:id/sessions',
    params: IdParams,
    body: ProjectSessionCreate,
    response: ProjectSession,
    status: 201,
  }),
  /** One session with its version (ETag): the setup one for everyone, a During one for the team. */
  get: endpoint({
    method: 'GET',
    path: '/api/projects/:id/sessions/:sessionId',
    params: ProjectSessionParams,
    response: ProjectSessionRecord,
  }),
  /** One field (projectScope / projectOutScope of the setup session) with If-Match. */
  patch: endpoint({
    method: 'PATCH',
    path: '/api/projects/:id/sessions/:sessionId',
    params: ProjectSessionParams,
    body: ProjectSessionPatch,
    response: ProjectSessionRecord,
  }),
  /** A During session's fields, merged over the stored ones, with If-Match (409 setup / submitted). */
  update: endpoint({
    method: 'PUT',
    path: '/api/projects/:id/sessions/:sessionId',
    params: ProjectSessionParams,
    body: takesBack(ProjectSessionUpdate, ProjectSessionRecord),
    response: ProjectSessionRecord,
  }),
  /** Delete a During session and its records (204; If-Match; 409 setup / submitted). */
  remove: endpoint({
    method: 'DELETE',
    path: '/api/projects/:id/sessions/:sessionId',
    params: ProjectSessionParams,
    status: 204,
  }),
  /** Submit: submittedAt = now, idSubmittedBy = the caller (no body; If-Match). */
  submit: endpoint({
    method: 'PATCH',
    path: '/api/projects/:id/sessions/:sessionId/submit',
    params: ProjectSessionParams,
    response: ProjectSessionRecord,
  }),
  /** Undo the submission (no body; If-Match). */
  unsubmit: endpoint({
    method: 'PATCH',
    path: '/api/projects/:id/sessions/:sessionId/unsubmit',
    params: ProjectSessionParams,
    response: ProjectSessionRecord,
  }),
} satisfies Record<string, EndpointDef>;
