import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { EndpointDef } from '@domain/contract/endpoint';
import { sessionRecords as E } from '@domain/contract/endpoints/session-records';
import { RULES } from '@domain/rules';
import { on } from '@server/platform/endpoint';
import { created, versionedRemove, versionedWrite } from '../../platform/versions';
import * as service from './service';

const tags = ['sessions'];

/** One kind's endpoints: list and add on the session, update and remove of one row (its parameter `param`). */
interface Grid {
  list: Answering;
  add?: Answering;
  update: Answering;
  remove: EndpointDef;
}
type Answering = EndpointDef & { response: z.ZodType };

/**
 * A session's records (spec 001 §7 "Sessions"). Reads: every signed-in person for the setup session, the
 * team and Admin / OnePage for a During one (service). Writes: the route's rule is the broadest
 * (sessionRecordsEdit); the service applies the session kind's rule (rules/sessions.ts).
 */
export default async function sessionRecordsRoutes(app: FastifyInstance) {
  const { db } = app;
  const read = { access: RULES.projectRead };
  const write = { access: RULES.sessionRecordsEdit };

  /** GET / POST on the session, PUT / DELETE of one row (its row parameter named `param`). */
  function grid(name: service.KindName, e: Grid, param: 'rowId' | 'itemId') {
    type Params = { id: number; sessionId: number } & Record<typeof param, number>;
    on(app, e.list, { tags, config: read }, (req) =>
      service.list(db, name, req.projectAccess, (req.params as Params).sessionId),
    );
    if (e.add)
      on(app, e.add, { tags, config: write }, async (req, reply) =>
        created(
          reply,
          await service.create(
            db,
            name,
            req.projectAccess,
            (req.params as Params).sessionId,
            req.body as Record<string, unknown>,
          ),
        ),
      );
    on(app, e.update, { tags, config: write }, (req, reply) =>
      versionedWrite(req, reply, (v) =>
        service.update(
          db,
          name,
          req.projectAccess,
          (req.params as Params)[param],
          req.body as Record<string, unknown>,
          v,
        ),
      ),
    );
    on(app, e.remove, { tags, config: write }, (req, reply) =>
      versionedRemove(req, reply, (v) =>
        service.remove(db, name, req.projectAccess, (req.params as Params)[param], v),
      ),
    );
  }

  grid(
    'expectations',
    {
      list: E.listExpectations,
      add: E.addExpectation,
      update: E.updateExpectation,
      remove: E.removeExpectation,
    },
    'rowId',
  );
  grid(
    'deliverables',
    {
      list: E.listDeliverables,
      add: E.addDeliverable,
      update: E.updateDeliverable,
      remove: E.removeDeliverable,
    },
    'rowId',
  );
  grid('risks', { list: E.listRisks, add: E.addRisk, update: E.updateRisk, remove: E.removeRisk }, 'rowId');
  grid('rar', { list: E.listRoles, add: E.addRole, update: E.updateRole, remove: E.removeRole }, 'itemId');
  // the stakeholders' POST is their own (below)
  grid(
    'stakeholders',
    { list: E.listStakeholders, update: E.updateStakeholder, remove: E.removeStakeholder },
    'itemId',
  );

  // the grid's body (camelCase) or one import selection (the spec's casing) — 001 §7
  on(app, E.addStakeholder, { tags, config: write }, async (req, reply) =>
    created(reply, await service.createStakeholder(db, req.projectAccess, req.params.sessionId, req.body)),
  );

  on(app, E.stakeholderCandidates, { tags, config: write }, (req) =>
    service.candidates(db, req.projectAccess, req.params.sessionId),
  );
}
