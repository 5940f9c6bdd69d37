import {
  canSeePdcResume,
  DASHBOARD_RECIPIENTS_NOTE,
  isDashboardRecipientTitle,
  type DashboardAccess,
  type DashboardListRow,
  type DashboardOnePage,
  type DashboardOnePagePatch,
  type ProjectDashboardRecord,
} from '@domain/contract';
import { isAdmin, isGovernance, teamRole, type ProjectAccess, type RuleUser } from '@domain/rules';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { toDateString, toIso } from '../../platform/dates';
import { recordChange } from '../../platform/history';
import { table as staffingTable } from '../allocation-suggestions/service';
import * as repo from './repo';

/** The one-page answers' labels (002 §2.5), as the dashboard PDF prints them: the reports print them alike. */
export { LABELS } from './pdf';

/**
 * The Dashboard Archive (spec 002 §2.5, §6, §7 "Dashboard archive and e-mail access"). Dashboards are built,
 * never made by hand: `buildDashboard` runs in the one-page submit's transaction. Reads are open to every
 * signed-in person (RULES.projectRead); the comments follow RULES.dashboardCommentEdit, the access list
 * RULES.dashboardEmailAccess. The PDC Resume comment is seen and written by holders of Admin or PDC only.
 */

export const COMMENTS_FORMAT_MESSAGE =
  'The dashboard comments are edited on One Pages of format 1 only; this dashboard is read-only';
export const PDC_RESUME_MESSAGE = 'The PDC Resume comment is written by holders of Admin or PDC only';
export const OTHER_COMMENTS_MESSAGE =
  "This comment is written by the project's manager or partner, or by holders of Admin or OnePage";

const num = (v: unknown) => (v == null ? null : Number(v));

/**
 * Builds (or rebuilds) the dashboard of a one-page from the project's data as it is now (002 §2.5). Called by
 * the one-page submit in its transaction: a submit creates the dashboard, a new submit after an undo refreshes
 * the same dashboard (its id, creation date and e-mail state stay). Undo keeps it (the archive offers Submit
 * again). Returns the dashboard id, or undefined when the one-page does not exist.
 */
export async function buildDashboard(
  trx: DB,
  onePage: number | { id: number; projectId: number },
  now = new Date(),
) {
  const op =
    typeof onePage === 'number'
      ? await trx
          .selectFrom('onePages')
          .select(['id', 'projectId'])
          .where('id', '=', onePage)
          .executeTakeFirst()
      : onePage;
  if (!op) return undefined;
  const figures = await repo.dashboardFigures(trx, op.projectId, op.id, now);
  return repo.upsertDashboard(trx, op.projectId, op.id, figures, now);
}

const figuresOf = (d: repo.DashboardListRowDb | repo.DashboardRow) => ({
  id: d.id,
  createdAt: toIso(d.createdAt)!,
  currentWeek: num(d.currentWeek),
  firstAllocation: num(d.firstAllocation),
  initial: num(d.initial),
  target: num(d.target),
  setupStatus: d.setupStatus,
  lastProfessionalDNA: toDateString(d.lastProfessionalDna),
  nextProfessionalDNA: toDateString(d.nextProfessionalDna),
  lastProjectSession: toDateString(d.lastProjectSession),
  weeklyStatusDate: toDateString(d.weeklyStatusDate),
  totalStakeholders: d.totalStakeholders,
  criticalStakeholders: d.criticalStakeholders,
});

/** GET api/project-dashboards/project/{id}: the archive, One Page Date descending (002 §2.5). */
export async function list(db: DB, projectId: number): Promise<DashboardListRow[]> {
  return (await repo.listDashboards(db, projectId)).map((d) => ({
    ...figuresOf(d),
    onePage:
      d.onePageId === null || d.opInitialDate === null
        ? null
        : {
            id: d.onePageId,
            createdAt: toIso(d.opCreatedAt)!,
            initialDate: toDateString(d.opInitialDate)!,
            endDate: toDateString(d.opEndDate)!,
            submittedAt: toIso(d.opSubmittedAt),
            idSubmittedBy: d.opSubmittedById,
            isDelayedSubmitted: d.opIsDelayedSubmitted ?? false,
            format: d.opFormat ?? 2,
            onePageProblemLevel: d.opProblemLevel,
            environmentStatus: d.opEnvironmentStatus,
          },
  }));
}

/** The one-page as a dashboard shows it: every field, its version; the PDC Resume comment only for Admin / PDC. */
export function dashboardOnePage(r: repo.OnePageRow, user: Pick<RuleUser, 'scopes'>): DashboardOnePage {
  const { projectId, submittedById, updatedAt: _u, pdcResumeComment, ...rest } = r;
  return {
    ...rest,
    createdAt: toIso(r.createdAt)!,
    initialDate: toDateString(r.initialDate)!,
    endDate: toDateString(r.endDate)!,
    submittedAt: toIso(r.submittedAt),
    idSubmittedBy: submittedById,
    project: { id: projectId },
    ...(canSeePdcResume(user) ? { pdcResumeComment } : {}),
  };
}

