import crypto from 'node:crypto';
import {
  canSeePdcResume,
  type OnePageFields,
  type OnePageListRow,
  type OnePageRecord,
  type TeamMember,
} from '@domain/contract';
import {
  isDelayedSubmission,
  ONE_PAGE_ALREADY_SUBMITTED_MESSAGE,
  ONE_PAGE_NOT_SUBMITTED_MESSAGE,
  ONE_PAGE_SUBMITTED_MESSAGE,
  onePageSubmitRefusal,
  type ProjectAccess,
} from '@domain/rules';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { toDateString, toIso } from '../../platform/dates';
import { recordChange } from '../../platform/history';
import { listedSuggestions } from '../allocation-suggestions/service';
import { getTeam } from '../projects/service';
import { buildDashboard, PDC_RESUME_MESSAGE } from '../dashboards/service';
import * as repo from './repo';
import type { Notifications } from '@server/modules/notifications/service';

/**
 * One-pages (spec 001 §2, §4, §5, §7; 002 §7): the weekly report. Opened by canOpenOnePage, filled and submitted
 * by canFillOnePage (the routes' rules); read-only once submitted (409); undone by the governance scope.
 */
type FieldName = keyof typeof OnePageFields;
const FIELDS = [
  'hasAllocation',
  'onePageProblemLevel',
  'environmentStatus',
  'needHelpFromGovernance',
  'riskOfDelay',
  'solutionReadiness',
  'integrationIdentity',
  'properAttention',
  'changeProjectStatus',
  'teamIssue',
  'dnaProf',
  'dnaTec',
  'weeklyStatus',
  'governanceActionOption',
  'governanceAction',
  'keyMessage',
  'deliveryFocusNextWeek',
  'teamPoint',
  'methodInternal',
  'methodExternal',
  'projectStatusExplanation',
  'projectEnvironmentExplanation',
  'needHelpFromGovernanceExplanation',
  'riskOfDelayExplanation',
  'solutionReadinessExplanation',
  'integrationIdentityExplanation',
  'properAttentionExplanation',
  'changeProjectStatusExplanation',
  'teamIssueExplanation',
  'governanceAllocation',
  'coManagementComment',
  'executiveBoardComment',
  'executiveResumeComment',
  'pdcResumeComment',
] as const satisfies readonly FieldName[];
type FieldValues = Partial<Pick<OnePageRecord, FieldName>>;

const valuesOf = (r: repo.OnePageRow) =>
  Object.fromEntries(FIELDS.map((f) => [f, r[f]])) as Pick<OnePageRecord, FieldName>;

const toListRow = (r: Awaited<ReturnType<typeof repo.listOnePages>>[number]): OnePageListRow => ({
  id: r.id,
  createdAt: toIso(r.createdAt)!,
  initialDate: toDateString(r.initialDate)!,
  endDate: toDateString(r.endDate)!,
  submittedAt: toIso(r.submittedAt),
  idSubmittedBy: r.submittedById,
  isDelayedSubmitted: r.isDelayedSubmitted,
  format: r.format,
  onePageProblemLevel: r.onePageProblemLevel,
  environmentStatus: r.environmentStatus,
});

const toRecord = (r: repo.OnePageRow, projectTeam?: TeamMember[]): OnePageRecord => ({
  ...toListRow(r),
  ...valuesOf(r),
  project: { id: r.projectId, ...(projectTeam ? { projectTeam } : {}) },
  version: r.version,
});

/** How a person reads the one-page in the history: "One-Page 5 Jan 2026 – 11 Jan 2026". */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dmy = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
};
const subjectOf = (r: repo.OnePageRow) =>
  `One-Page ${dmy(toDateString(r.initialDate)!)} – ${dmy(toDateString(r.endDate)!)}`;
const AREA = 'One-Page';

/** GET /api/one-pages/project/{projectId}: newest first by creation (001 §2). */
export const list = async (db: DB, projectId: number) =>
  (await repo.listOnePages(db, projectId)).map(toListRow);

/** The one-page of the path, which must be the route's project (404). */
async function onePageOf(db: DB, access: ProjectAccess, id: number) {
  const r = await repo.findOnePage(db, id);
  if (!r || r.projectId !== access.project.id) throw httpError(404, `One-Page ${id} not found`);
  return r;
}

/**
 * The one-page as every answer carries it: with the project and its team (001 §3). The PDC Resume comment is
 * left out for callers who hold neither Admin nor PDC (002 §2.5, the dashboards module's rule).
 */
async function answer(db: DB, access: ProjectAccess, r: repo.OnePageRow): Promise<OnePageRecord> {
  const { pdcResumeComment, ...rest } = toRecord(r, await getTeam(db, r.projectId));
  return canSeePdcResume(access.user) ? { ...rest, pdcResumeComment } : rest;
}

/** A body writing the PDC Resume comment is refused to everyone else (409: a state of the scopes, not a sign-out). */
function checkPdcResume(access: ProjectAccess, body: FieldValues) {
  if (body.pdcResumeComment !== undefined && !canSeePdcResume(access.user))
    throw httpError(409, PDC_RESUME_MESSAGE);
}

/** GET /api/one-pages/{id} (001 §7): with its format, the project with its projectTeam, and its version. */
export async function getOne(db: DB, access: ProjectAccess, id: number) {
  return answer(db, access, await onePageOf(db, access, id));
}

/** PATCH /api/one-pages/{id}: one field, only while not submitted (409); If-Match honoured (412). */
export async function patch(
  db: DB,
  access: ProjectAccess,
  id: number,
  body: FieldValues,
  expectedVersion: number | undefined,
) {
  const r = await onePageOf(db, access, id);
  if (r.submittedAt) throw httpError(409, ONE_PAGE_SUBMITTED_MESSAGE);
  checkPdcResume(access, body);
  const changed = await repo.updateOnePage(db, id, body, expectedVersion);
  return { changed, current: await answer(db, access, (await repo.findOnePage(db, id))!) };
}

