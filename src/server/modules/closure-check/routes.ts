import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ClosureChecklistPut, ClosureChecklistRecord, KnmChecklistRow } from '@domain/contract';
import { RULES } from '@domain/rules';
import { IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag } from '../../platform/versions';
import * as service from './service';

const tags = ['knm'];

/**
 * The KNM Project Check List (spec 002 §2.10, §7 "Admin and supervision"): every read and write is RULES.knm
 * (holders of Admin or KNW).
 */
export default async function closureCheckRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const config = { access: RULES.knm };
  const base = '/api/project-closure-check/project/:id';

  app.get(
    '/api/knm-checklist',
    { config, schema: { tags, response: { 200: z.array(KnmChecklistRow) } } },
    () => service.list(db),
  );

  app.get(
    base,
    { config, schema: { tags, params: IdParams, response: { 200: ClosureChecklistRecord } } },
    async (req, reply) => {
      const rec = await service.get(db, req.params.id);
      setEtag(reply, rec.version);
      return rec;
    },
  );

  /** The whole checklist; If-Match → 412 with the current record when stale. */
  app.put(
    base,
    {
      config,
      schema: {
        tags,
        params: IdParams,
        body: ClosureChecklistPut,
        response: { 200: ClosureChecklistRecord },
      },
    },
    async (req, reply) =>
      answerVersioned(reply, await service.put(db, req.user, req.params.id, req.body, expectedVersion(req))),
  );
}
