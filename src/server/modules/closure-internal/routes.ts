import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { PDF_CONTENT_TYPE } from '@server/adapters/documents';
import { sendWorkbook } from '@server/adapters/reports';
import { on } from '@server/platform/endpoint';
import { HttpError, httpError } from '../../http';
import {
  cleanFileName,
  DEFAULT_PDF_MAX_BYTES,
  formatBytes,
  isPdf,
  NO_FILE_MESSAGE,
  readPdfUpload,
  sendStoredFile,
} from '../../platform/files';
import { versionedWrite, withEtag } from '../../platform/versions';
import { CRM_FILE_TYPES_MESSAGE } from '@domain/rules/messages';
import * as service from './service';
import { caseTemplate, caseTemplateName, crmTemplate, crmTemplateName } from './templates';

const tags = ['closure-internal'];
const E = endpoints.closureInternal;
/** An entry like `T` at another path (the three file kinds share their schemas). */
type AnyPath<T> = Omit<T, 'path'> & { path: string };
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A multipart error as the client's 4xx (413 for limits), never a 500. */
function uploadError(e: unknown): HttpError {
  if (e instanceof HttpError) return e;
  const err = e as { code?: string; statusCode?: number; message?: string };
  if (err?.code === 'FST_REQ_FILE_TOO_LARGE')
    return httpError(413, `The file is too large: the limit is ${formatBytes(DEFAULT_PDF_MAX_BYTES)}`);
  if (err?.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return httpError(400, NO_FILE_MESSAGE);
  if (err?.code?.startsWith('FST_') && err.code.endsWith('_LIMIT'))
    return httpError(413, 'The upload has too many parts: send one file in the field "file"');
  if (err?.statusCode && err.statusCode >= 400 && err.statusCode < 500)
    return httpError(err.statusCode, err.message ?? 'Bad request');
  return httpError(
    400,
    `Invalid request: the upload could not be read (${err?.message ?? 'malformed body'})`,
  );
}

/**
 * The CRM file (multipart `file`): a PDF, or the filled CRM template as an Excel workbook (.xlsx: a zip whose
 * name ends in .xlsx). 400 'Please, select a file' without one; 400 for any other type; 413 over 25 MB.
 */
async function readCrmUpload(req: FastifyRequest): Promise<service.Upload> {
  if (!req.isMultipart()) throw httpError(400, NO_FILE_MESSAGE);
  let found: { buffer: Buffer; fileName: string } | undefined;
  try {
    for await (const part of req.parts({
      limits: { fileSize: DEFAULT_PDF_MAX_BYTES, files: 5, parts: 60 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || found) {
        part.file.resume();
        continue;
      }
      found = { buffer: await part.toBuffer(), fileName: cleanFileName(part.filename, 'crm-file') };
    }
  } catch (e) {
    throw uploadError(e);
  }
  if (!found || found.buffer.length === 0) throw httpError(400, NO_FILE_MESSAGE);
  if (isPdf(found.buffer)) return { ...found, contentType: service.PDF };
  const zip = found.buffer.subarray(0, 4).equals(ZIP_MAGIC);
  if (zip && /\.xlsx$/i.test(found.fileName)) return { ...found, contentType: service.XLSX };
  throw httpError(400, CRM_FILE_TYPES_MESSAGE);
}

/** A PDF upload (002 §9 "only .pdf uploads"): 'Please, select a file' / 'Only PDF files is allowed'. */
async function readPdf(req: FastifyRequest): Promise<service.Upload> {
  const { buffer, fileName } = await readPdfUpload(req);
  return { buffer, fileName, contentType: service.PDF };
}

/**
 * Closure Internal (spec 002 §7 "Closure internal"). Reads: RULES.projectRead; writes: RULES.closureInternalEdit
 * (the project's team, or Admin). Every path names the project by `id`.
 */
export default async function closureInternalRoutes(app: FastifyInstance) {
  const { db } = app;
  const deps = (req: FastifyRequest): service.ClosureInternalDeps => ({ db, files: app.files, log: req.log });
  const read = { access: RULES.projectRead };
  const write = { access: RULES.closureInternalEdit };

  on(app, E.get, { tags, config: read }, async (req, reply) =>
    withEtag(reply, await service.get(db, req.params.id)),
  );

  on(app, E.update, { tags, config: write }, (req, reply) =>
    versionedWrite(req, reply, (v) => service.patch(db, req.projectAccess, req.body, v)),
  );

  on(app, E.updateForm, { tags, config: write }, (req, reply) =>
    versionedWrite(req, reply, (v) => service.patchForm(db, req.projectAccess, req.body, v)),
  );

  /** The GET and the POST (upload) of one file kind. */
  const files = (
    get: AnyPath<typeof E.sanitizedReferences>,
    post: AnyPath<typeof E.uploadSanitizedReferences>,
    kind: service.FileKind,
    readUpload: (req: FastifyRequest) => Promise<service.Upload>,
  ) => {
    on(app, get, { tags, config: read }, async (req, reply) => {
      const file = await service.openFile(deps(req), req.params.id, kind);
      return sendStoredFile(reply, file.stream, file);
    });
    on(app, post, { tags, config: write }, async (req, reply) =>
      withEtag(reply, await service.upload(deps(req), req.projectAccess, kind, await readUpload(req))),
    );
  };
  files(E.sanitizedReferences, E.uploadSanitizedReferences, 'sanitized-references', readPdf);
  files(E.crmFile, E.uploadCrmFile, 'crm', readCrmUpload);
  files(E.completeCase, E.uploadCompleteCase, 'complete-case', readPdf);

  on(app, E.completeCaseTemplate, { tags, config: read }, async (req, reply) => {
    const project = await service.templateProject(db, req.params.id);
    const buffer = caseTemplate(project);
    return sendStoredFile(reply, buffer, {
      fileName: caseTemplateName(project.code),
      contentType: PDF_CONTENT_TYPE,
      size: buffer.length,
    });
  });

  on(app, E.crmTemplate, { tags, config: read }, async (req, reply) => {
    const project = await service.templateProject(db, req.params.id);
    const stakeholders = await service.portalStakeholders(db, project.id);
    return sendWorkbook(reply, crmTemplateName(project.code), crmTemplate(project, stakeholders));
  });
}
