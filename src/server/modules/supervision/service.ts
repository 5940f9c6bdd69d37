import {
  NO_ONE_PAGE_THIS_WEEK_MESSAGE,
  SUBMITTED_NEEDS_LEVEL_MESSAGE,
  type SupervisionAllocationStatusPatch,
  type SupervisionFilters,
  type SupervisionGridRow,
  type SupervisionTotals,
  type WeeklySupervisionPatch,
} from '@domain/contract';
import { ALLOCATION_STATUS, DURING_TYPES, PROBLEM_LEVEL, PROJECT_STATUS } from '@domain/constants';
import { isDelayedSubmission } from '@domain/rules';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { toDateString, weekStart } from '../../platform/dates';
import { recordChange, type ProjectChange } from '../../platform/history';
import { buildDashboard } from '../dashboards/service';
import * as repo from './repo';

/** The grid's query: its filters (search, status and the header filters) and the window. */
export type SupervisionQuery = Omit<SupervisionFilters, 'search'> & {
  search?: string;
  skip: number;
  take: number;
};

export type SupervisionRow = SupervisionGridRow;

export type { SupervisionTotals };

/** Projects supervised by default: Setup, During and Closure (the ones expected to report weekly). */
export const DEFAULT_SUPERVISED_STATUSES = [2, 3, 4];

