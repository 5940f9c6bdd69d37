import type { FastifyInstance } from 'fastify';
import { preferences as E } from '@domain/contract/endpoints/preferences';
import { RULES } from '@domain/rules';
import { on } from '@server/platform/endpoint';
import { versionedWrite, withEtag } from '../../platform/versions';
import * as service from './service';

const tags = ['preferences'];

/**
 * The caller's own preferences: the columns they hide in each supervision grid. Every signed-in
 * person reads and writes their own only (the token's professional), never another's.
 */
export default async function preferenceRoutes(app: FastifyInstance) {
  const { db } = app;

  on(app, E.gridColumns, { tags, config: { access: RULES.signedIn } }, async (req, reply) =>
    withEtag(reply, await service.read(db, req.user.professionalId, req.params.grid)),
  );

  on(app, E.saveGridColumns, { tags, config: { access: RULES.signedIn } }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      service.save(db, req.user.professionalId, req.params.grid, req.body.hidden, v),
    ),
  );
}
