import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '@domain/contract';
import { PROJECT_STATUS } from '@domain/constants';
import { ADMIN_SETTABLE_STATUSES, canForward, checkForward, isAdmin, closeOutComplete } from '@domain/rules';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { weekStart } from '../supervision/service';
import { getTeam, missingAssessmentNames, requireProject } from './service';

export async function isCloseOutComplete(db: DB, projectId: number): Promise<boolean> {
  const form = await db.selectFrom('closureInternal').selectAll().where('projectId', '=', projectId).executeTakeFirst();
  return closeOutComplete(form ?? null);
}

/**
 * PUT /api/projects/{id}/status. Admin sets any of Setup, During, Closure, Closed or Paused (the admin
 * dialog, spec 000 §4.3). Otherwise the Forward-to rules apply (§4.2): the project's manager or partner,
 * one step at a time, 3→4 only with every assessment done, 4→5 only with a complete close-out form.
 * Every change is recorded; closing e-mails Knowledge Management.
 */
export async function changeStatus(app: FastifyInstance, user: SessionUser, projectId: number, to: number) {
  const { db } = app;
  const project = await requireProject(db, projectId);
  const from = project.idStatus;
  if (isAdmin(user)) {
    if (!(ADMIN_SETTABLE_STATUSES as readonly number[]).includes(to)) {
      throw httpError(400, 'Invalid request: idStatus: an administrator sets Setup, During, Closure, Closed or Paused');
    }
  } else {
    const team = await getTeam(db, projectId);
    if (!canForward(user, team)) throw httpError(403, "Only the project's manager or partner, or an administrator, may change its status");
    const check = checkForward({
      from,
      to,
      missingAssessmentNames: from === 3 ? (await missingAssessmentNames(db, projectId)).join(', ') : '',
      closeOutComplete: from === 4 ? await isCloseOutComplete(db, projectId) : null,
    });
    if (!check.ok) throw httpError(409, check.message);
  }
  if (from === to) return { id: projectId, idStatus: to };
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('projects')
      .set((eb) => ({
        idStatus: to,
        closedAt: to === 5 ? new Date() : from === 5 ? null : undefined,
        updatedAt: new Date(),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', projectId)
      .where('idStatus', '=', from) // a concurrent change loses instead of overwriting
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw httpError(409, 'The project status changed meanwhile; reload and try again');
    await trx.insertInto('projectStatusHistory').values({ projectId, fromStatus: from, toStatus: to, changedBy: user.professionalId }).execute();
    if (to === 5) {
      await app.mailer.enqueue(
        {
          to: app.config.knowledgeManagementEmail,
          subject: `Close project ${project.code}`,
          body: `<p>${escapeHtml(user.userName)} finished the project <strong>${escapeHtml(project.code)} — ${escapeHtml(project.name)}</strong>.</p><p>Please close the project: ${app.config.publicUrl}/project/${projectId}/closure/internal</p>`,
        },
        trx,
      );
    }
  });
  return { id: projectId, idStatus: to, statusName: PROJECT_STATUS[to]?.name };
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The Project Week Overview KPIs, computed from the records (decision, README): this week = Monday–Sunday (UTC).
 * - onePageSubmitted: this week's one-page is submitted;
 * - weeklyStatusSubmitted: a weekly status was submitted this week;
 * - hasProfessionalDNA: a Professional DNA session (During) took place this week;
 * - hasTechDNA: a project session (Tech DNA, not setup) was held this week;
 * - evaluationManagementFulfilled: the project has evaluations in the active cycle and none is still "Not started".
 */
export async function projectKpis(db: DB, projectId: number, now = new Date()) {
  await requireProject(db, projectId);
  const monday = weekStart(now);
  const nextMonday = new Date(`${monday}T00:00:00Z`);
  nextMonday.setUTCDate(nextMonday.getUTCDate() + 7);
  const sunday = new Date(nextMonday.getTime() - 86_400_000).toISOString().slice(0, 10);
  const [onePage, weekly, dna, tech, evals] = await Promise.all([
    db.selectFrom('onePages').select('submittedAt').where('projectId', '=', projectId).where('initialDate', '>=', monday).orderBy('initialDate', 'desc').limit(1).executeTakeFirst(),
    db.selectFrom('weeklyStatuses').select('id').where('projectId', '=', projectId).where('isSubmitted', '=', true).where('submittedAt', '>=', new Date(`${monday}T00:00:00Z`)).limit(1).executeTakeFirst(),
    db.selectFrom('projectProfessionalDnas').select('id').where('projectId', '=', projectId).where('sessionType', '=', 2).where('sessionDate', '>=', monday).where('sessionDate', '<=', sunday).limit(1).executeTakeFirst(),
    db.selectFrom('projectSessions').select('id').where('projectId', '=', projectId).where('isSetup', '=', false).where('createdAt', '>=', new Date(`${monday}T00:00:00Z`)).limit(1).executeTakeFirst(),
    db
      .selectFrom('projectEvaluations as e')
      .innerJoin('evaluationCycles as c', 'c.id', 'e.cycleId')
      .select(['e.evaluationStatus'])
      .where('e.projectId', '=', projectId)
      .where('c.isActive', '=', true)
      .execute(),
  ]);
  return {
    onePageSubmitted: !!onePage?.submittedAt,
    weeklyStatusSubmitted: !!weekly,
    hasProfessionalDNA: !!dna,
    hasTechDNA: !!tech,
    evaluationManagementFulfilled: evals.length > 0 && evals.every((e) => e.evaluationStatus !== 'Not started'),
  };
}
