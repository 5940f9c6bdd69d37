import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ProjectSessionBody } from '@domain/contract';
import { hasAnyScope, teamRole } from '@domain/rules';
import { SCOPES } from '@domain/constants';
import { httpError, idParam, parseBody } from '../../http';
import { getTeam, requireProject, toIso } from '../projects/service';

/**
 * Project sessions (spec 001 §7, the list and creation; the session screen and its sub-records come
 * with the During issue). Team members and Admin / OnePage holders may read and create.
 */
export default async function sessionsModule(app: FastifyInstance) {
  app.addHook('preHandler', app.authenticate);
  const { db } = app;

  async function member(request: FastifyRequest, projectId: number) {
    await requireProject(db, projectId);
    if (hasAnyScope(request.user, [SCOPES.admin, SCOPES.onePage])) return;
    if (!teamRole(await getTeam(db, projectId), request.user.professionalId).isMember) throw httpError(403, 'Only team members may work on project sessions');
  }

  app.get('/api/projects/:id/sessions', async (request) => {
    const projectId = idParam(request);
    await member(request, projectId);
    const rows = await db.selectFrom('projectSessions').selectAll().where('projectId', '=', projectId).where('isSetup', '=', false).orderBy('createdAt', 'desc').execute();
    return rows.map((r) => ({
      id: r.id,
      createdAt: toIso(r.createdAt),
      discussionFocus: r.discussionFocus,
      isSetup: r.isSetup,
      submittedAt: toIso(r.submittedAt),
      idSubmittedBy: r.submittedById,
      projectScope: r.projectScope,
      projectOutScope: r.projectOutScope,
      adjustScope: r.adjustScope,
      adjustScopeObs: r.adjustScopeObs,
      deliveringClientNeeds: r.deliveringClientNeeds,
      deliveringClientNeedsObs: r.deliveringClientNeedsObs,
      discussionOutcomes: r.discussionOutcomes,
    }));
  });

  app.post('/api/projects/:id/sessions', async (request, reply) => {
    const projectId = idParam(request);
    const body = parseBody(ProjectSessionBody, request.body);
    await member(request, projectId);
    const row = await db.insertInto('projectSessions').values({ projectId, isSetup: false, ...body }).returning(['id', 'createdAt']).executeTakeFirstOrThrow();
    reply.code(201);
    return { id: row.id, createdAt: toIso(row.createdAt), isSetup: false, ...body };
  });
}