/** GET /api/project-dashboards/{dashboardId}: the dashboard, its project, its one-page and staffing. */
export async function get(
  db: DB,
  user: Pick<RuleUser, 'scopes'>,
  dashboardId: number,
): Promise<ProjectDashboardRecord> {
  const d = await repo.findDashboard(db, dashboardId);
  if (!d) throw httpError(404, `Dashboard ${dashboardId} not found`);
  const op = d.onePageId === null ? undefined : await repo.findOnePage(db, d.onePageId);
  return {
    ...figuresOf(d),
    project: { id: d.projectId, name: d.projectName, code: d.projectCode },
    onePage: op ? dashboardOnePage(op, user) : null,
    staffing: op ? await staffingTable(db, op.id) : { infoMessage: null, suggestions: [] },
  };
}

/**
 * PATCH /api/project-dashboards/one-page/{onePageId}: one comment (002 §2.5, §7). Editable on format 1 only
 * (409 otherwise: the dialog is read-only); the PDC Resume comment by holders of Admin or PDC only (409: a 403
 * would sign the person out); If-Match against the one-page's version (412). Allowed whether or not the
 * one-page is submitted (comments are the reviewers' notes on the submission).
 */
export async function patchComment(
  db: DB,
  access: ProjectAccess,
  onePageId: number,
  body: DashboardOnePagePatch,
  expectedVersion: number | undefined,
) {
  const r = await repo.findOnePage(db, onePageId);
  if (!r || r.projectId !== access.project.id) throw httpError(404, `One-Page ${onePageId} not found`);
  const field = Object.keys(body)[0] as keyof DashboardOnePagePatch;
  if (field === 'pdcResumeComment') {
    if (!canSeePdcResume(access.user)) throw httpError(409, PDC_RESUME_MESSAGE);
  } else {
    const role = teamRole(access.team, access.user.professionalId);
    // RULES.dashboardCommentEdit lets these through; the check keeps the three comments theirs if the rule widens
    if (!(isAdmin(access.user) || isGovernance(access.user) || role.isManager || role.isPartner))
      throw httpError(409, OTHER_COMMENTS_MESSAGE);
  }
  if (r.format !== 1) throw httpError(409, COMMENTS_FORMAT_MESSAGE);
  const value = body[field] ?? null;
  const changed = await repo.updateComments(db, onePageId, { [field]: value }, expectedVersion);
  const current = dashboardOnePage((await repo.findOnePage(db, onePageId))!, access.user);
  return { changed, current };
}

/* ---------------------------------------------------------------------------------------------
 * E-mail access
 * ------------------------------------------------------------------------------------------- */

const toAccess = (r: {
  id: number;
  professionalId: number;
  name: string;
  email: string;
}): DashboardAccess => ({
  id: r.id,
  idProfessional: r.professionalId,
  professionalName: r.name,
  professionalEmail: r.email,
});

/** GET /api/professional-dashboard-access/project/{projectId}: the people receiving the e-mails, by name. */
export const listAccess = async (db: DB, projectId: number) =>
  (await repo.listAccess(db, projectId)).map(toAccess);

/**
 * POST /api/professional-dashboard-access/bulk (002 §2.5, §5): adds active professionals whose job title
 * contains director, partner, diretor or sócio (case and accents ignored); anyone else refuses the whole
 * request (400, naming them). Those already on the list stay once. Answers the rows of every professional
 * sent (201). History 'Dashboard e-mails' "… added".
 */
export async function addAccess(db: DB, access: ProjectAccess, professionalIds: number[]) {
  const ids = [...new Set(professionalIds)];
  const found = (await repo.professionalsByIds(db, ids)).sort((a, b) => a.name.localeCompare(b.name));
  const missing = ids.filter((id) => !found.some((p) => p.id === id));
  if (missing.length > 0)
    throw httpError(400, `Professional${missing.length > 1 ? 's' : ''} ${missing.join(', ')} not found`);
  const inactive = found.filter((p) => !p.isActive);
  if (inactive.length > 0)
    throw httpError(
      400,
      `Only active professionals can receive dashboard emails: ${inactive.map((p) => p.name).join(', ')} ${
        inactive.length > 1 ? 'are' : 'is'
      } inactive.`,
    );
  const refused = found.filter((p) => !isDashboardRecipientTitle(p.jobTitle));
  if (refused.length > 0)
    throw httpError(
      400,
      `${DASHBOARD_RECIPIENTS_NOTE} Not a director or partner: ${refused
        .map((p) => `${p.name} (${p.jobTitle || 'no job title'})`)
        .join(', ')}.`,
    );
  const projectId = access.project.id;
  await db.transaction().execute(async (trx) => {
    const before = new Set((await repo.listAccess(trx, projectId, ids)).map((r) => r.professionalId));
    await repo.addAccess(trx, projectId, ids);
    const added = found.filter((p) => !before.has(p.id));
    await recordChange(
      trx,
      added.map((p) => ({
        projectId,
        by: access.user.professionalId,
        area: 'Dashboard e-mails',
        action: 'added' as const,
        subject: p.name,
      })),
    );
  });
  return (await repo.listAccess(db, projectId, ids)).map(toAccess);
}

/** DELETE /api/professional-dashboard-access/{id}: removes one person from the list (204). */
export async function removeAccess(db: DB, access: ProjectAccess, id: number) {
  const row = await repo.findAccess(db, id);
  if (!row || row.projectId !== access.project.id) throw httpError(404, `Dashboard access ${id} not found`);
  await db.transaction().execute(async (trx) => {
    await repo.deleteAccess(trx, id);
    await recordChange(trx, {
      projectId: row.projectId,
      by: access.user.professionalId,
      area: 'Dashboard e-mails',
      action: 'removed',
      subject: row.name,
    });
  });
}
