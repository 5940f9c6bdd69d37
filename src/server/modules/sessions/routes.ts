import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ProjectSession,
  ProjectSessionCreate,
  ProjectSessionPatch,
  ProjectSessionRecord,
  ProjectSessionUpdate,
} from '@domain/contract';
import { RULES } from '@domain/rules';
import { IdParam, IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag, staleRecord } from '../../platform/versions';
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
      schema: { tags, params: IdParams, body: ProjectSessionCreate, response: { 201: ProjectSession } },
    },
    async (req, reply) => {
      const { session, version } = await service.create(app.db, req.projectAccess, req.body);
      setEtag(reply, version);
      return reply.code(201).send(session);
    },
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

  // --- H6: During sessions (issue 11) — the team, Admin and OnePage (rules/sessions.ts sessionActionRefusal)

  // the session's fields, merged over the stored ones (001 §5); If-Match honoured; 409 setup / submitted
  app.put(
    '/api/projects/:id/sessions/:sessionId',
    {
      config,
      schema: {
        tags,
        params: SessionParams,
        body: ProjectSessionUpdate,
        response: { 200: ProjectSessionRecord },
      },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.update(app.db, req.projectAccess, req.params.sessionId, req.body, expectedVersion(req)),
      ),
  );

  // the session and its records; 409 for the setup session and a submitted one; If-Match honoured
  app.delete(
    '/api/projects/:id/sessions/:sessionId',
    { config, schema: { tags, params: SessionParams } },
    async (req, reply) => {
      const r = await service.remove(app.db, req.projectAccess, req.params.sessionId, expectedVersion(req));
      if (!r.removed) staleRecord(reply, r.current, r.current.version);
      return reply.code(204).send();
    },
  );

  // submit: submittedAt = now, idSubmittedBy = the caller; undo clears both (001 §4); no body
  for (const [path, submit] of [
    ['submit', true],
    ['unsubmit', false],
  ] as const)
    app.patch(
      `/api/projects/:id/sessions/:sessionId/${path}`,
      { config, schema: { tags, params: SessionParams, response: { 200: ProjectSessionRecord } } },
      async (req, reply) =>
        answerVersioned(
          reply,
          await service.setSubmitted(
            app.db,
            req.projectAccess,
            req.params.sessionId,
            submit,
            expectedVersion(req),
            app.notifications,
          ),
        ),
    );
}
