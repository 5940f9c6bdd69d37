import type { FastifyInstance } from 'fastify';
import { closureCheck as E } from '@domain/contract/endpoints/closure-check';
import { RULES } from '@domain/rules';
import { on } from '@server/platform/endpoint';
import { versionedWrite, withEtag } from '../../platform/versions';
import * as service from './service';

const tags = ['knm'];

/**
 * The KNM Project Check List (spec 002 §2.10, §7 "Admin and supervision"): every read and write is RULES.knm
 * (holders of Admin or KNW).
 */
export default async function closureCheckRoutes(app: FastifyInstance) {
  const { db } = app;
  const config = { access: RULES.knm };

  on(app, E.list, { tags, config }, () => service.list(db));

  on(app, E.get, { tags, config }, async (req, reply) =>
    withEtag(reply, await service.get(db, req.params.id)),
  );

  /** The whole checklist; If-Match → 412 with the current record when stale. */
  on(app, E.put, { tags, config }, (req, reply) =>
    versionedWrite(req, reply, (v) => service.put(db, req.user, req.params.id, req.body, v)),
  );
}
