import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ProjectToolkitCreate, ProjectToolkitUpdate, type SessionUser } from '@domain/contract';
import { TOOLKIT_STATUS } from '@domain/constants';
import { canEditToolkits, isAdmin, toolkitStatusOptions } from '@domain/rules';
import type { DB } from '../../db';
import { httpError, idParam, parseBody } from '../../http';
import { getTeam, requireProject } from '../projects/service';
import { escapeHtml } from '../projects/lifecycle';

const FINAL = [2, 3];

async function context(db: DB, user: SessionUser, projectId: number) {
  const project = await requireProject(db, projectId);
  const team = await getTeam(db, projectId);
  return { project, team, canEdit: canEditToolkits(user, team, project.idStatus), options: toolkitStatusOptions(user, team) };
}

function statusParam(request: FastifyRequest): number {
  const raw = Number((request.params as Record<string, string>).statusId);
  if (!Number.isInteger(raw) || raw < 0 || raw > 3) throw httpError(400, 'Invalid request: statusId must be a toolkit status 0 to 3');
  return raw;
}

async function list(db: DB, projectId: number) {
  const rows = await db
    .selectFrom('projectToolkits as pt')
    .innerJoin('toolkits as t', 't.id', 'pt.toolkitId')
    .leftJoin('methodologies as m', 'm.id', 't.methodologyId')
    .leftJoin('practices as p', 'p.id', 'm.practiceId')
    .select(['pt.id', 'pt.toolkitId', 'pt.idStatus', 't.name', 'p.name as practiceName'])
    .where('pt.projectId', '=', projectId)
    .orderBy('pt.id')
    .execute();
  return rows.map((r) => ({ id: r.id, idToolkit: r.toolkitId, idStatus: r.idStatus, toolkitName: [r.practiceName, r.name].filter(Boolean).join(' ') }));
}

async function requireRow(db: DB, projectId: number, rowId: number) {
  const row = await db.selectFrom('projectToolkits').selectAll().where('projectId', '=', projectId).where('id', '=', rowId).executeTakeFirst();
  if (!row) throw httpError(404, `Toolkit ${rowId} not found on project ${projectId}`);
  return row;
}

/**
 * Toolkits (spec 000 §2.10, §4.4, §6, §7). `{idToolkit}` in the paths is the project-toolkit record id.
 * Add, edit, delete, change and change-all need the §6 permission; a status a user sets must be one of
 * their §4.4 options (Admin: all); Approved and Not Approved are final except for Admin; Request e-mails
 * the project partner.
 */
