import type { FastifyInstance } from 'fastify';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { on } from '../../platform/endpoint';
import { created, versionedRemove, versionedWrite, withEtag } from '../../platform/versions';
import * as service from './service';

const tags = ['master-admin'];
const E = endpoints.masterAdmin;

/**
 * Admin › Master data: every master list, its items (add, edit, deactivate, reactivate, delete while unused) and
 * their history — holders of Admin only; the lists' versions for every signed-in screen that caches master data.
 */
export default async function masterAdminRoutes(app: FastifyInstance) {
  const { db } = app;
  const config = { access: RULES.admin };

  on(app, E.overview, { tags, config }, () => service.overview(db));

  on(app, E.versions, { tags, config: { access: RULES.signedIn } }, () => service.versions(db));

  on(app, E.items, { tags, config }, (req) => service.listItems(db, req.params.list, req.query));

  on(app, E.item, { tags, config }, async (req, reply) =>
    withEtag(reply, await service.getItem(db, req.params.list, req.params.id)),
  );

  on(app, E.create, { tags, config }, async (req, reply) =>
    created(reply, await service.createItem(db, req.params.list, req.body, req.user.professionalId)),
  );

  on(app, E.update, { tags, config }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      service.updateItem(db, req.params.list, req.params.id, req.body, req.user.professionalId, v),
    ),
  );

  on(app, E.deactivate, { tags, config }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      service.deactivateItem(db, req.params.list, req.params.id, req.user.professionalId, v),
    ),
  );

  on(app, E.reactivate, { tags, config }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      service.reactivateItem(db, req.params.list, req.params.id, req.user.professionalId, v),
    ),
  );

  on(app, E.remove, { tags, config }, (req, reply) =>
    versionedRemove(req, reply, (v) =>
      service.deleteItem(db, req.params.list, req.params.id, req.user.professionalId, v),
    ),
  );

  on(app, E.history, { tags, config }, (req) => service.history(db, req.params.list, req.params.id));
}
