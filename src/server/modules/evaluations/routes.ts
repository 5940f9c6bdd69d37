import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProjectEvaluation, ProjectEvaluationBody } from '@domain/contract';
import { RULES } from '@domain/rules';
import { projectOfRecord } from '../../platform/access';
import { IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag } from '../../platform/versions';
import { projectOfEvaluation } from './repo';
import * as service from './service';

const tags = ['evaluations'];
const ofRecord = projectOfRecord('Evaluation', projectOfEvaluation);

/** Evaluation Management (spec 000 §7). */
export default async function evaluationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    '/api/project-evaluations/project/:id',
    {
      config: { access: RULES.evaluationsRead },
      schema: { tags, params: IdParams, response: { 200: z.array(ProjectEvaluation) } },
    },
    (req) => service.list(db, req.params.id),
  );

  app.post(
    '/api/project-evaluations/project/:id',
    {
      config: { access: RULES.evaluationsEdit },
      schema: { tags, params: IdParams, body: ProjectEvaluationBody, response: { 201: ProjectEvaluation } },
    },
    async (req, reply) => {
      const row = await service.create(db, req.params.id, req.body);
      setEtag(reply, row.version);
      return reply.code(201).send(row);
    },
  );

  app.put(
    '/api/project-evaluations/:id',
    {
      config: { access: RULES.evaluationsEdit, project: ofRecord },
      schema: { tags, params: IdParams, body: ProjectEvaluationBody, response: { 200: ProjectEvaluation } },
    },
    async (req, reply) => {
      return answerVersioned(reply, await service.update(db, req.params.id, req.body, expectedVersion(req)));
    },
  );

  app.delete(
    '/api/project-evaluations/:id',
    { config: { access: RULES.evaluationsEdit, project: ofRecord }, schema: { tags, params: IdParams } },
    async (req, reply) => {
      await service.remove(db, req.params.id);
      return reply.code(204).send();
    },
  );
}
