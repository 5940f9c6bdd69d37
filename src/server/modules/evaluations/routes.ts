import type { FastifyInstance } from 'fastify';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { projectOfRecord } from '../../platform/access';
import { on } from '../../platform/endpoint';
import { created, versionedWrite } from '../../platform/versions';
import { projectOfEvaluation } from './repo';
import * as service from './service';

const tags = ['evaluations'];
const E = endpoints.evaluations;
const ofRecord = projectOfRecord('Evaluation', projectOfEvaluation);

/** Evaluation Management (spec 000 §7). */
export default async function evaluationsRoutes(app: FastifyInstance) {
  const { db } = app;

  on(app, E.list, { tags, config: { access: RULES.evaluationsRead } }, (req) =>
    service.list(db, req.params.id),
  );

  on(app, E.create, { tags, config: { access: RULES.evaluationsEdit } }, async (req, reply) =>
    created(reply, await service.create(db, req.params.id, req.body)),
  );

  on(app, E.update, { tags, config: { access: RULES.evaluationsEdit, project: ofRecord } }, (req, reply) =>
    versionedWrite(req, reply, (v) => service.update(db, req.params.id, req.body, v)),
  );

  on(
    app,
    E.remove,
    { tags, config: { access: RULES.evaluationsEdit, project: ofRecord } },
    async (req, reply) => {
      await service.remove(db, req.params.id);
      return reply.code(204).send();
    },
  );
}
