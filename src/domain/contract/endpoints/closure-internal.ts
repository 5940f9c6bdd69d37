import { endpoint, type EndpointDef } from '../endpoint';
import { ClosureInternalFormPatchBody, ClosureInternalPatch, ClosureInternalRecord } from '../closure';
import { IdParams } from '../params';

/** Closure Internal (spec 002 §7 "Closure internal"): the checklists, the close-out form and their files. */
export const closureInternal = {
  /** The four checklists, the attachments and the close-out form; ETag = its version. */
  get: endpoint({
    method: 'GET',
    path: '/api/project-closure-internal/project/:id',
    params: IdParams,
    response: ClosureInternalRecord,
  }),
  /** One checklist field (a person responsible or a status; If-Match). */
  update: endpoint({
    method: 'PATCH',
    path: '/api/project-closure-internal/project/:id',
    params: IdParams,
    body: ClosureInternalPatch,
    response: ClosureInternalRecord,
  }),
  /** One close-out form field (If-Match). */
  updateForm: endpoint({
    method: 'PATCH',
    path: '/api/project-closure-internal/project/:id/form',
    params: IdParams,
    body: ClosureInternalFormPatchBody,
    response: ClosureInternalRecord,
  }),
  /** The sanitized references (PDF). */
  sanitizedReferences: endpoint({
    method: 'GET',
    path: '/api/projects/:id/sanitized-references/file',
    params: IdParams,
    file: true,
  }),
  /** Uploads the sanitized references (multipart field `file`, a PDF). */
  uploadSanitizedReferences: endpoint({
    method: 'POST',
    path: '/api/projects/:id/sanitized-references/file',
    params: IdParams,
    multipart: true,
    response: ClosureInternalRecord,
  }),
  /** The CRM file (PDF or Excel). */
  crmFile: endpoint({ method: 'GET', path: '/api/projects/:id/crm/file', params: IdParams, file: true }),
  /** Uploads the CRM file (multipart field `file`, a PDF or the filled .xlsx template). */
  uploadCrmFile: endpoint({
    method: 'POST',
    path: '/api/projects/:id/crm/file',
    params: IdParams,
    multipart: true,
    response: ClosureInternalRecord,
  }),
  /** The complete one-page case (PDF). */
  completeCase: endpoint({
    method: 'GET',
    path: '/api/projects/:id/close-out/complete-case/file',
    params: IdParams,
    file: true,
  }),
  /** Uploads the complete case (multipart field `file`, a PDF). */
  uploadCompleteCase: endpoint({
    method: 'POST',
    path: '/api/projects/:id/close-out/complete-case/file',
    params: IdParams,
    multipart: true,
    response: ClosureInternalRecord,
  }),
  /** The complete one-page case template (PDF). */
  completeCaseTemplate: endpoint({
    method: 'GET',
    path: '/api/projects/:id/close-out/complete-case/template',
    params: IdParams,
    file: true,
  }),
  /** The CRM template, filled with the project's stakeholders (Excel). */
  crmTemplate: endpoint({
    method: 'GET',
    path: '/api/projects/:id/CRM/template',
    params: IdParams,
    file: true,
  }),
} satisfies Record<string, EndpointDef>;
