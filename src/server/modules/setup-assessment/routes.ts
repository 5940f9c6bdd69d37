import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SetupAssessmentOwn,
  SetupAssessmentPatch,
  SetupAssessmentSupervisionRecord,
  SetupAssessmentSupervisionRow,
} from '@domain/contract';
import { RULES } from '@domain/rules';
import { IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag } from '../../platform/versions';
import * as service from './service';

const tags = ['setup-assessment'];

/**
 * Setup assessment (spec 001 §7): `GET` and `PATCH /api/project-setup-assessments/project/{id}` — the caller's own;
 * Setup Assessment Supervision (002 §2.9): the closed projects and every assessment of one project.
 */
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

  // Setup Assessment Supervision (002 §2.9, §7): admin data — holders of Admin, IDOne, KNW or PDC
  app.get(
    '/api/setup-assessment-supervision',
    {
      config: { access: RULES.adminArea },
      schema: { tags, response: { 200: z.array(SetupAssessmentSupervisionRow) } },
    },
    () => service.closedProjects(db),
  );

  app.get(
    `${path}/all`,
    {
      config: { access: RULES.adminArea },
      schema: { tags, params: IdParams, response: { 200: z.array(SetupAssessmentSupervisionRecord) } },
    },
    (req) => service.projectAssessments(db, req.params.id),
  );
}
