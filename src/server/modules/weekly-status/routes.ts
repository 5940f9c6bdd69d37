import type { FastifyInstance } from 'fastify';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { projectFromParam, projectOfRecord } from '../../platform/access';
import { on } from '../../platform/endpoint';
import { readPdfUpload, sendStoredFile } from '../../platform/files';
import { created, versionedRemove, versionedWrite, withEtag } from '../../platform/versions';
import { projectOfContent, projectOfWeeklyStatus } from './repo';
import * as service from './service';

const tags = ['weekly-status'];
const E = endpoints.weeklyStatus;
const ofWeeklyStatus = projectOfRecord('Weekly status', projectOfWeeklyStatus);
const ofContent = projectOfRecord('Weekly status content', projectOfContent);

/**
 * Weekly status (spec 001 §7 "Weekly status"; 002 §7 for the project's signed download). Reads: projectRead;
 * writes: weeklyStatusEdit (the project's team, or Admin), the project taken from the record the path names.
 * State refusals (409) come from rules/signatures.ts in the service.
 */
export default async function weeklyStatusRoutes(app: FastifyInstance) {
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

  on(app, E.list, { tags, config: readProject }, (req) => service.list(db, req.params.projectId));

  on(
    app,
    E.create,
    { tags, config: { access: RULES.weeklyStatusEdit, project: projectFromParam('projectId') } },
    async (req, reply) =>
      reply
        .code(201)
        .send(await service.create(db, req.projectAccess, req.body.signedType, req.body.startFrom)),
  );

  // 002 §2.4 "All Signed Weekly Status": the project's signed weekly statuses as one PDF
  on(app, E.signedFiles, { tags, config: readProject }, async (req, reply) =>
    sendStoredFile(reply, ...spread(await service.projectSignedFiles(deps, req.params.projectId))),
  );

  on(app, E.get, { tags, config: read }, async (req, reply) =>
    withEtag(reply, await service.get(db, req.params.id)),
  );

  on(app, E.update, { tags, config: write }, (req, reply) =>
    versionedWrite(req, reply, (v) => service.update(db, req.projectAccess, req.params.id, req.body, v)),
  );

  on(app, E.remove, { tags, config: write }, (req, reply) =>
    versionedRemove(req, reply, (v) => service.remove(deps, req.projectAccess, req.params.id, v)),
  );

  on(app, E.signedType, { tags, config: write }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      service.patchSignedType(db, req.projectAccess, req.params.id, req.body.signedType, v),
    ),
  );

  // --- contents by type 1–5
  on(app, E.contents, { tags, config: read }, (req) =>
    service.listContents(db, req.params.id, req.params.type),
  );

  on(app, E.createContent, { tags, config: write }, async (req, reply) =>
    created(
      reply,
      await service.createContent(db, req.projectAccess, req.params.id, req.params.type, req.body),
    ),
  );

  on(app, E.updateContent, { tags, config: writeContent }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      service.updateContent(db, req.projectAccess, req.params.id, req.body, v),
    ),
  );

  on(app, E.removeContent, { tags, config: writeContent }, (req, reply) =>
    versionedRemove(req, reply, (v) => service.deleteContent(db, req.projectAccess, req.params.id, v)),
  );

  // --- recipients
  on(app, E.recipients, { tags, config: read }, (req) => service.listRecipients(db, req.params.id));

  on(app, E.addRecipient, { tags, config: write }, async (req, reply) =>
    created(reply, await service.createRecipient(db, req.projectAccess, req.params.id, req.body)),
  );

  on(app, E.updateRecipient, { tags, config: write }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      service.updateRecipient(db, req.projectAccess, req.params.id, req.params.recipientId, req.body, v),
    ),
  );

  on(app, E.removeRecipient, { tags, config: write }, (req, reply) =>
    versionedRemove(req, reply, (v) =>
      service.deleteRecipient(db, req.projectAccess, req.params.id, req.params.recipientId, v),
    ),
  );

  // --- submit, files, resend
  on(app, E.submit, { tags, config: write }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      service.submit(
        deps,
        req.projectAccess,
        req.params.id,
        () => readPdfUpload(req),
        async () => {
          // the template path takes no file: read past whatever came
          if (!req.isMultipart()) return;
          for await (const part of req.parts()) if (part.type === 'file') part.file.resume();
        },
        v,
      ),
    ),
  );

  on(app, E.file, { tags, config: read }, async (req, reply) =>
    sendStoredFile(reply, ...spread(await service.openFile(deps, req.params.id, req.query.signed === '1'))),
  );

  on(app, E.resend, { tags, config: write }, async (req, reply) => {
    await service.resend(deps, req.projectAccess, req.params.id);
    return reply.code(204).send();
  });
}

/** A service file as sendStoredFile's arguments. */
const spread = (f: service.FileToSend) =>
  [f.stream, { fileName: f.fileName, contentType: f.contentType, size: f.size }] as const;