/** The repo's filters of a query: "this week" of `now`, the default statuses, the search as a pattern. */
export function windowFilters(
  q: Omit<SupervisionQuery, 'skip' | 'take'>,
  now = new Date(),
): repo.WindowFilters {
  const { search, status, ...rest } = q;
  return {
    ...rest,
    monday: weekStart(now),
    statuses: status && status.length ? status : DEFAULT_SUPERVISED_STATUSES,
    search: search?.trim()
      ? `%${search
          .trim()
          .toLowerCase()
          .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      : null,
  };
}

const toRow = (r: Record<string, unknown>): SupervisionRow => ({
  idProject: Number(r.idProject),
  projectCode: String(r.projectCode),
  projectName: String(r.projectName),
  clientName: (r.clientName as string) ?? null,
  statusName: PROJECT_STATUS[Number(r.idStatus)]?.adminLabel ?? String(r.idStatus),
  idStatus: Number(r.idStatus),
  practiceName: (r.practiceName as string) ?? null,
  businessUnitName: (r.businessUnitName as string) ?? null,
  coManagementName: (r.coManagementName as string) ?? null,
  duringTypeName: (r.duringTypeName as string) ?? null,
  idDuringType: r.idDuringType == null ? null : Number(r.idDuringType),
  allocationStatusName: (r.allocationStatusName as string) ?? null,
  idAllocationStatus: Number(r.idAllocationStatus ?? 0),
  hasAllocation: Boolean(r.hasAllocation),
  hasGovernanceAction: Boolean(r.hasGovernanceAction),
  pdcPriority: Boolean(r.pdcPriority),
  priority: Boolean(r.priority),
  internal: Boolean(r.internal),
  onePageSubmitted: Boolean(r.onePageSubmitted),
  onePageProblemLevel: Number(r.onePageProblemLevel ?? 0),
  environmentStatus: r.environmentStatus == null ? null : Number(r.environmentStatus),
  version: Number(r.version),
  idOnePage: r.idOnePage == null ? null : Number(r.idOnePage),
});

/** One window of rows, without the counters (the exports read every window this way). */
export async function supervisionWindow(db: DB, q: SupervisionQuery, now = new Date()) {
  return (await repo.supervisionPage(db, windowFilters(q, now), q.skip, q.take)).map(toRow);
}

/**
 * Supervision rows (spec 002 §2.9): one row per project with this week's one-page (the newest whose week starts
 * this week; none = not submitted, problem level 0) and the counters of the x-total headers, computed over the
 * whole filtered set while the rows are one window of it (infinite scroll).
 */
export async function supervisionRows(
  db: DB,
  q: SupervisionQuery,
  now = new Date(),
): Promise<{ rows: SupervisionRow[]; totals: SupervisionTotals }> {
  const rows = await repo.supervisionPageWithCounts(db, windowFilters(q, now), q.skip, q.take);
  const t = rows[0]!;
  const totals: SupervisionTotals = {
    total: Number(t.total),
    green: Number(t.totalGreen),
    yellow: Number(t.totalYellow),
    red: Number(t.totalRed),
    notSubmitted: Number(t.totalNotSubmitted),
  };
  return { rows: rows.filter((r) => r.idProject != null).map(toRow), totals };
}

/** The row of one project (whatever its status), or 404. */
export async function supervisionRow(db: DB, projectId: number, now = new Date()): Promise<SupervisionRow> {
  const [r] = await repo.supervisionPage(db, { ...windowFilters({}, now), ids: [projectId] }, 0, 1);
  if (!r) throw httpError(404, `Project ${projectId} not found`);
  return toRow(r);
}

const AREA = 'Supervision';
const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

/** The project row locked for the edit (404). */
async function lockProject(trx: DB, projectId: number): Promise<repo.LockedProject> {
  const p = await repo.lockProjectForEdit(trx, projectId);
  if (!p) throw httpError(404, `Project ${projectId} not found`);
  return p;
}

/**
 * A supervisor's PATCH of a project (`by`: the caller): in one transaction, `edit` of the project locked — unless
 * the caller's If-Match (`expected`) no longer holds the project's version. Answers the grid's row as it now is.
 */
const supervisorEdit =
  <B>(edit: (trx: DB, p: repo.LockedProject, body: B, by: number | null, now: Date) => Promise<void>) =>
  async (
    db: DB,
    by: number | null,
    projectId: number,
    body: B,
    expected: number | undefined,
    now = new Date(),
  ): Promise<{ changed: boolean; current: SupervisionRow }> => {
    const changed = await db.transaction().execute(async (trx) => {
      const p = await lockProject(trx, projectId);
      if (expected !== undefined && p.version !== expected) return false;
      await edit(trx, p, body, by, now);
      return true;
    });
    return { changed, current: await supervisionRow(db, projectId, now) };
  };

/**
 * The Weekly Supervision row's edit, PATCH /api/projects/{id}/priority (spec 002 §2.9 Weekly Edit, §7). Project
 * fields: priority, internal, idDuringType. One-page fields: THIS WEEK's one-page (409 when the project has none —
 * we do not open one-pages here; the weekly job opens them for projects in During): problem level (0 clears it),
 * environment status and isSubmitted (true submits as the caller and builds its dashboard as a submit does; false
 * clears the submission). A supervisor's correction: the one-page form's completeness rules are not applied, but a
 * submitted one-page must keep a level 1–3 (409), so the counters always add up. If-Match on the project's
 * version (412); the project's version moves with every edit. History 'Supervision'. Answers the row.
 */
export const patchWeeklySupervisionRow = supervisorEdit<WeeklySupervisionPatch>(
  async (trx, p, body, by, now) => {
    const projectId = p.id;
    const changes: ProjectChange[] = [];
    const note = (subject: string) => changes.push({ projectId, by, area: AREA, action: 'changed', subject });
    if (body.priority !== undefined && body.priority !== p.priority)
      note(`Priority: ${yesNo(body.priority)}`);
    if (body.internal !== undefined && body.internal !== p.internal)
      note(`Internal: ${yesNo(body.internal)}`);
    if (body.idDuringType !== undefined && body.idDuringType !== p.idDuringType)
      note(`During Type: ${DURING_TYPES[body.idDuringType]}`);

    const touchesOnePage =
      body.onePageProblemLevel !== undefined ||
      body.onePageEnvironmentStatus !== undefined ||
      body.isSubmitted !== undefined;
    if (touchesOnePage) {
      const op = await repo.thisWeeksOnePage(trx, projectId, weekStart(now));
      if (!op) throw httpError(409, NO_ONE_PAGE_THIS_WEEK_MESSAGE);
      const week = `One-Page of ${toDateString(op.initialDate)}`;
      const wasSubmitted = op.submittedAt != null;
      const submitted = body.isSubmitted ?? wasSubmitted;
      const level =
        body.onePageProblemLevel !== undefined ? body.onePageProblemLevel || null : op.onePageProblemLevel;
      if (submitted && !(level && level >= 1 && level <= 3))
        throw httpError(409, SUBMITTED_NEEDS_LEVEL_MESSAGE);
      const env = body.onePageEnvironmentStatus ?? op.environmentStatus;
      const submitting = submitted && !wasSubmitted;
      const undoing = !submitted && wasSubmitted;
      if (level !== op.onePageProblemLevel) note(`${week} OP Status: ${PROBLEM_LEVEL[level ?? 0]!.label}`);
      if (env !== op.environmentStatus) note(`${week} Environment: ${PROBLEM_LEVEL[env ?? 0]!.label}`);
      if (submitting) note(`${week} submitted`);
      if (undoing) note(`${week} submit undone`);
      await repo.updateOnePage(
        trx,
        op.id,
        {
          onePageProblemLevel: level,
          environmentStatus: env,
          ...(submitting
            ? {
                submittedAt: now,
                submittedById: by,
                isDelayedSubmitted: isDelayedSubmission(toDateString(op.endDate)!, now),
              }
            : {}),
          ...(undoing ? { submittedAt: null, submittedById: null, isDelayedSubmitted: false } : {}),
          updatedAt: now,
        },
        submitting,
      );
      if (submitting) await buildDashboard(trx, op.id, now); // as every submit does (002 §2.5)
    }
    await repo.updateProject(trx, projectId, {
      ...(body.priority !== undefined ? { priority: body.priority } : {}),
      ...(body.internal !== undefined ? { internal: body.internal } : {}),
      ...(body.idDuringType !== undefined ? { idDuringType: body.idDuringType } : {}),
      updatedAt: now,
    });
    await recordChange(trx, changes);
  },
);

/**
 * PATCH /api/projects/{id}/allocation-status (spec 002 §2.9 Allocation Edit, §4: any value 0–6 may be set).
 * If-Match on the project's version (412). History 'Supervision'. Answers the row.
 */
export const patchAllocationStatus = supervisorEdit<SupervisionAllocationStatusPatch>(
  async (trx, p, body, by, now) => {
    const projectId = p.id;
    await repo.updateProject(trx, projectId, { idAllocationStatus: body.idAllocationStatus, updatedAt: now });
    if (p.idAllocationStatus !== body.idAllocationStatus)
      await recordChange(trx, {
        projectId,
        by,
        area: AREA,
        action: 'changed',
        subject: `Allocation Status: ${ALLOCATION_STATUS[body.idAllocationStatus]}`,
      });
  },
);
