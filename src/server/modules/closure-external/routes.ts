import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { on } from '@server/platform/endpoint';
import { HttpError } from '../../http';
import { projectFromParam } from '../../platform/access';
import { NO_FILE_MESSAGE, readPdfUpload, sendStoredFile, type PdfUpload } from '../../platform/files';
import { created, versionedRemove, versionedWrite, withEtag } from '../../platform/versions';
import * as service from './service';

const tags = ['closure-external'];
const E = endpoints.closureExternal;

/** The upload of a multipart `file`, or undefined when none came (the service decides: 'Please, select a file'). */
async function optionalPdf(req: FastifyRequest): Promise<PdfUpload | undefined> {
  try {
    return await readPdfUpload(req);
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 400 && e.message === NO_FILE_MESSAGE) return undefined;
    throw e;
  }
}

/**
 * Closure With Client (spec 002 §7 "Closure with client"). Reads: RULES.projectRead; writes:
 * RULES.closureClientEdit (the project's team, or Admin). State refusals are 409 (a 403 signs the web out).
 */
export default async function closureExternalRoutes(app: FastifyInstance) {
  const { db } = app;
  const deps = (req: FastifyRequest): service.ClosureDeps => ({
    db: app.db,
    files: app.files,
    esign: app.esign,
    log: req.log,
  });
  const read = { access: RULES.projectRead };
  const write = { access: RULES.closureClientEdit };
  const byProjectId = { project: projectFromParam('projectId') };

  on(app, E.get, { tags, config: read }, async (req, reply) =>
    withEtag(reply, await service.get(db, req.params.id)),
  );

  on(app, E.update, { tags, config: write }, (req, reply) =>
    versionedWrite(req, reply, (v) => service.patch(db, req.projectAccess, req.body, v)),
  );

  on(app, E.setSignedType, { tags, config: { ...write, ...byProjectId } }, (req, reply) =>
    versionedWrite(req, reply, (v) => service.setSignedType(db, req.projectAccess, req.body.signedType, v)),
  );

  on(app, E.recipients, { tags, config: { ...read, ...byProjectId } }, (req) =>
    service.listRecipients(db, req.params.projectId),
  );

  on(app, E.addRecipient, { tags, config: { ...write, ...byProjectId } }, async (req, reply) =>
    created(reply, await service.addRecipient(db, req.projectAccess, req.body)),
  );

  on(app, E.updateRecipient, { tags, config: { ...write, ...byProjectId } }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      service.updateRecipient(db, req.projectAccess, req.params.id, req.body, v),
    ),
  );

  on(app, E.removeRecipient, { tags, config: { ...write, ...byProjectId } }, (req, reply) =>
    versionedRemove(req, reply, (v) => service.removeRecipient(db, req.projectAccess, req.params.id, v)),
  );

  on(app, E.submit, { tags, config: { ...write, ...byProjectId } }, async (req, reply) =>
    withEtag(reply, await service.submit(deps(req), req.projectAccess, await optionalPdf(req))),
  );

  on(app, E.file, { tags, config: read }, async (req, reply) => {
    const doc = await service.openDocument(deps(req), req.params.id);
    return sendStoredFile(reply, doc.stream, doc);
  });

  on(app, E.upload, { tags, config: write }, async (req, reply) =>
    withEtag(reply, await service.uploadSigned(deps(req), req.projectAccess, await readPdfUpload(req))),
  );

  on(app, E.removeFile, { tags, config: write }, (req, reply) =>
    versionedRemove(req, reply, (v) => service.removeDocument(deps(req), req.projectAccess, v)),
  );

  on(app, E.template, { tags, config: read }, async (req, reply) => {
    const doc = await service.template(db, req.params.id);
    return sendStoredFile(reply, doc.buffer, {
      fileName: doc.fileName,
      contentType: 'application/pdf',
      size: doc.buffer.length,
    });
  });
}
