import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Recipient,
  RecipientBody,
  SignedTypePatch,
  WeeklyStatus,
  WeeklyStatusContent,
  WeeklyStatusCreate,
  WeeklyStatusId,
  WeeklyStatusUpdate,
} from '@domain/contract';
import { RULES } from '@domain/rules';
import { projectFromParam, projectOfRecord } from '../../platform/access';
import { readPdfUpload, sendStoredFile } from '../../platform/files';
import { IdParam, IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag, staleRecord } from '../../platform/versions';
import { projectOfContent, projectOfWeeklyStatus } from './repo';
import * as service from './service';

const tags = ['weekly-status'];
const ofWeeklyStatus = projectOfRecord('Weekly status', projectOfWeeklyStatus);
const ofContent = projectOfRecord('Weekly status content', projectOfContent);
const ProjectParams = z.object({ projectId: IdParam });
const TypeParams = z.object({
  id: IdParam,
  type: z
    .string()
    .regex(/^[1-5]$/, 'must be a section type 1 to 5')
    .transform(Number),
});
const RecipientParams = z.object({ id: IdParam, recipientId: IdParam });
const FileQuery = z.object({ signed: z.enum(['0', '1']).default('0') });
const VersionedContent = WeeklyStatusContent.required({ id: true, version: true });
const VersionedRecipient = Recipient.required({ id: true, version: true });

/**
 * Weekly status (spec 001 §7 "Weekly status"; 002 §7 for the project's signed download). Reads: projectRead;
 * writes: weeklyStatusEdit (the project's team, or Admin), the project taken from the record the path names.
 * State refusals (409) come from rules/signatures.ts in the service.
 */
