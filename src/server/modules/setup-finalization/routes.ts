import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SetupFinalizationCreate } from '@domain/contract';
import { setupFinalization as E } from '@domain/contract/endpoints/setup-finalization';
import { RULES } from '@domain/rules';
import { on } from '@server/platform/endpoint';
import { projectOfRecord } from '../../platform/access';
import { created, versionedWrite } from '../../platform/versions';
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

  on(app, E.create, { tags, config: { access: RULES.setupEdit, project: ofBody } }, async (req, reply) =>
    created(reply, await service.create(db, req.projectAccess, req.body)),
  );

  on(app, E.update, { tags, config: edit }, (req, reply) =>
    versionedWrite(req, reply, (v) => service.update(db, req.projectAccess, req.params.id, req.body, v)),
  );

  on(app, E.remove, { tags, config: edit }, async (req, reply) => {
    await service.remove(db, req.projectAccess, req.params.id);
    return reply.code(204).send();
  });
}
