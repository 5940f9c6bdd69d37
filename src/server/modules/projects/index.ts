import type { FastifyInstance } from 'fastify';
import { idParam, httpError } from '../../http';
import { getProject, getTeam, listProjects, requireProject } from './service';

/** Projects (spec 000 §7): the list, one project, its team; professionals' own records. */
export default async function projectsModule(app: FastifyInstance) {
  app.addHook('preHandler', app.authenticate);

  app.get('/api/projects', async () => listProjects(app.db));

  app.get('/api/projects/:id', async (request) => getProject(app.db, idParam(request)));

  app.get('/api/projects/:id/team', async (request) => {
    const id = idParam(request);
    await requireProject(app.db, id);
    return getTeam(app.db, id);
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
