import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SetupFinalizationCreate, SetupFinalizationRecord, SetupFinalizationUpdate } from '@domain/contract';
import { RULES } from '@domain/rules';
import { projectOfRecord } from '../../platform/access';
import { IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag } from '../../platform/versions';
import { projectOfFinalization } from './repo';
import * as service from './service';

const tags = ['setup-finalization'];
const ofRecord = projectOfRecord('Setup finalization', projectOfFinalization);
/** POST names its project in the body (001 §7 "payload adds idProject"); the body is validated first. */
const ofBody = (req: FastifyRequest) => (req.body as SetupFinalizationCreate).idProject;

/** Setup Finalization (spec 001 §7). */
export default async function setupFinalizationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const edit = { access: RULES.setupEdit, project: ofRecord };

  app.get(
    '/api/project-setup-finalizations/project/:id',
    {
      config: { access: RULES.projectRead },
      schema: { tags, params: IdParams, response: { 200: z.array(SetupFinalizationRecord) } },
    },
    (req) => service.list(db, req.params.id),
  );

  app.post(
    '/api/project-setup-finalizations',
    {
      config: { access: RULES.setupEdit, project: ofBody },
      schema: { tags, body: SetupFinalizationCreate, response: { 201: SetupFinalizationRecord } },
    },
    async (req, reply) => {
      const row = await service.create(db, req.projectAccess, req.user.professionalId, req.body);
      setEtag(reply, row.version);
      return reply.code(201).send(row);
    },
  );

  app.put(
    '/api/project-setup-finalizations/:id',
    {
      config: edit,
      schema: {
        tags,
        params: IdParams,
        body: SetupFinalizationUpdate,
        response: { 200: SetupFinalizationRecord },
      },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.update(
          db,
          req.projectAccess,
          req.user.professionalId,
          req.params.id,
          req.body,
          expectedVersion(req),
        ),
      ),
  );

  app.delete(
    '/api/project-setup-finalizations/:id',
    { config: edit, schema: { tags, params: IdParams } },
    async (req, reply) => {
      await service.remove(db, req.projectAccess, req.user.professionalId, req.params.id);
      return reply.code(204).send();
    },
  );
}
