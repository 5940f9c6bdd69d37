import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { on } from '../../platform/endpoint';
import { versionedWrite, withEtag } from '../../platform/versions';
import * as service from './service';
import * as lifecycle from './lifecycle.service';

const tags = ['projects'];
const E = endpoints.projects;

/** The project list's ETag: `"p<list version>"`. */
const listEtag = (version: string) => `"p${version}"`;

/** Whether `If-None-Match` names the ETag (`*`, a list, weak forms `W/"…"` — weak comparison, RFC 9110 §13.1.2). */
function noneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const value = String(header).trim();
  if (value === '*') return true;
  return value.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Projects (spec 000 §7): the list, one project, its team, status, KPIs, Learning and Development; professionals. */
export default async function projectsRoutes(app: FastifyInstance) {
  const deps = { db: app.db, mailer: app.mailer, config: app.config, notifications: app.notifications };
  const read = { access: RULES.projectRead };
  const list = service.createProjectListCache(app.db);

  /**
   * The list is the same for everyone and large (1.7 MB at 5,000 projects): conditional GET on the list
   * version (`ETag: "p<version>"`, 304 on If-None-Match), the built text and its brotli / gzip forms cached per
   * version. Like every API answer it is `no-store` (personal data: names, e-mails). No response schema: the
   * database builds the JSON.
   */
  on(app, E.list, { tags, config: { access: RULES.signedIn } }, async (req, reply) => {
    const version = await list.current();
    if (noneMatch(req, listEtag(version))) return reply.code(304).header('etag', listEtag(version)).send();
    const built = await list.get(version);
    reply.header('etag', listEtag(built.version)).header('vary', 'accept-encoding');
    reply.type('application/json; charset=utf-8');
    // compressed once per version (not per request: 1.7 MB of brotli on every first screen)
    const encoding = service.listEncoding(req.headers['accept-encoding']);
    if (!encoding) return reply.send(built.json);
    return reply.header('content-encoding', encoding).send(await built.encoded(encoding));
  });

  on(app, E.get, { tags, config: read }, async (req, reply) =>
    withEtag(reply, await service.getProject(app.db, req.params.id)),
  );

  on(app, E.team, { tags, config: read }, (req) => service.getTeam(app.db, req.params.id));

  on(app, E.changeStatus, { tags, config: { access: RULES.projectStatus } }, (req) =>
    lifecycle.changeStatus(deps, req.user, req.projectAccess, req.body.idStatus),
  );

  on(app, E.statusHistory, { tags, config: read }, (req) => service.statusHistory(app.db, req.params.id));

  /** The project's history of setup changes (001): newest first, paged (`?take=50&skip=0`, take ≤ 200). */
  on(app, E.changes, { tags, config: read }, (req) =>
    service.projectChanges(app.db, req.params.id, req.query),
  );

  on(app, E.kpis, { tags, config: read }, (req) => lifecycle.projectKpis(app.db, req.params.id));

  /** Learning and Development (spec 000 §6), one field at a time; If-Match → 412 with the current record when stale. */
  on(app, E.trainingDevelopment, { tags, config: { access: RULES.trainingDevelopment } }, (req, reply) =>
    versionedWrite(req, reply, (v) => service.patchTrainingDevelopment(app.db, req.params.id, req.body, v)),
  );

  on(app, E.professional, { tags, config: { access: RULES.signedIn } }, (req) =>
    service.getProfessional(app.db, req.params.id),
  );

  on(app, E.professionals, { tags, config: { access: RULES.signedIn } }, () =>
    service.listProfessionals(app.db),
  );
}
