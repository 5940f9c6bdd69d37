import type { FastifyInstance } from 'fastify';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { on } from '../../platform/endpoint';
import { setEtag, versionedRemove, versionedWrite, withEtag } from '../../platform/versions';
import * as service from './service';

const tags = ['sessions'];
const E = endpoints.sessions;

/** Project sessions (spec 001 §7): the project's team and Admin / OnePage holders read and create. */
export default async function sessionsRoutes(app: FastifyInstance) {
  const config = { access: RULES.projectSessions };

  on(app, E.list, { tags, config }, (req) => service.list(app.db, req.params.id));

  on(app, E.create, { tags, config }, async (req, reply) => {
    const { session, version } = await service.create(app.db, req.projectAccess, req.body);
    setEtag(reply, version);
    return reply.code(201).send(session);
  });

  // one session with its version: the setup one for everyone, a During one for the team (service)
  on(app, E.get, { tags, config: { access: RULES.projectRead } }, async (req, reply) =>
    withEtag(reply, await service.getOne(app.db, req.projectAccess, req.params.sessionId)),
  );

  // one field: projectScope / projectOutScope of the setup session (001 §7); If-Match honoured
  on(app, E.patch, { tags, config: { access: RULES.sessionRecordsEdit } }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      service.patch(app.db, req.projectAccess, req.params.sessionId, req.body, v),
    ),
  );

  // --- H6: During sessions — the team, Admin and OnePage (rules/sessions.ts sessionActionRefusal)

  // the session's fields, merged over the stored ones (001 §5); If-Match honoured; 409 setup / submitted
  on(app, E.update, { tags, config }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      service.update(app.db, req.projectAccess, req.params.sessionId, req.body, v),
    ),
  );

  // the session and its records; 409 for the setup session and a submitted one; If-Match honoured
  on(app, E.remove, { tags, config }, (req, reply) =>
    versionedRemove(req, reply, (v) => service.remove(app.db, req.projectAccess, req.params.sessionId, v)),
  );

  // submit: submittedAt = now, idSubmittedBy = the caller; undo clears both (001 §4); no body
  for (const [entry, submit] of [
    [E.submit, true],
    [E.unsubmit, false],
  ] as const)
    on(app, entry, { tags, config }, (req, reply) =>
      versionedWrite(req, reply, (v) =>
        service.setSubmitted(app.db, req.projectAccess, req.params.sessionId, submit, v, app.notifications),
      ),
    );
}
