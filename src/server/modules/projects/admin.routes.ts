import type { FastifyInstance } from 'fastify';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { on } from '../../platform/endpoint';
import { created, versionedWrite } from '../../platform/versions';
import * as admin from './admin.service';

const tags = ['projects'];
const E = endpoints.projects;

/**
 * Project administration (spec 002 §2.8 and §7 "Admin and supervision"): PATCH /api/projects/{id} with
 * the changed fields (Project Info's single-field write included), POST /api/projects, and the admin list's
 * scopes. Replaces Setup's PATCH /api/projects/{id} (one route, one rule).
 */
export default async function projectAdminRoutes(app: FastifyInstance) {
  const deps = { db: app.db, mailer: app.mailer, config: app.config };

  on(app, E.update, { tags, config: { access: RULES.projectEdit } }, (req, reply) =>
    versionedWrite(req, reply, (v) => admin.patchProject(deps, req.user, req.projectAccess, req.body, v)),
  );

  on(app, E.create, { tags, config: { access: RULES.projectAdmin } }, async (req, reply) =>
    created(reply, await admin.createProject(deps, req.user, req.body)),
  );

  on(app, E.scopes, { tags, config: { access: RULES.projectAdmin } }, () => admin.projectScopes(app.db));
}
