import { takesBack } from '../common';
import { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import { IdParams, ProjectIdParams } from '../params';
import {
  RecipientBody,
  RecipientUpdate,
  SignedTypePatch,
  VersionedRecipient,
  VersionedWeeklyStatusContent,
  WeeklyStatus,
  WeeklyStatusContent,
  WeeklyStatusCreate,
  WeeklyStatusFileQuery,
  WeeklyStatusId,
  WeeklyStatusRecipientParams,
  WeeklyStatusSectionParams,
  WeeklyStatusUpdate,
} from '../weekly-status';

/** Weekly status (spec 001 §7, 002 §7): src/server/modules/weekly-status. */
export const weeklyStatus = {
  /** The project's weekly statuses. */
  list: endpoint({
    method: 'GET',
    path: '/api/weekly-status/project/:projectId',
    params: ProjectIdParams,
    response: z.array(WeeklyStatus),
  }),
  /**
   * A new weekly status of the given signed type (201: its id); with `startFrom`, the sections and recipients of
   * that weekly status of the same project are copied, nothing of its signature (400 another project's, 404 unknown).
   */
  create: endpoint({
    method: 'POST',
    path: '/api/weekly-status/project/:projectId',
    params: ProjectIdParams,
    body: WeeklyStatusCreate,
    response: WeeklyStatusId,
    status: 201,
  }),
  /** Every signed weekly status of the project as one PDF (002 §2.4). */
  signedFiles: endpoint({
    method: 'GET',
    path: '/api/weekly-status/project/:projectId/download',
    params: ProjectIdParams,
    file: true,
  }),
  /** One weekly status with its version (ETag). */
  get: endpoint({ method: 'GET', path: '/api/weekly-status/:id', params: IdParams, response: WeeklyStatus }),
  /** The client submission date, or the list's Undo Submit (If-Match). */
  update: endpoint({
    method: 'PUT',
    path: '/api/weekly-status/:id',
    params: IdParams,
    body: WeeklyStatusUpdate,
    response: WeeklyStatus,
  }),
  /** Deletes (the record stays as 'deleted'; If-Match; 204). */
  remove: endpoint({ method: 'DELETE', path: '/api/weekly-status/:id', params: IdParams, status: 204 }),
  /** Changes the signed type (If-Match). */
  signedType: endpoint({
    method: 'PATCH',
    path: '/api/weekly-status/:id/signed-type',
    params: IdParams,
    body: SignedTypePatch,
    response: WeeklyStatus,
  }),
  /** A section's content blocks (type 1–5), by orderPosition. */
  contents: endpoint({
    method: 'GET',
    path: '/api/weekly-status-contents/weekly-status/:id/type/:type',
    params: WeeklyStatusSectionParams,
    response: z.array(VersionedWeeklyStatusContent),
  }),
  /** A new block at the end of the section (201, ETag). */
  createContent: endpoint({
    method: 'POST',
    path: '/api/weekly-status-contents/weekly-status/:id/type/:type',
    params: WeeklyStatusSectionParams,
    body: WeeklyStatusContent,
    response: VersionedWeeklyStatusContent,
    status: 201,
  }),
  /** One block (If-Match; absent fields kept). */
  updateContent: endpoint({
    method: 'PUT',
    path: '/api/weekly-status-contents/:id',
    params: IdParams,
    body: takesBack(WeeklyStatusContent, VersionedWeeklyStatusContent),
    response: VersionedWeeklyStatusContent,
  }),
  /** Removes a block (If-Match; 204). */
  removeContent: endpoint({
    method: 'DELETE',
    path: '/api/weekly-status-contents/:id',
    params: IdParams,
    status: 204,
  }),
  /** The weekly status's recipients. */
  recipients: endpoint({
    method: 'GET',
    path: '/api/weekly-status/:id/recipients',
    params: IdParams,
    response: z.array(VersionedRecipient),
  }),
  /** Adds a recipient (201, ETag). */
  addRecipient: endpoint({
    method: 'POST',
    path: '/api/weekly-status/:id/recipients',
    params: IdParams,
    body: RecipientBody,
    response: VersionedRecipient,
    status: 201,
  }),
  /** Changes a recipient (If-Match; absent fields kept). */
  updateRecipient: endpoint({
    method: 'PUT',
    path: '/api/weekly-status/:id/recipients/:recipientId',
    params: WeeklyStatusRecipientParams,
    body: takesBack(RecipientUpdate, VersionedRecipient),
    response: VersionedRecipient,
  }),
  /** Removes a recipient (If-Match; 204). */
  removeRecipient: endpoint({
    method: 'DELETE',
    path: '/api/weekly-status/:id/recipients/:recipientId',
    params: WeeklyStatusRecipientParams,
    status: 204,
  }),
  /** Sends to sign or completes (multipart, field `file`; empty on the template path; If-Match). */
  submit: endpoint({
    method: 'POST',
    path: '/api/weekly-status/:id/submit',
    params: IdParams,
    response: WeeklyStatus,
    multipart: true,
  }),
  /** The signed (`signed=1`) or not signed file. */
  file: endpoint({
    method: 'GET',
    path: '/api/weekly-status/:id/file',
    params: IdParams,
    query: WeeklyStatusFileQuery,
    file: true,
  }),
  /** The signing e-mails again (204). */
  resend: endpoint({ method: 'POST', path: '/api/weekly-status/:id/resend', params: IdParams, status: 204 }),
} satisfies Record<string, EndpointDef>;
