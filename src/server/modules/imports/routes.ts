import type { FastifyInstance, FastifyRequest } from 'fastify';
import { imports as E } from '@domain/contract/endpoints/imports';
import { ImportRefusal } from '@domain/contract/imports';
import { RULES } from '@domain/rules';
import { HttpError, httpError } from '@server/http';
import { on } from '@server/platform/endpoint';
import { XLSX_CONTENT_TYPE } from '../../adapters/reports';
import { cleanFileName, formatBytes, NO_FILE_MESSAGE, sendStoredFile } from '../../platform/files';
import { UPLOAD_MAX_BYTES } from './read';
import * as service from './service';

const tags = ['imports'];
const TOO_LARGE = `The file is too large: the limit is ${formatBytes(UPLOAD_MAX_BYTES)}`;

/** A multipart error as the client's 4xx (413 for limits), never a 500. */
function uploadError(e: unknown): HttpError {
  if (e instanceof HttpError) return e;
  const err = e as { code?: string; statusCode?: number; message?: string };
  if (err?.code === 'FST_REQ_FILE_TOO_LARGE') return httpError(413, TOO_LARGE);
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
 * The upload (multipart field `file`), at most UPLOAD_MAX_BYTES: a declared length beyond it is refused before
 * anything is read, a longer stream as soon as it passes the limit (the part's fileSize), never buffered whole.
 */
async function readUpload(req: FastifyRequest): Promise<{ buffer: Buffer; fileName: string }> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > UPLOAD_MAX_BYTES + 64 * 1024) throw httpError(413, TOO_LARGE);
  if (!req.isMultipart()) throw httpError(400, NO_FILE_MESSAGE);
  let found: { buffer: Buffer; fileName: string } | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, parts: 10 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || found) {
        part.file.resume();
        continue;
      }
      const buffer = await part.toBuffer();
      if (part.file.truncated) throw httpError(413, TOO_LARGE);
      found = { buffer, fileName: cleanFileName(part.filename, 'import') };
    }
  } catch (e) {
    throw uploadError(e);
  }
  if (!found || found.buffer.length === 0) throw httpError(400, NO_FILE_MESSAGE);
  return found;
}

/**
 * Imports (Admin › Import): templates, previews and commits of every kind, and the runs' progress. Admin only.
 */
export default async function importRoutes(app: FastifyInstance) {
  const { db } = app;
  const access = RULES.admin;

  on(app, E.template, { tags, config: { access } }, async (req, reply) => {
    const t = await service.template(db, req.params.kind);
    return sendStoredFile(reply, t.buffer, {
      fileName: t.fileName,
      contentType: XLSX_CONTENT_TYPE,
      size: t.buffer.length,
    });
  });

  on(app, E.run, { tags, config: { access }, errors: { 422: ImportRefusal } }, async (req) => {
    service.requireKind(req.params.kind); // 404 before the upload is read
    const upload = await readUpload(req);
    return service.runImport(db, req.user, req.params.kind, upload, req.query.dryRun);
  });

  on(app, E.list, { tags, config: { access } }, (req) => service.listRuns(db, req.user, req.query));

  on(app, E.get, { tags, config: { access } }, (req) => service.getRun(db, req.params.id));
}
