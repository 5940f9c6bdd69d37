import { takesBack } from '../common';
import { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import {
  ClosureExternal,
  ClosureExternalPatch,
  ClosureProjectParams,
  ClosureRecipientParams,
} from '../closure';
import { IdParams } from '../params';
import { Recipient, RecipientBody, SignedTypePatch } from '../weekly-status';

/** Closure With Client (spec 002 §7 "Closure with client"): the record, its recipients and the legal document. */
export const closureExternal = {
  /** The closure record (signature state, legal document, four items); ETag = its version. */
  get: endpoint({
    method: 'GET',
    path: '/api/project-closure-external/project/:id',
    params: IdParams,
    response: ClosureExternal,
  }),
  /** One field of the record (If-Match: the loaded version; 412 with the current record). */
  update: endpoint({
    method: 'PATCH',
    path: '/api/project-closure-external/project/:id',
    params: IdParams,
    body: ClosureExternalPatch,
    response: ClosureExternal,
  }),
  /** The signature path chosen in step 1 of the legal document wizard. */
  setSignedType: endpoint({
    method: 'PATCH',
    path: '/api/project-closure-external/project/:projectId/signed-type',
    params: ClosureProjectParams,
    body: SignedTypePatch,
    response: ClosureExternal,
  }),
  /** The legal document's active recipients. */
  recipients: endpoint({
    method: 'GET',
    path: '/api/project-closure-external/project/:projectId/recipients',
    params: ClosureProjectParams,
    response: z.array(Recipient),
  }),
  /** Adds a recipient (201, ETag). */
  addRecipient: endpoint({
    method: 'POST',
    path: '/api/project-closure-external/project/:projectId/recipients',
    params: ClosureProjectParams,
    body: RecipientBody,
    response: Recipient,
    status: 201,
  }),
  /** Changes a recipient (If-Match). */
  updateRecipient: endpoint({
    method: 'PUT',
    path: '/api/project-closure-external/project/:projectId/recipients/:id',
    params: ClosureRecipientParams,
    body: takesBack(RecipientBody, Recipient),
    response: Recipient,
  }),
  /** Removes a recipient (If-Match; 204). */
  removeRecipient: endpoint({
    method: 'DELETE',
    path: '/api/project-closure-external/project/:projectId/recipients/:id',
    params: ClosureRecipientParams,
    status: 204,
  }),
  /** Sends the legal document to sign (type 2) or stores the signed one (type 3): multipart field `file`. */
  submit: endpoint({
    method: 'POST',
    path: '/api/project-closure-external/project/:projectId/submit',
    params: ClosureProjectParams,
    multipart: true,
    response: ClosureExternal,
  }),
  /** The legal document (the signed one when there is one, else the one sent). */
  file: endpoint({
    method: 'GET',
    path: '/api/projects/:id/legal-documents/file',
    params: IdParams,
    file: true,
  }),
  /** Uploads the signed legal document (multipart field `file`). */
  upload: endpoint({
    method: 'POST',
    path: '/api/projects/:id/legal-documents/file',
    params: IdParams,
    multipart: true,
    response: ClosureExternal,
  }),
  /** "Remove Document": the file goes and an open signature is voided (If-Match; 204). */
  removeFile: endpoint({
    method: 'DELETE',
    path: '/api/projects/:id/legal-documents/file',
    params: IdParams,
    status: 204,
  }),
  /** The legal closure document template (PDF). */
  template: endpoint({
    method: 'GET',
    path: '/api/projects/:id/legal-documents/template',
    params: IdParams,
    file: true,
  }),
} satisfies Record<string, EndpointDef>;
