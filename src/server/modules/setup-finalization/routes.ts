import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SetupFinalizationCreate } from '@domain/contract';
import { setupFinalization as E } from '@domain/contract/endpoints/setup-finalization';
import { RULES } from '@domain/rules';
import { on } from '@server/platform/endpoint';
import { projectOfRecord } from '../../platform/access';
import { answerVersioned, expectedVersion, setEtag } from '../../platform/versions';
import { projectOfFinalization } from './repo';
import * as service from './service';

const tags = ['setup-finalization'];
const ofRecord = projectOfRecord('Setup finalization', projectOfFinalization);
/** POST names its project in the body (001 §7 "payload adds idProject"); the body is validated first. */
const ofBody = (req: FastifyRequest) => (req.body as SetupFinalizationCreate).idProject;

/** Setup Finalization (spec 001 §7). */
export default async function setupFinalizationRoutes(app: FastifyInstance) {
  const { db } = app;
  const edit = { access: RULES.setupEdit, project: ofRecord };

  on(app, E.list, { tags, config: { access: RULES.projectRead } }, (req) => service.list(db, req.params.id));

  on(app, E.create, { tags, config: { access: RULES.setupEdit, project: ofBody } }, async (req, reply) => {
    const row = await service.create(db, req.projectAccess, req.user.professionalId, req.body);
    setEtag(reply, row.version);
    return reply.code(201).send(row);
  });

  on(app, E.update, { tags, config: edit }, async (req, reply) =>
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

  on(app, E.remove, { tags, config: edit }, async (req, reply) => {
    await service.remove(db, req.projectAccess, req.user.professionalId, req.params.id);
    return reply.code(204).send();
  });
}
