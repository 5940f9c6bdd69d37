import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ProjectSession,
  ProjectSessionBody,
  ProjectSessionPatch,
  ProjectSessionRecord,
} from '@domain/contract';
import { RULES } from '@domain/rules';
import { IdParam, IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag } from '../../platform/versions';
import * as service from './service';

const tags = ['sessions'];
const SessionParams = z.object({ id: IdParam, sessionId: IdParam });

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

  // one session with its version: the setup one for everyone, a During one for the team (service)
  app.get(
    '/api/projects/:id/sessions/:sessionId',
    {
      config: { access: RULES.projectRead },
      schema: { tags, params: SessionParams, response: { 200: ProjectSessionRecord } },
    },
    async (req, reply) => {
      const s = await service.getOne(app.db, req.projectAccess, req.params.sessionId);
      setEtag(reply, s.version);
      return s;
    },
  );

  // one field: projectScope / projectOutScope of the setup session (001 §7); If-Match honoured
  app.patch(
    '/api/projects/:id/sessions/:sessionId',
    {
      config: { access: RULES.sessionRecordsEdit },
      schema: {
        tags,
        params: SessionParams,
        body: ProjectSessionPatch,
        response: { 200: ProjectSessionRecord },
      },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.patch(app.db, req.projectAccess, req.params.sessionId, req.body, expectedVersion(req)),
      ),
  );
}
