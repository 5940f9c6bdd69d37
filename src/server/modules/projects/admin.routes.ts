import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProjectCreate, ProjectDetail, ProjectEditPatch, ProjectScopeRow } from '@domain/contract';
import { RULES } from '@domain/rules';
import { IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag } from '../../platform/versions';
import * as admin from './admin.service';

const tags = ['projects'];

/**
 * Project administration (issue 14, spec 002 §2.8 and §7 "Admin and supervision"): PATCH /api/projects/{id} with
 * the changed fields (Project Info's single-field write included), POST /api/projects, and the admin list's
 * scopes. Replaces Setup's PATCH /api/projects/{id} (one route, one rule).
 */
export default async function projectAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, mailer: app.mailer, config: app.config };

  app.patch(
    '/api/projects/:id',
    {
      config: { access: RULES.projectEdit },
      schema: { tags, params: IdParams, body: ProjectEditPatch, response: { 200: ProjectDetail } },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await admin.patchProject(deps, req.user, req.projectAccess, req.body, expectedVersion(req)),
      ),
  );

  app.post(
    '/api/projects',
    {
      config: { access: RULES.projectAdmin },
      schema: { tags, body: ProjectCreate, response: { 201: ProjectDetail } },
    },
    async (req, reply) => {
      const project = await admin.createProject(deps, req.user, req.body);
      setEtag(reply, project.version);
      return reply.code(201).send(project);
    },
  );

  app.get(
    '/api/admin/project-scopes',
    { config: { access: RULES.projectAdmin }, schema: { tags, response: { 200: z.array(ProjectScopeRow) } } },
    () => admin.projectScopes(app.db),
  );
}
