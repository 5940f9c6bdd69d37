import type { FastifyInstance, FastifyRequest } from 'fastify';
import { people as E } from '@domain/contract/endpoints/people';
import { RULES } from '@domain/rules';
import { on } from '@server/platform/endpoint';
import { created, versionedWrite, withEtag } from '../../platform/versions';
import * as service from './service';

const tags = ['people'];
const config = { access: RULES.admin };

const actorOf = (req: FastifyRequest): service.Actor => ({
  professionalId: req.user.professionalId,
  userName: req.user.userName,
});

/**
 * Admin › People (administrators only): every professional and the portal's own fields of each, people added and
 * deactivated by hand, and Microsoft Entra ID provisioning — the groups' scopes, the tokens, the last requests.
 */
export default async function peopleRoutes(app: FastifyInstance) {
  const deps: service.PeopleDeps = {
    db: app.db,
    forgetDirectoryCache: () => app.forgetDirectoryCache?.(),
    publicUrl: app.config.publicUrl,
  };
  const { db } = app;

  on(app, E.list, { tags, config }, (req) => service.listPeople(db, req.query));
  on(app, E.choices, { tags, config }, () => service.choices(db));
  on(app, E.get, { tags, config }, async (req, reply) =>
    withEtag(reply, await service.getPerson(db, req.params.id)),
  );
  on(app, E.update, { tags, config }, (req, reply) =>
    versionedWrite(req, reply, (v) => service.updatePerson(deps, actorOf(req), req.params.id, req.body, v)),
  );
  on(app, E.create, { tags, config }, async (req, reply) =>
    created(reply, await service.createPerson(deps, actorOf(req), req.body)),
  );
  on(app, E.deactivate, { tags, config }, (req, reply) =>
    versionedWrite(req, reply, (v) => service.setActive(deps, actorOf(req), req.params.id, false, v)),
  );
  on(app, E.reactivate, { tags, config }, (req, reply) =>
    versionedWrite(req, reply, (v) => service.setActive(deps, actorOf(req), req.params.id, true, v)),
  );
  on(app, E.history, { tags, config }, (req) => service.history(db, req.params.id, req.query));

  on(app, E.provisioning, { tags, config }, () => service.provisioning(db, app.config.publicUrl));
  on(app, E.updateGroup, { tags, config }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      service.updateGroup(deps, actorOf(req), req.params.id, req.body.scopes, v),
    ),
  );
  on(app, E.createToken, { tags, config }, async (req, reply) =>
    reply.code(201).send(await service.createToken(deps, actorOf(req), req.body.name)),
  );
  on(app, E.revokeToken, { tags, config }, async (req, reply) => {
    await service.revokeToken(db, req.params.id);
    return reply.code(204).send();
  });
}
