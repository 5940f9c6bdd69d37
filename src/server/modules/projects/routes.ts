import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Kpis,
  ProfessionalRecord,
  ProjectChange,
  ProjectChangesQuery,
  ProjectDetail,
  StatusChange,
  StatusChangeResult,
  StatusHistoryEntry,
  TeamMember,
  TrainingDevelopmentPatch,
  TrainingDevelopmentRecord,
} from '@domain/contract';
import { RULES } from '@domain/rules';
import { IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag } from '../../platform/versions';
import * as service from './service';
import * as lifecycle from './lifecycle.service';

const tags = ['projects'];

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
export default async function projectsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, mailer: app.mailer, config: app.config, notifications: app.notifications };
  const read = { access: RULES.projectRead };
  const list = service.createProjectListCache(app.db);

  /**
   * The list is the same for everyone and large (1.7 MB at 5,000 projects): conditional GET on the list
   * version (`ETag: "p<version>"`, 304 on If-None-Match), the built text and its brotli / gzip forms cached per
   * version. Like every API answer it is `no-store` (personal data: names, e-mails). No response schema: the
   * database builds the JSON.
   */
  app.get('/api/projects', { config: { access: RULES.signedIn }, schema: { tags } }, async (req, reply) => {
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

  app.get(
    '/api/projects/:id',
    { config: read, schema: { tags, params: IdParams, response: { 200: ProjectDetail } } },
    async (req, reply) => {
      const project = await service.getProject(app.db, req.params.id);
      setEtag(reply, project.version);
      return project;
    },
  );

  app.get(
    '/api/projects/:id/team',
    { config: read, schema: { tags, params: IdParams, response: { 200: z.array(TeamMember) } } },
    (req) => service.getTeam(app.db, req.params.id),
  );

  app.put(
    '/api/projects/:id/status',
    {
      config: { access: RULES.projectStatus },
      schema: { tags, params: IdParams, body: StatusChange, response: { 200: StatusChangeResult } },
    },
    (req) => lifecycle.changeStatus(deps, req.user, req.projectAccess, req.body.idStatus),
  );

  app.get(
    '/api/projects/:id/status-history',
    { config: read, schema: { tags, params: IdParams, response: { 200: z.array(StatusHistoryEntry) } } },
    (req) => service.statusHistory(app.db, req.params.id),
  );

  /** The project's history of setup changes (001, issue 10): newest first, paged (`?take=50&skip=0`, take ≤ 200). */
  app.get(
    '/api/projects/:id/changes',
    {
      config: read,
      schema: {
        tags,
        params: IdParams,
        querystring: ProjectChangesQuery,
        response: { 200: z.array(ProjectChange) },
      },
    },
    (req) => service.projectChanges(app.db, req.params.id, req.query),
  );

  app.get(
    '/api/projects/:id/kpis',
    { config: read, schema: { tags, params: IdParams, response: { 200: Kpis } } },
    (req) => lifecycle.projectKpis(app.db, req.params.id),
  );

  /** Learning and Development (spec 000 §6), one field at a time; If-Match → 412 with the current record when stale. */
  app.patch(
    '/api/projects/:id/training-development',
    {
      config: { access: RULES.trainingDevelopment },
      schema: {
        tags,
        params: IdParams,
        body: TrainingDevelopmentPatch,
        response: { 200: TrainingDevelopmentRecord },
      },
    },
    async (req, reply) => {
      return answerVersioned(
        reply,
        await service.patchTrainingDevelopment(app.db, req.params.id, req.body, expectedVersion(req)),
      );
    },
  );

  app.get(
    '/api/professionals/:id',
    {
      config: { access: RULES.signedIn },
      schema: { tags, params: IdParams, response: { 200: ProfessionalRecord } },
    },
    (req) => service.getProfessional(app.db, req.params.id),
  );

  app.get(
    '/api/professionals',
    { config: { access: RULES.signedIn }, schema: { tags, response: { 200: z.array(ProfessionalRecord) } } },
    () => service.listProfessionals(app.db),
  );
}
