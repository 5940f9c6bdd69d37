import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ClosureInternalFormPatchBody, ClosureInternalPatch, ClosureInternalRecord } from '@domain/contract';
import { RULES } from '@domain/rules';
import { PDF_CONTENT_TYPE } from '@server/adapters/documents';
import { sendWorkbook } from '@server/adapters/reports';
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
import { IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag } from '../../platform/versions';
import * as service from './service';
import { caseTemplate, caseTemplateName, crmTemplate, crmTemplateName } from './templates';

const tags = ['closure-internal'];
export const CRM_FILE_TYPES_MESSAGE = 'Only PDF or Excel (.xlsx) files are allowed';
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
export default async function closureInternalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const deps = (req: FastifyRequest): service.ClosureInternalDeps => ({ db, files: app.files, log: req.log });
  const read = { access: RULES.projectRead };
  const write = { access: RULES.closureInternalEdit };
  const base = '/api/project-closure-internal/project/:id';

  app.get(
    base,
    { config: read, schema: { tags, params: IdParams, response: { 200: ClosureInternalRecord } } },
    async (req, reply) => {
      const rec = await service.get(db, req.params.id);
      setEtag(reply, rec.version);
      return rec;
    },
  );

  app.patch(
    base,
    {
      config: write,
      schema: {
        tags,
        params: IdParams,
        body: ClosureInternalPatch,
        response: { 200: ClosureInternalRecord },
      },
    },
    async (req, reply) =>
      answerVersioned(reply, await service.patch(db, req.projectAccess, req.body, expectedVersion(req))),
  );

  app.patch(
    `${base}/form`,
    {
      config: write,
      schema: {
        tags,
        params: IdParams,
        body: ClosureInternalFormPatchBody,
        response: { 200: ClosureInternalRecord },
      },
    },
    async (req, reply) =>
      answerVersioned(reply, await service.patchForm(db, req.projectAccess, req.body, expectedVersion(req))),
  );

  /** POST and GET of one file kind at `path`. */
  const files = (
    path: string,
    kind: service.FileKind,
    readUpload: (req: FastifyRequest) => Promise<service.Upload>,
  ) => {
    app.get(path, { config: read, schema: { tags, params: IdParams } }, async (req, reply) => {
      const file = await service.openFile(deps(req), req.params.id, kind);
      return sendStoredFile(reply, file.stream, file);
    });
    app.post(
      path,
      {
        config: write,
        schema: {
          tags,
          params: IdParams,
          consumes: ['multipart/form-data'],
          response: { 200: ClosureInternalRecord },
        },
      },
      async (req, reply) => {
        const rec = await service.upload(deps(req), req.projectAccess, kind, await readUpload(req));
        setEtag(reply, rec.version);
        return rec;
      },
    );
  };
  files('/api/projects/:id/sanitized-references/file', 'sanitized-references', readPdf);
  files('/api/projects/:id/crm/file', 'crm', readCrmUpload);
  files('/api/projects/:id/close-out/complete-case/file', 'complete-case', readPdf);

  app.get(
    '/api/projects/:id/close-out/complete-case/template',
    { config: read, schema: { tags, params: IdParams } },
    async (req, reply) => {
      const project = await service.templateProject(db, req.params.id);
      const buffer = caseTemplate(project);
      return sendStoredFile(reply, buffer, {
        fileName: caseTemplateName(project.code),
        contentType: PDF_CONTENT_TYPE,
        size: buffer.length,
      });
    },
  );

  app.get(
    '/api/projects/:id/CRM/template',
    { config: read, schema: { tags, params: IdParams } },
    async (req, reply) => {
      const project = await service.templateProject(db, req.params.id);
      const stakeholders = await service.portalStakeholders(db, project.id);
      return sendWorkbook(reply, crmTemplateName(project.code), crmTemplate(project, stakeholders));
    },
  );
}
