import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RULES } from '@domain/rules';
import { IdParams } from '../../platform/params';
import { DEFAULT_PDF_MAX_BYTES, readPdfUpload, sendStoredFile } from '../../platform/files';
import { openProposal, uploadProposal } from './proposal.service';

const tags = ['setup'];

/** Setup (spec 001 §7): the proposal file — upload (multipart field `file`, PDF by content) and download. */
export default async function setupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, files: app.files });

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