export default async function toolkitsModule(app: FastifyInstance) {
  app.addHook('preHandler', app.authenticate);
  const { db } = app;

  const requireEdit = async (request: FastifyRequest) => {
    const projectId = idParam(request);
    const ctx = await context(db, request.user, projectId);
    if (!ctx.canEdit) {
      throw httpError(403, "Toolkits can be changed by an administrator, or by the project's manager or partner once the project is not in Setup");
    }
    return { projectId, ...ctx };
  };

  const notifyPartner = async (project: { id: number; code: string; name: string }, team: Awaited<ReturnType<typeof getTeam>>, requester: SessionUser, toolkitNames: string[]) => {
    const partners = team.filter((t) => t.isPartner);
    for (const p of partners) {
      await app.mailer.enqueue({
        to: p.professional.email,
        subject: `Toolkit request on ${project.code}`,
        body: `<p>${escapeHtml(requester.userName)} requests your approval of ${toolkitNames.map((n) => `<strong>${escapeHtml(n)}</strong>`).join(', ')} on project ${escapeHtml(project.code)} — ${escapeHtml(project.name)}.</p><p>${app.config.publicUrl}/project/${project.id}/setup/toolkit</p>`,
      });
    }
  };

  app.get('/api/project/:id/toolkits', async (request) => {
    const projectId = idParam(request);
    await requireProject(db, projectId);
    return list(db, projectId);
  });

  /** What the signed-in user may do here (the UI mirrors it). */
  app.get('/api/project/:id/toolkits/permissions', async (request) => {
    const { canEdit, options } = await context(db, request.user, idParam(request));
    return { canEdit, options: canEdit ? options : [] };
  });

  app.get('/api/project/:id/toolkits/:toolkitId', async (request) => {
    const projectId = idParam(request);
    const row = await requireRow(db, projectId, idParam(request, 'toolkitId'));
    return (await list(db, projectId)).find((r) => r.id === row.id);
  });

  app.post('/api/project/:id/toolkits', async (request, reply) => {
    const body = parseBody(ProjectToolkitCreate, request.body);
    const { projectId, options, project, team } = await requireEdit(request);
    if (body.idStatus !== 0 && !options.includes(body.idStatus)) throw httpError(403, `You may not add a toolkit as ${TOOLKIT_STATUS[body.idStatus]?.label}`);
    const toolkit = await db.selectFrom('toolkits').select(['id', 'isActive', 'name']).where('id', '=', body.idToolkit).executeTakeFirst();
    if (!toolkit) throw httpError(400, 'Invalid request: idToolkit: no such toolkit');
    if (!toolkit.isActive) throw httpError(400, 'Invalid request: idToolkit: this toolkit is not active');
    const exists = await db.selectFrom('projectToolkits').select('id').where('projectId', '=', projectId).where('toolkitId', '=', body.idToolkit).executeTakeFirst();
    if (exists) throw httpError(409, 'This toolkit is already on the project');
    const row = await db.insertInto('projectToolkits').values({ projectId, toolkitId: body.idToolkit, idStatus: body.idStatus }).returning('id').executeTakeFirstOrThrow();
    if (body.idStatus === 1) await notifyPartner(project, team, request.user, [toolkit.name]);
    reply.code(201);
    return (await list(db, projectId)).find((r) => r.id === row.id);
  });

  app.put('/api/project/:id/toolkits/:toolkitId', async (request) => {
    const body = parseBody(ProjectToolkitUpdate, request.body);
    const { projectId, options } = await requireEdit(request);
    const row = await requireRow(db, projectId, idParam(request, 'toolkitId'));
    if (body.idStatus !== row.idStatus && !options.includes(body.idStatus)) {
      throw httpError(403, `You may not set this toolkit to ${TOOLKIT_STATUS[body.idStatus]?.label}`);
    }
    const toolkit = await db.selectFrom('toolkits').select('id').where('id', '=', body.idToolkit).executeTakeFirst();
    if (!toolkit) throw httpError(400, 'Invalid request: idToolkit: no such toolkit');
    await db.updateTable('projectToolkits').set({ toolkitId: body.idToolkit, idStatus: body.idStatus, updatedAt: new Date() }).where('id', '=', row.id).execute();
    return (await list(db, projectId)).find((r) => r.id === row.id);
  });

  app.delete('/api/project/:id/toolkits/:toolkitId', async (request, reply) => {
    const { projectId } = await requireEdit(request);
    const row = await requireRow(db, projectId, idParam(request, 'toolkitId'));
    await db.deleteFrom('projectToolkits').where('id', '=', row.id).execute();
    return reply.code(204).send();
  });

  app.put('/api/project/:id/toolkits/:toolkitId/change/:statusId', async (request) => {
    const statusId = statusParam(request);
    const { projectId, options, project, team } = await requireEdit(request);
    const row = await requireRow(db, projectId, idParam(request, 'toolkitId'));
    if (!options.includes(statusId)) throw httpError(403, `You may not change a toolkit to ${TOOLKIT_STATUS[statusId]?.label}`);
    if (FINAL.includes(row.idStatus) && !isAdmin(request.user)) throw httpError(409, 'Approved and Not Approved toolkits cannot be changed');
    await db.updateTable('projectToolkits').set({ idStatus: statusId, updatedAt: new Date() }).where('id', '=', row.id).execute();
    if (statusId === 1) {
      const name = (await list(db, projectId)).find((r) => r.id === row.id)!.toolkitName;
      await notifyPartner(project, team, request.user, [name]);
    }
    return (await list(db, projectId)).find((r) => r.id === row.id);
  });

  app.put('/api/project/:id/toolkits/change-all/:statusId', async (request) => {
    const statusId = statusParam(request);
    const { projectId, options, project, team } = await requireEdit(request);
    if (!options.includes(statusId)) throw httpError(403, `You may not change toolkits to ${TOOLKIT_STATUS[statusId]?.label}`);
    let q = db.updateTable('projectToolkits').set({ idStatus: statusId, updatedAt: new Date() }).where('projectId', '=', projectId).where('idStatus', '!=', statusId);
    if (!isAdmin(request.user)) q = q.where('idStatus', 'not in', FINAL);
    const changed = await q.returning('id').execute();
    const rows = await list(db, projectId);
    if (statusId === 1 && changed.length) {
      const ids = new Set(changed.map((c) => c.id));
      await notifyPartner(project, team, request.user, rows.filter((r) => ids.has(r.id)).map((r) => r.toolkitName));
    }
    return rows;
  });
}
