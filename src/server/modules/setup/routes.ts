import type { FastifyInstance } from 'fastify';
import { setup as E } from '@domain/contract/endpoints/setup';
import { RULES } from '@domain/rules';
import { on } from '@server/platform/endpoint';
import { DEFAULT_PDF_MAX_BYTES, readPdfUpload, sendStoredFile } from '../../platform/files';
import { versionedWrite } from '../../platform/versions';
import { openProposal, uploadProposal } from './proposal.service';
import * as project from '../projects/info.service';

const tags = ['setup'];

/**
 * Setup (spec 001 §7 "Project and setup"): Project Info's one-field writes, the client's other projects,
 * and the proposal file — upload (multipart field `file`, PDF by content) and download.
 */
export default async function setupRoutes(app: FastifyInstance) {
  const deps = () => ({ db: app.db, files: app.files });

  // PATCH /api/projects/{id} (one Project Info field, 001 §7) is answered by the projects module's
  // admin.routes.ts, which passes a Project Info field to projects/info.service.ts patchProject.
  /**
   * PUT /api/projects/{id}/metadata with one field (idPractice … idDuringType). The route admits whoever may
   * change some Project Info field; the service checks the field (001 §6). If-Match → 412 when stale.
   */
  on(app, E.putMetadata, { tags, config: { access: RULES.projectInfoEdit } }, (req, reply) =>
    versionedWrite(req, reply, (v) => project.putMetadata(app.db, req.projectAccess, req.body, v)),
  );

  /** The client's other projects (Setup › Client Past Projects): code, name, methodology. */
  on(app, E.clientPastProjects, { tags, config: { access: RULES.projectRead } }, (req) =>
    project.clientPastProjects(app.db, req.params.id, req.params.idClient),
  );

  on(app, E.uploadProposal, { tags, config: { access: RULES.setupEdit } }, async (req) => {
    const upload = await readPdfUpload(req, { maxBytes: DEFAULT_PDF_MAX_BYTES });
    const saved = await uploadProposal(
      { ...deps(), log: req.log },
      req.params.id,
      upload,
      req.user.professionalId,
    );
    return { fileName: saved.fileName, size: saved.size };
  });

  on(app, E.proposal, { tags, config: { access: RULES.projectRead } }, async (req, reply) => {
    const file = await openProposal(deps(), req.params.id);
    return sendStoredFile(reply, file.stream, file);
  });
}
