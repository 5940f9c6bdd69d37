import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ClosureExternal,
  ClosureExternalPatch,
  Recipient,
  RecipientBody,
  SignedTypePatch,
} from '@domain/contract';
import { RULES } from '@domain/rules';
import { HttpError } from '../../http';
import { projectFromParam } from '../../platform/access';
import { NO_FILE_MESSAGE, readPdfUpload, sendStoredFile, type PdfUpload } from '../../platform/files';
import { IdParam, IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag, staleRecord } from '../../platform/versions';
import * as service from './service';

const tags = ['closure-external'];
const ProjectParams = z.object({ projectId: IdParam });
const RecipientParams = z.object({ projectId: IdParam, id: IdParam });

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
export default async function closureExternalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
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
  const base = '/api/project-closure-external/project';

  app.get(
    `${base}/:id`,
    { config: read, schema: { tags, params: IdParams, response: { 200: ClosureExternal } } },
    async (req, reply) => {
      const rec = await service.get(db, req.params.id);
      setEtag(reply, rec.version);
      return rec;
    },
  );

  app.patch(
    `${base}/:id`,
    {
      config: write,
      schema: { tags, params: IdParams, body: ClosureExternalPatch, response: { 200: ClosureExternal } },
    },
    async (req, reply) =>
      answerVersioned(reply, await service.patch(db, req.projectAccess, req.body, expectedVersion(req))),
  );

  app.patch(
    `${base}/:projectId/signed-type`,
    {
      config: { ...write, ...byProjectId },
      schema: { tags, params: ProjectParams, body: SignedTypePatch, response: { 200: ClosureExternal } },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.setSignedType(db, req.projectAccess, req.body.signedType, expectedVersion(req)),
      ),
  );

  app.get(
    `${base}/:projectId/recipients`,
    {
      config: { ...read, ...byProjectId },
      schema: { tags, params: ProjectParams, response: { 200: z.array(Recipient) } },
    },
    (req) => service.listRecipients(db, req.params.projectId),
  );

  app.post(
    `${base}/:projectId/recipients`,
    {
      config: { ...write, ...byProjectId },
      schema: { tags, params: ProjectParams, body: RecipientBody, response: { 201: Recipient } },
    },
    async (req, reply) => {
      const rec = await service.addRecipient(db, req.projectAccess, req.body);
      setEtag(reply, rec.version!);
      return reply.code(201).send(rec);
    },
  );

  app.put(
    `${base}/:projectId/recipients/:id`,
    {
      config: { ...write, ...byProjectId },
      schema: { tags, params: RecipientParams, body: RecipientBody, response: { 200: Recipient } },
    },
    async (req, reply) => {
      const r = await service.updateRecipient(
        db,
        req.projectAccess,
        req.params.id,
        req.body,
        expectedVersion(req),
      );
      return answerVersioned(reply, {
        changed: r.changed,
        current: { ...r.current, version: r.current.version! },
      });
    },
  );

  app.delete(
    `${base}/:projectId/recipients/:id`,
    { config: { ...write, ...byProjectId }, schema: { tags, params: RecipientParams } },
    async (req, reply) => {
      const r = await service.removeRecipient(db, req.projectAccess, req.params.id, expectedVersion(req));
      if (!r.removed) staleRecord(reply, r.current, r.current.version!);
      return reply.code(204).send();
    },
  );

  app.post(
    `${base}/:projectId/submit`,
    {
      config: { ...write, ...byProjectId },
      schema: {
        tags,
        params: ProjectParams,
        consumes: ['multipart/form-data'],
        response: { 200: ClosureExternal },
      },
    },
    async (req, reply) => {
      const rec = await service.submit(deps(req), req.projectAccess, await optionalPdf(req));
      setEtag(reply, rec.version);
      return rec;
    },
  );

  const file = '/api/projects/:id/legal-documents/file';
  app.get(file, { config: read, schema: { tags, params: IdParams } }, async (req, reply) => {
    const doc = await service.openDocument(deps(req), req.params.id);
    return sendStoredFile(reply, doc.stream, doc);
  });

  app.post(
    file,
    {
      config: write,
      schema: {
        tags,
        params: IdParams,
        consumes: ['multipart/form-data'],
        response: { 200: ClosureExternal },
      },
    },
    async (req, reply) => {
      const rec = await service.uploadSigned(deps(req), req.projectAccess, await readPdfUpload(req));
      setEtag(reply, rec.version);
      return rec;
    },
  );

  app.delete(file, { config: write, schema: { tags, params: IdParams } }, async (req, reply) => {
    const r = await service.removeDocument(deps(req), req.projectAccess, expectedVersion(req));
    if (!r.removed) staleRecord(reply, r.current, r.current.version);
    return reply.code(204).send();
  });

  app.get(
    '/api/projects/:id/legal-documents/template',
    { config: read, schema: { tags, params: IdParams } },
    async (req, reply) => {
      const doc = await service.template(db, req.params.id);
      return sendStoredFile(reply, doc.buffer, {
        fileName: doc.fileName,
        contentType: 'application/pdf',
        size: doc.buffer.length,
      });
    },
  );
}
