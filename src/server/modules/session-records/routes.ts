import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ClientExpectation,
  ClientExpectationPatch,
  ClientExpectationRecord,
  Deliverable,
  DeliverablePatch,
  DeliverableRecord,
  RoleAndResponsibility,
  RoleAndResponsibilityPatch,
  RoleAndResponsibilityRecord,
  Risk,
  RiskPatch,
  RiskRecord,
  StakeholderCandidate,
  StakeholderCreate,
  StakeholderPatch,
  StakeholderRecord,
} from '@domain/contract';
import { RULES } from '@domain/rules';
import { IdParam } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag, staleRecord } from '../../platform/versions';
import * as service from './service';

const tags = ['sessions'];
const SessionParams = z.object({ id: IdParam, sessionId: IdParam });

/**
 * A session's records (spec 001 §7 "Sessions"). Reads: every signed-in person for the setup session, the
 * team and Admin / OnePage for a During one (service). Writes: the route's rule is the broadest
 * (sessionRecordsEdit); the service applies the session kind's rule (rules/sessions.ts).
 */
export default async function sessionRecordsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const read = { access: RULES.projectRead };
  const write = { access: RULES.sessionRecordsEdit };

  /** GET / POST on `listPath`, PUT / DELETE on `itemPath` (its row parameter named `param`). */
  function grid(
    name: service.KindName,
    listPath: string,
    itemPath: string,
    param: 'rowId' | 'itemId',
    schemas: { body: z.ZodType; patch: z.ZodType; record: z.ZodType },
  ) {
    const ItemParams = z.object({ id: IdParam, [param]: IdParam }) as z.ZodType<Record<string, number>>;
    app.get(
      listPath,
      { config: read, schema: { tags, params: SessionParams, response: { 200: z.array(schemas.record) } } },
      (req) => service.list(db, name, req.projectAccess, req.params.sessionId),
    );
    if (name !== 'stakeholders')
      app.post(
        listPath,
        {
          config: write,
          schema: { tags, params: SessionParams, body: schemas.body, response: { 201: schemas.record } },
        },
        async (req, reply) => {
          const rec = await service.create(
            db,
            name,
            req.projectAccess,
            req.params.sessionId,
            req.body as Record<string, unknown>,
          );
          setEtag(reply, rec.version);
          return reply.code(201).send(rec);
        },
      );
    app.put(
      itemPath,
      {
        config: write,
        schema: { tags, params: ItemParams, body: schemas.patch, response: { 200: schemas.record } },
      },
      async (req, reply) =>
        answerVersioned(
          reply,
          await service.update(
            db,
            name,
            req.projectAccess,
            req.params[param]!,
            req.body as Record<string, unknown>,
            expectedVersion(req),
          ),
        ),
    );
    app.delete(itemPath, { config: write, schema: { tags, params: ItemParams } }, async (req, reply) => {
      const r = await service.remove(db, name, req.projectAccess, req.params[param]!, expectedVersion(req));
      if (!r.removed) staleRecord(reply, r.current, r.current.version);
      return reply.code(204).send();
    });
  }

  const base = '/api/project/:id';
  grid('expectations', `${base}/expectations/session/:sessionId`, `${base}/expectations/:rowId`, 'rowId', {
    body: ClientExpectation,
    patch: ClientExpectationPatch,
    record: ClientExpectationRecord,
  });
  grid('deliverables', `${base}/deliverables/session/:sessionId`, `${base}/deliverables/:rowId`, 'rowId', {
    body: Deliverable,
    patch: DeliverablePatch,
    record: DeliverableRecord,
  });
  grid('risks', `${base}/risks/session/:sessionId`, `${base}/risks/:rowId`, 'rowId', {
    body: Risk,
    patch: RiskPatch,
    record: RiskRecord,
  });
  grid('rar', `${base}/rar/session/:sessionId`, `${base}/rar/:itemId`, 'itemId', {
    body: RoleAndResponsibility,
    patch: RoleAndResponsibilityPatch,
    record: RoleAndResponsibilityRecord,
  });
  grid('stakeholders', `${base}/stakeholders/sessions/:sessionId`, `${base}/stakeholders/:itemId`, 'itemId', {
    body: StakeholderCreate,
    patch: StakeholderPatch,
    record: StakeholderRecord,
  });

  // the grid's body (camelCase) or one import selection (the spec's casing) — 001 §7
  app.post(
    `${base}/stakeholders/sessions/:sessionId`,
    {
      config: write,
      schema: { tags, params: SessionParams, body: StakeholderCreate, response: { 201: StakeholderRecord } },
    },
    async (req, reply) => {
      const rec = await service.createStakeholder(db, req.projectAccess, req.params.sessionId, req.body);
      setEtag(reply, rec.version);
      return reply.code(201).send(rec);
    },
  );

  app.get(
    `${base}/stakeholders/sessions/:sessionId/client`,
    {
      config: write,
      schema: { tags, params: SessionParams, response: { 200: z.array(StakeholderCandidate) } },
    },
    (req) => service.candidates(db, req.projectAccess, req.params.sessionId),
  );
}