export default async function weeklyStatusRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const deps: service.WeeklyStatusDeps = {
    db,
    files: app.files,
    esign: () => app.esign,
    notifications: app.notifications,
    log: app.log,
  };
  const readProject = { access: RULES.projectRead, project: projectFromParam('projectId') };
  const read = { access: RULES.projectRead, project: ofWeeklyStatus };
  const write = { access: RULES.weeklyStatusEdit, project: ofWeeklyStatus };
  const writeContent = { access: RULES.weeklyStatusEdit, project: ofContent };

  app.get(
    '/api/weekly-status/project/:projectId',
    {
      config: readProject,
      schema: { tags, params: ProjectParams, response: { 200: z.array(WeeklyStatus) } },
    },
    (req) => service.list(db, req.params.projectId),
  );

  app.post(
    '/api/weekly-status/project/:projectId',
    {
      config: { access: RULES.weeklyStatusEdit, project: projectFromParam('projectId') },
      schema: { tags, params: ProjectParams, body: WeeklyStatusCreate, response: { 201: WeeklyStatusId } },
    },
    async (req, reply) =>
      reply.code(201).send(await service.create(db, req.projectAccess, req.body.signedType)),
  );

  // 002 §2.4 "All Signed Weekly Status": the project's signed weekly statuses as one PDF
  app.get(
    '/api/weekly-status/project/:projectId/download',
    { config: readProject, schema: { tags, params: ProjectParams } },
    async (req, reply) =>
      sendStoredFile(reply, ...spread(await service.projectSignedFiles(deps, req.params.projectId))),
  );

  app.get(
    '/api/weekly-status/:id',
    { config: read, schema: { tags, params: IdParams, response: { 200: WeeklyStatus } } },
    async (req, reply) => {
      const rec = await service.get(db, req.params.id);
      setEtag(reply, rec.version);
      return rec;
    },
  );

  app.put(
    '/api/weekly-status/:id',
    {
      config: write,
      schema: { tags, params: IdParams, body: WeeklyStatusUpdate, response: { 200: WeeklyStatus } },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.update(db, req.projectAccess, req.params.id, req.body, expectedVersion(req)),
      ),
  );

  app.delete(
    '/api/weekly-status/:id',
    { config: write, schema: { tags, params: IdParams } },
    async (req, reply) => {
      const r = await service.remove(deps, req.projectAccess, req.params.id, expectedVersion(req));
      if (!r.removed) staleRecord(reply, r.current, r.current.version);
      return reply.code(204).send();
    },
  );

  app.patch(
    '/api/weekly-status/:id/signed-type',
    {
      config: write,
      schema: { tags, params: IdParams, body: SignedTypePatch, response: { 200: WeeklyStatus } },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.patchSignedType(
          db,
          req.projectAccess,
          req.params.id,
          req.body.signedType,
          expectedVersion(req),
        ),
      ),
  );

  // --- contents by type 1–5
  app.get(
    '/api/weekly-status-contents/weekly-status/:id/type/:type',
    { config: read, schema: { tags, params: TypeParams, response: { 200: z.array(VersionedContent) } } },
    (req) => service.listContents(db, req.params.id, req.params.type),
  );

  app.post(
    '/api/weekly-status-contents/weekly-status/:id/type/:type',
    {
      config: write,
      schema: { tags, params: TypeParams, body: WeeklyStatusContent, response: { 201: VersionedContent } },
    },
    async (req, reply) => {
      const rec = await service.createContent(
        db,
        req.projectAccess,
        req.params.id,
        req.params.type,
        req.body,
      );
      setEtag(reply, rec.version!);
      return reply.code(201).send(rec);
    },
  );

  app.put(
    '/api/weekly-status-contents/:id',
    {
      config: writeContent,
      schema: { tags, params: IdParams, body: WeeklyStatusContent, response: { 200: VersionedContent } },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.updateContent(db, req.projectAccess, req.params.id, req.body, expectedVersion(req)),
      ),
  );

  app.delete(
    '/api/weekly-status-contents/:id',
    { config: writeContent, schema: { tags, params: IdParams } },
    async (req, reply) => {
      const r = await service.deleteContent(db, req.projectAccess, req.params.id, expectedVersion(req));
      if (!r.removed) staleRecord(reply, r.current, r.current.version);
      return reply.code(204).send();
    },
  );

  // --- recipients
  app.get(
    '/api/weekly-status/:id/recipients',
    { config: read, schema: { tags, params: IdParams, response: { 200: z.array(VersionedRecipient) } } },
    (req) => service.listRecipients(db, req.params.id),
  );

  app.post(
    '/api/weekly-status/:id/recipients',
    {
      config: write,
      schema: { tags, params: IdParams, body: RecipientBody, response: { 201: VersionedRecipient } },
    },
    async (req, reply) => {
      const rec = await service.createRecipient(db, req.projectAccess, req.params.id, req.body);
      setEtag(reply, rec.version);
      return reply.code(201).send(rec);
    },
  );

  app.put(
    '/api/weekly-status/:id/recipients/:recipientId',
    {
      config: write,
      schema: {
        tags,
        params: RecipientParams,
        body: RecipientBody.partial(),
        response: { 200: VersionedRecipient },
      },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.updateRecipient(
          db,
          req.projectAccess,
          req.params.id,
          req.params.recipientId,
          req.body,
          expectedVersion(req),
        ),
      ),
  );

  app.delete(
    '/api/weekly-status/:id/recipients/:recipientId',
    { config: write, schema: { tags, params: RecipientParams } },
    async (req, reply) => {
      const r = await service.deleteRecipient(
        db,
        req.projectAccess,
        req.params.id,
        req.params.recipientId,
        expectedVersion(req),
      );
      if (!r.removed) staleRecord(reply, r.current, r.current.version);
      return reply.code(204).send();
    },
  );

  // --- submit, files, resend
  app.post(
    '/api/weekly-status/:id/submit',
    { config: write, schema: { tags, params: IdParams, response: { 200: WeeklyStatus } } },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.submit(
          deps,
          req.projectAccess,
          req.params.id,
          () => readPdfUpload(req),
          async () => {
            // the template path takes no file: read past whatever came
            if (!req.isMultipart()) return;
            for await (const part of req.parts()) if (part.type === 'file') part.file.resume();
          },
          expectedVersion(req),
        ),
      ),
  );

  app.get(
    '/api/weekly-status/:id/file',
    { config: read, schema: { tags, params: IdParams, querystring: FileQuery } },
    async (req, reply) =>
      sendStoredFile(reply, ...spread(await service.openFile(deps, req.params.id, req.query.signed === '1'))),
  );

  app.post(
    '/api/weekly-status/:id/resend',
    { config: write, schema: { tags, params: IdParams } },
    async (req, reply) => {
      await service.resend(deps, req.projectAccess, req.params.id);
      return reply.code(204).send();
    },
  );
}

/** A service file as sendStoredFile's arguments. */
const spread = (f: service.FileToSend) =>
  [f.stream, { fileName: f.fileName, contentType: f.contentType, size: f.size }] as const;
