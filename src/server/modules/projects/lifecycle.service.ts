import crypto from 'node:crypto';
import type { Kpis, SessionUser, StatusChangeResult } from '@domain/contract';
import { PROJECT_STATUS } from '@domain/constants';
import {
  ADMIN_SETTABLE_STATUSES,
  checkForward,
  closeOutComplete,
  isAdmin,
  type ProjectAccess,
} from '@domain/rules';
import type { DB } from '../../db';
import type { Mailer } from '../../mail';
import type { Config } from '../../config';
import { httpError } from '../../http';
import { escapeHtml } from '../../platform/html';
import { weekEnd, weekStart } from '../../platform/dates';
import * as repo from './repo';
import * as kpiRepo from './kpis.repo';
import { missingAssessmentNames, requireProject } from './service';
import type { Notifications } from '@server/modules/notifications/service';

export interface LifecycleDeps {
  db: DB;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'knowledgeManagementEmail'>;
  /** Tells the team of a status moved forward (PUT …/status). */
  notifications?: Pick<Notifications, 'notify'>;
}

export async function isCloseOutComplete(db: DB, projectId: number): Promise<boolean> {
  return closeOutComplete((await repo.findCloseOutForm(db, projectId)) ?? null);
}

/**
 * PUT /api/projects/{id}/status. Who may call at all is the route's rule (projectStatus: Admin, or the
 * project's manager or partner). Admin sets any of Setup, During, Closure, Closed or Paused (the admin
 * dialog, spec 000 §4.3). Otherwise the Forward-to rules apply (§4.2): one step at a time, 3→4 only with
 * every assessment done, 4→5 only with a complete close-out form (409 with the spec's message).
 * Every change is recorded; closing e-mails Knowledge Management.
 */
export async function changeStatus(
  deps: LifecycleDeps,
  user: SessionUser,
  access: ProjectAccess,
  to: number,
): Promise<StatusChangeResult> {
  const { db } = deps;
  const projectId = access.project.id;
  const project = await requireProject(db, projectId);
  const from = project.idStatus;
  await assertStatusChange(db, user, projectId, from, to);
  if (from === to) return { id: projectId, idStatus: to };
  await db.transaction().execute(async (trx) => {
    if (!(await writeStatusChange(trx, deps, user, project, from, to)))
      throw httpError(409, 'The project status changed meanwhile; reload and try again');
    await deps.notifications?.notify(trx, {
      event: 'projectStatusChanged',
      projectId,
      actorId: user.professionalId,
      key: `project:${projectId}:status:${from}-${to}:${crypto.randomUUID()}`,
      path: `/project/${projectId}/home`,
      audience: 'team',
      detail: `${PROJECT_STATUS[from]?.name ?? from} → ${PROJECT_STATUS[to]?.name ?? to}`,
    });
  });
  return { id: projectId, idStatus: to, statusName: PROJECT_STATUS[to]?.name };
}

/**
 * The rules of a status change (000 §4.2–§4.3): an administrator sets Setup, During, Closure, Closed or Paused
 * directly (400 otherwise); anyone else forwards one step with the spec's conditions (409 with its message).
 * Shared by PUT …/status and the administration PATCH.
 */
export async function assertStatusChange(
  db: DB,
  user: Pick<SessionUser, 'scopes'>,
  projectId: number,
  from: number,
  to: number,
) {
  if (isAdmin(user)) {
    if (!(ADMIN_SETTABLE_STATUSES as readonly number[]).includes(to)) {
      throw httpError(
        400,
        'Invalid request: idStatus: an administrator sets Setup, During, Closure, Closed or Paused',
      );
    }
    return;
  }
  const check = checkForward({
    from,
    to,
    missingAssessmentNames: from === 3 ? (await missingAssessmentNames(db, projectId)).join(', ') : '',
    closeOutComplete: from === 4 ? await isCloseOutComplete(db, projectId) : null,
  });
  if (!check.ok) throw httpError(409, check.message);
}

/**
 * Writes a status change in `trx`: the status (only while still `from`), its history entry and, on closing,
 * the Knowledge Management e-mail. Returns false when the status moved meanwhile.
 */
export async function writeStatusChange(
  trx: DB,
  deps: LifecycleDeps,
  user: Pick<SessionUser, 'professionalId' | 'userName'>,
  project: { id: number; code: string; name: string },
  from: number,
  to: number,
): Promise<boolean> {
  if (!(await repo.updateStatus(trx, project.id, from, to))) return false;
  await repo.insertStatusHistory(trx, project.id, from, to, user.professionalId);
  if (to === 5) {
    await deps.mailer.enqueue(
      {
        to: deps.config.knowledgeManagementEmail,
        subject: `Close project ${project.code}`,
        body: `<p>${escapeHtml(user.userName)} finished the project <strong>${escapeHtml(project.code)} — ${escapeHtml(project.name)}</strong>.</p><p>Please close the project: ${deps.config.publicUrl}/project/${project.id}/closure/internal</p>`,
      },
      trx,
    );
  }
  return true;
}

/**
 * The Project Week Overview KPIs, computed from the records (decision, README): this week = Monday–Sunday (UTC).
 * - onePageSubmitted: this week's one-page is submitted;
 * - weeklyStatusSubmitted: a weekly status was submitted this week;
 * - hasProfessionalDNA: a Professional DNA session (During) took place this week;
 * - hasTechDNA: a project session (Tech DNA, not setup) was held this week;
 * - evaluationManagementFulfilled: the project has evaluations in the active cycle and none is still "Not started".
 */
export async function projectKpis(db: DB, projectId: number, now = new Date()): Promise<Kpis> {
  const monday = weekStart(now);
  const k = await kpiRepo.kpiFlags(db, projectId, monday, weekEnd(monday));
  return {
    onePageSubmitted: k.onePageSubmitted === true,
    weeklyStatusSubmitted: !!k.weeklyStatusSubmitted,
    hasProfessionalDNA: !!k.hasProfessionalDna,
    hasTechDNA: !!k.hasTechDna,
    // bool_and over no evaluation is null: not fulfilled
    evaluationManagementFulfilled: k.evaluationsStarted === true,
  };
}