/**
 * PATCH /api/one-pages/{id}/submit (001 §5, §7): the body's values are merged over the stored ones and saved
 * (nothing typed is lost), then validated with the format's rule and — classic format — the approval of the
 * listed allocations: a refusal is a 400 with the spec's message and `fields`. Submitting sets submittedAt,
 * idSubmittedBy (the caller) and isDelayedSubmitted (after the end of endDate, UTC). 409 when already
 * submitted; If-Match honoured. History 'One-Page' "… submitted".
 */
export async function submit(
  db: DB,
  access: ProjectAccess,
  id: number,
  body: FieldValues,
  expectedVersion: number | undefined,
  now = new Date(),
) {
  const r = await onePageOf(db, access, id);
  if (r.submittedAt) throw httpError(409, ONE_PAGE_ALREADY_SUBMITTED_MESSAGE);
  checkPdcResume(access, body);
  const sent = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as FieldValues;
  let version = expectedVersion;
  if (Object.keys(sent).length > 0) {
    if (!(await repo.updateOnePage(db, id, sent, expectedVersion)))
      return { changed: false, current: await answer(db, access, (await repo.findOnePage(db, id))!) };
    version = undefined; // the save above was the conditional write
  }
  const saved = (await repo.findOnePage(db, id))!;
  const refusal = onePageSubmitRefusal(
    saved.format,
    valuesOf(saved),
    saved.format === 1 ? await listedSuggestions(db, id) : [],
  );
  if (refusal) throw httpError(400, refusal.message, { fields: refusal.fields });
  const delayed = isDelayedSubmission(toDateString(saved.endDate)!, now);
  return db.transaction().execute(async (trx) => {
    let q = trx
      .updateTable('onePages')
      .set((eb) => ({
        submittedAt: now,
        submittedById: access.user.professionalId,
        isDelayedSubmitted: delayed,
        updatedAt: now,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', id)
      .where('submittedAt', 'is', null);
    if (version !== undefined) q = q.where('version', '=', version);
    const changed = Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
    const current = (await repo.findOnePage(trx, id))!;
    if (!changed && current.submittedAt) throw httpError(409, ONE_PAGE_ALREADY_SUBMITTED_MESSAGE);
    if (changed) await buildDashboard(trx, id, now); // 002 §2.5: the dashboard of the submission (dashboards module)
    if (changed)
      await recordChange(trx, {
        projectId: access.project.id,
        by: access.user.professionalId,
        area: AREA,
        action: 'changed',
        subject: `${subjectOf(current)} submitted${delayed ? ' (delayed)' : ''}`,
      });
    return { changed, current: await answer(trx, access, current) };
  });
}

/**
 * PATCH /api/one-pages/{id}/unsubmit (002 §7; the governance scope, the route's rule): clears submittedAt,
 * idSubmittedBy and isDelayedSubmitted; 409 when not submitted. If-Match honoured. History "… submit undone".
 */
export async function unsubmit(
  db: DB,
  access: ProjectAccess,
  id: number,
  expectedVersion: number | undefined,
) {
  const r = await onePageOf(db, access, id);
  if (!r.submittedAt) throw httpError(409, ONE_PAGE_NOT_SUBMITTED_MESSAGE);
  return db.transaction().execute(async (trx) => {
    const changed = await repo.updateOnePage(
      trx,
      id,
      { submittedAt: null, submittedById: null, isDelayedSubmitted: false },
      expectedVersion,
    );
    const current = (await repo.findOnePage(trx, id))!;
    if (changed)
      await recordChange(trx, {
        projectId: access.project.id,
        by: access.user.professionalId,
        area: AREA,
        action: 'changed',
        subject: `${subjectOf(current)} submit undone`,
      });
    return { changed, current: await answer(trx, access, current) };
  });
}

/**
 * PATCH /api/projects/{id}/project-team/grant/{teamMemberId} (002 §7): toggles the member's isOnePageAllow
 * (teamMemberId = the team row's id; 404 when not this project's). Answers the team member. History
 * 'One-Page access' changed, "granted to / revoked from <name>".
 */
export async function toggleAccess(
  db: DB,
  access: ProjectAccess,
  teamMemberId: number,
  notifications?: Pick<Notifications, 'notify'>,
): Promise<TeamMember> {
  const m = await repo.findTeamMember(db, access.project.id, teamMemberId);
  if (!m) throw httpError(404, `Team member ${teamMemberId} not found in project ${access.project.id}`);
  // the grant dialog shows them always on: their access comes from their role, not from the flag
  if (m.isManager || m.isPartner)
    throw httpError(409, "The project's manager and partners always have access to One-Page");
  await db.transaction().execute(async (trx) => {
    const allowed = await repo.toggleOnePageAllow(trx, teamMemberId);
    await recordChange(trx, {
      projectId: access.project.id,
      by: access.user.professionalId,
      area: 'One-Page access',
      action: 'changed',
      subject: allowed ? `Access granted to ${m.name}` : `Access revoked from ${m.name}`,
    });
    if (allowed)
      await notifications?.notify(trx, {
        event: 'onePageAccessGranted',
        projectId: access.project.id,
        actorId: access.user.professionalId,
        key: `one-page-access:${teamMemberId}:${crypto.randomUUID()}`,
        path: `/project/${access.project.id}/during/one-page`,
        recipients: [m.professionalId],
      });
  });
  const member = (await getTeam(db, access.project.id)).find((t) => t.id === teamMemberId)!;
  return member;
}
