import type { FastifyInstance } from 'fastify';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { on } from '../../platform/endpoint';
import { answerVersioned, expectedVersion, setEtag } from '../../platform/versions';
import * as admin from './admin.service';

const tags = ['projects'];
const E = endpoints.projects;

/**
 * Project administration (issue 14, spec 002 §2.8 and §7 "Admin and supervision"): PATCH /api/projects/{id} with
 * the changed fields (Project Info's single-field write included), POST /api/projects, and the admin list's
 * scopes. Replaces Setup's PATCH /api/projects/{id} (one route, one rule).
 */
export default async function projectAdminRoutes(app: FastifyInstance) {
  const deps = { db: app.db, mailer: app.mailer, config: app.config };

  on(app, E.update, { tags, config: { access: RULES.projectEdit } }, async (req, reply) =>
    answerVersioned(
      reply,
      await admin.patchProject(deps, req.user, req.projectAccess, req.body, expectedVersion(req)),
    ),
  );

  on(app, E.create, { tags, config: { access: RULES.projectAdmin } }, async (req, reply) => {
    const project = await admin.createProject(deps, req.user, req.body);
    setEtag(reply, project.version);
    return reply.code(201).send(project);
  });

  on(app, E.scopes, { tags, config: { access: RULES.projectAdmin } }, () => admin.projectScopes(app.db));
}
