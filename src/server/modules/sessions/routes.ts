import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProjectSession, ProjectSessionBody } from '@domain/contract';
import { RULES } from '@domain/rules';
import { IdParams } from '../../platform/params';
import * as service from './service';

const tags = ['sessions'];

/** Project sessions (spec 001 §7): the project's team and Admin / OnePage holders read and create. */
export default async function sessionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: RULES.projectSessions };

  app.get(
    '/api/projects/:id/sessions',
    { config, schema: { tags, params: IdParams, response: { 200: z.array(ProjectSession) } } },
    (req) => service.list(app.db, req.params.id),
  );

  app.post(
    '/api/projects/:id/sessions',
    {
      config,
      schema: { tags, params: IdParams, body: ProjectSessionBody, response: { 201: ProjectSession } },
    },
    async (req, reply) => reply.code(201).send(await service.create(app.db, req.params.id, req.body)),
  );
}
