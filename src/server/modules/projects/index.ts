import type { FastifyInstance } from 'fastify';
import { StatusChange, TrainingDevelopmentPatch } from '@domain/contract';
import { canOpenEvaluationManagement } from '@domain/rules';
import { idParam, httpError, parseBody } from '../../http';
import { getProject, getTeam, listProjectsJson, requireProject } from './service';
import { changeStatus, projectKpis } from './lifecycle';

/** Projects (spec 000 §7): the list, one project, its team; professionals' own records. */
export default async function projectsModule(app: FastifyInstance) {
  app.addHook('preHandler', app.authenticate);

  app.get('/api/projects', async (_request, reply) => reply.type('application/json; charset=utf-8').send(await listProjectsJson(app.db)));

  app.get('/api/projects/:id', async (request) => getProject(app.db, idParam(request)));

  app.get('/api/projects/:id/team', async (request) => {
    const id = idParam(request);
    await requireProject(app.db, id);
    return getTeam(app.db, id);
  });

  app.put('/api/projects/:id/status', async (request) => {
    const { idStatus } = parseBody(StatusChange, request.body);
    return changeStatus(app, request.user, idParam(request), idStatus);
  });

  app.get('/api/projects/:id/status-history', async (request) => {
    const id = idParam(request);
    await requireProject(app.db, id);
    const rows = await app.db
      .selectFrom('projectStatusHistory as h')
      .leftJoin('professionals as p', 'p.id', 'h.changedBy')
      .select(['h.id', 'h.fromStatus', 'h.toStatus', 'h.changedAt', 'p.name'])
      .where('h.projectId', '=', id)
      .orderBy('h.changedAt', 'desc')
      .orderBy('h.id', 'desc')
      .execute();
    return rows.map((r) => ({ id: r.id, fromStatus: r.fromStatus, toStatus: r.toStatus, changedBy: r.name ?? null, changedAt: new Date(r.changedAt).toISOString() }));
  });

  app.get('/api/projects/:id/kpis', async (request) => projectKpis(app.db, idParam(request)));

  /** Learning and Development: a partner or manager of the project, or Admin / OnePage (spec 000 §6). */
  app.patch('/api/projects/:id/training-development', async (request) => {
    const id = idParam(request);
    const patch = parseBody(TrainingDevelopmentPatch, request.body);
    await requireProject(app.db, id);
    const team = await getTeam(app.db, id);
    if (!canOpenEvaluationManagement(request.user, team)) {
      throw httpError(403, "Only the project's partner or manager, or holders of Admin or OnePage, may change Learning and Development");
    }
    const values = { ...patch, updatedAt: new Date() };
    const row = await app.db
      .insertInto('projectTrainingDevelopment')
      .values({ projectId: id, ...values })
      .onConflict((oc) => oc.column('projectId').doUpdateSet(values))
      .returning(['tdOportunity', 'text'])
      .executeTakeFirstOrThrow();
    return row;
  });

  app.get('/api/professionals/:id', async (request) => {
    const id = idParam(request);
    const p = await app.db
      .selectFrom('professionals')
      .select(['id', 'name', 'email', 'login', 'photoGuid', 'isActive', 'jobTitle', 'practiceId'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!p) throw httpError(404, `Professional ${id} not found`);
    return {
      id: p.id,
      name: p.name,
      email: p.email,
      login: p.login,
      photoGUID: p.photoGuid ?? null,
      isActive: p.isActive,
      jobTitle: { name: p.jobTitle ?? '' },
      practiceId: p.practiceId,
    };
  });

  app.get('/api/professionals', async () => {
    const rows = await app.db
      .selectFrom('professionals')
      .select(['id', 'name', 'email', 'login', 'photoGuid', 'isActive', 'jobTitle'])
      .orderBy('name')
      .execute();
    return rows.map((p) => ({
      id: p.id,
      name: p.name,
      email: p.email,
      login: p.login,
      photoGUID: p.photoGuid ?? null,
      isActive: p.isActive,
      jobTitle: { name: p.jobTitle ?? '' },
    }));
  });
}
