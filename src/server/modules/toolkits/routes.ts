import type { FastifyInstance } from 'fastify';
import { toolkits as E } from '@domain/contract/endpoints/toolkits';
import { RULES, canEditToolkits, toolkitStatusOptions } from '@domain/rules';
import { on } from '@server/platform/endpoint';
import { created, versionedWrite, withEtag } from '../../platform/versions';
import * as service from './service';

const tags = ['toolkits'];

/** Toolkits (spec 000 §7): `{toolkitId}` in the paths is the project-toolkit record id. */
export default async function toolkitsRoutes(app: FastifyInstance) {
  const deps = { db: app.db, mailer: app.mailer, config: app.config };
  const read = { access: RULES.projectRead };
  const edit = { access: RULES.toolkitsEdit };

  on(app, E.list, { tags, config: read }, (req) => service.list(app.db, req.params.id));

  on(app, E.permissions, { tags, config: read }, (req) => {
    const a = req.projectAccess;
    const canEdit = canEditToolkits(a.user, a.team, a.project.idStatus);
    return { canEdit, options: canEdit ? toolkitStatusOptions(a.user, a.team) : [] };
  });

  on(app, E.get, { tags, config: read }, async (req, reply) =>
    withEtag(reply, await service.getOne(app.db, req.params.id, req.params.toolkitId)),
  );

  on(app, E.create, { tags, config: edit }, async (req, reply) =>
    created(reply, await service.add(deps, req.user, req.projectAccess, req.body)),
  );

  on(app, E.update, { tags, config: edit }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      service.update(deps, req.user, req.projectAccess, req.params.toolkitId, req.body, v),
    ),
  );

  on(app, E.remove, { tags, config: edit }, async (req, reply) => {
    await service.remove(deps, req.user, req.projectAccess, req.params.toolkitId);
    return reply.code(204).send();
  });

  on(app, E.change, { tags, config: edit }, async (req, reply) =>
    withEtag(
      reply,
      await service.change(deps, req.user, req.projectAccess, req.params.toolkitId, req.params.statusId),
    ),
  );

  on(app, E.changeAll, { tags, config: edit }, (req) =>
    service.changeAll(deps, req.user, req.projectAccess, req.params.statusId),
  );
}
