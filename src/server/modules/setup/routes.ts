import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ClientPastProject, ProjectDetail, ProjectMetadataPut } from '@domain/contract';
import { RULES } from '@domain/rules';
import { IdParam, IdParams } from '../../platform/params';
import { DEFAULT_PDF_MAX_BYTES, readPdfUpload, sendStoredFile } from '../../platform/files';
import { answerVersioned, expectedVersion } from '../../platform/versions';
import { openProposal, uploadProposal } from './proposal.service';
import * as project from './project.service';

const tags = ['setup'];

/**
 * Setup (spec 001 §7 "Project and setup"): Project Info's one-field writes, the client's other projects,
 * and the proposal file — upload (multipart field `file`, PDF by content) and download.
 */
export default async function setupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, files: app.files });

  // PATCH /api/projects/{id} (one Project Info field, 001 §7) is answered by the projects module's
  // admin.routes.ts, which passes a Project Info field to project.service.patchProject (issue 14).
  /**
   * PUT /api/projects/{id}/metadata with one field (idPractice … idDuringType). The route admits whoever may
   * change some Project Info field; the service checks the field (001 §6). If-Match → 412 when stale.
   */
  app.put(
    '/api/projects/:id/metadata',
    {
      config: { access: RULES.projectInfoEdit },
      schema: { tags, params: IdParams, body: ProjectMetadataPut, response: { 200: ProjectDetail } },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await project.putMetadata(app.db, req.projectAccess, req.body, expectedVersion(req)),
      ),
  );

  /** The client's other projects (Setup › Client Past Projects): code, name, methodology. */
  app.get(
    '/api/projects/:id/client/:idClient',
    {
      config: { access: RULES.projectRead },
      schema: {
        tags,
        params: z.object({ id: IdParam, idClient: IdParam }),
        response: { 200: z.array(ClientPastProject) },
      },
    },
    (req) => project.clientPastProjects(app.db, req.params.id, req.params.idClient),
  );

  app.post(
    '/api/projects/:id/proposal',
    {
      config: { access: RULES.setupEdit },
      schema: {
        tags,
        params: IdParams,
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ fileName: z.string(), size: z.int32() }) },
      },
    },
    async (req) => {
      const upload = await readPdfUpload(req, { maxBytes: DEFAULT_PDF_MAX_BYTES });
      const saved = await uploadProposal(
        { ...deps(), log: req.log },
        req.params.id,
        upload,
        req.user.professionalId,
      );
      return { fileName: saved.fileName, size: saved.size };
    },
  );

  app.get(
    '/api/projects/:id/proposal',
    { config: { access: RULES.projectRead }, schema: { tags, params: IdParams } },
    async (req, reply) => {
      const file = await openProposal(deps(), req.params.id);
      return sendStoredFile(reply, file.stream, file);
    },
  );
}
