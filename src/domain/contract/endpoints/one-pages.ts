import { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import {
  OnePageCarryForward,
  OnePageConfirmCarried,
  OnePageGrantParams,
  OnePageListRow,
  OnePagePatch,
  OnePageRecord,
  OnePageSubmit,
} from '../onepages';
import { IdParams, ProjectIdParams } from '../params';
import { TeamMember } from '../projects';

/** The one-pages (spec 001 §7, 002 §7): src/server/modules/one-pages. */
export const onePages = {
  /** The project's one-pages, newest first. */
  list: endpoint({
    method: 'GET',
    path: '/api/one-pages/project/:projectId',
    params: ProjectIdParams,
    response: z.array(OnePageListRow),
  }),
  /** One one-page with its version (ETag). */
  get: endpoint({ method: 'GET', path: '/api/one-pages/:id', params: IdParams, response: OnePageRecord }),
  /** One field (If-Match; 409 once submitted). */
  update: endpoint({
    method: 'PATCH',
    path: '/api/one-pages/:id',
    params: IdParams,
    body: OnePagePatch,
    response: OnePageRecord,
  }),
  /** Submits with the form's values (a refusal is a 400 `{ …, fields }`, OnePageSubmitRefusal). */
  submit: endpoint({
    method: 'PATCH',
    path: '/api/one-pages/:id/submit',
    params: IdParams,
    body: OnePageSubmit.nullish(),
    response: OnePageRecord,
  }),
  /**
   * Start from last week: copies the fields of a submitted one-page of an earlier week of the project onto this
   * draft, marking them carried (If-Match; 409 once submitted; a source not of this project or not earlier is a 400,
   * one not submitted a 409).
   */
  carryForward: endpoint({
    method: 'POST',
    path: '/api/one-pages/:id/carry-forward',
    params: IdParams,
    body: OnePageCarryForward,
    response: OnePageRecord,
  }),
  /** Confirms carried fields: their "From last week" marks go, the values stay (If-Match; 409 once submitted). */
  confirmCarried: endpoint({
    method: 'PATCH',
    path: '/api/one-pages/:id/confirm-carried',
    params: IdParams,
    body: OnePageConfirmCarried,
    response: OnePageRecord,
  }),
  /** Undo submit (the governance scope): a draft again. */
  unsubmit: endpoint({
    method: 'PATCH',
    path: '/api/one-pages/:id/unsubmit',
    params: IdParams,
    response: OnePageRecord,
  }),
  /** Grant access: toggles the team member's isOnePageAllow. */
  grant: endpoint({
    method: 'PATCH',
    path: '/api/projects/:id/project-team/grant/:teamMemberId',
    params: OnePageGrantParams,
    response: TeamMember,
  }),
} satisfies Record<string, EndpointDef>;
