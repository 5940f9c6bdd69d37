import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SetupAssessmentOwn, SetupAssessmentPatch } from '@domain/contract';
import { RULES } from '@domain/rules';
import { IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag } from '../../platform/versions';
import * as service from './service';

const tags = ['setup-assessment'];

/** Setup assessment (spec 001 §7): `GET` and `PATCH /api/project-setup-assessments/project/{id}` — the caller's own. */
export default async function setupAssessmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const path = '/api/project-setup-assessments/project/:id';

  app.get(
    path,
    {
      config: { access: RULES.projectRead },
      schema: { tags, params: IdParams, response: { 200: SetupAssessmentOwn } },
    },
    async (req, reply) => {
      const record = await service.getOwn(db, req.params.id, req.user.professionalId);
      setEtag(reply, record.version);
      return record;
    },
  );

  app.patch(
    path,
    {
      config: { access: RULES.setupAssessmentFill },
      schema: { tags, params: IdParams, body: SetupAssessmentPatch, response: { 200: SetupAssessmentOwn } },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.patchOwn(db, req.params.id, req.user.professionalId, req.body, expectedVersion(req)),
      ),
  );
}
