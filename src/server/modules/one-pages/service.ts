import crypto from 'node:crypto';
import {
  canSeePdcResume,
  OnePageFields,
  type OnePageCarryForward,
  type OnePageConfirmCarried,
  type OnePageFieldName,
  type OnePageListRow,
  type OnePageRecord,
  type TeamMember,
} from '@domain/contract';
import {
  carryForward as planCarryForward,
  carrySourceRefusal,
  isDelayedSubmission,
  mergeCarried,
  withoutCarried,
  ONE_PAGE_ALREADY_SUBMITTED_MESSAGE,
  ONE_PAGE_NOT_SUBMITTED_MESSAGE,
  ONE_PAGE_SUBMITTED_MESSAGE,
  onePageSubmitRefusal,
  type ProjectAccess,
} from '@domain/rules';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { toDateString, toIso } from '../../platform/dates';
import { callerChange, recordChange } from '../../platform/history';
import { listedSuggestions } from '../allocation-suggestions/service';
import { getTeam, teamMembers } from '../projects/service';
import { buildDashboard, PDC_RESUME_MESSAGE } from '../dashboards/service';
import * as repo from './repo';
import type { Notifications } from '@server/modules/notifications/service';

/**
 * One-pages (spec 001 §2, §4, §5, §7; 002 §7): the weekly report. Opened by canOpenOnePage, filled and submitted
 * by canFillOnePage (the routes' rules); read-only once submitted (409); undone by the governance scope.
 */
type FieldName = keyof typeof OnePageFields;
/** Every field of a one-page (the contract's list). */
const FIELDS = Object.keys(OnePageFields) as FieldName[];
type FieldValues = Partial<Pick<OnePageRecord, FieldName>>;

const isFieldName = (f: string): f is OnePageFieldName => Object.hasOwn(OnePageFields, f);

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
  carriedFields: r.carriedFields.filter(isFieldName),
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
  return withoutHiddenFields(access, toRecord(r, await getTeam(db, r.projectId)));
}

function withoutHiddenFields(access: ProjectAccess, record: OnePageRecord): OnePageRecord {
  const { pdcResumeComment, ...rest } = record;
  return canSeePdcResume(access.user) ? { ...rest, pdcResumeComment } : rest;
}

/** A body writing the PDC Resume comment is refused to everyone else (409: a state of the scopes, not a sign-out). */
function checkPdcResume(access: ProjectAccess, body: FieldValues) {
  if (body.pdcResumeComment !== undefined && !canSeePdcResume(access.user))
    throw httpError(409, PDC_RESUME_MESSAGE);
}

/** GET /api/one-pages/{id} (001 §7): with its format, the project with its projectTeam, and its version. */
export async function getOne(db: DB, access: ProjectAccess, id: number): Promise<OnePageRecord> {
  // the one-page and its team in one statement (the access step before it: one more)
  const found = await repo.findOnePageWithTeam(db, id);
  if (!found || found.projectId !== access.project.id) throw httpError(404, `One-Page ${id} not found`);
  const { team, ...r } = found;
  return withoutHiddenFields(access, toRecord(r, teamMembers(team)));
}

/**
 * PATCH /api/one-pages/{id}: one field, only while not submitted (409); If-Match honoured (412). The field's
 * "From last week" mark goes (it was edited).
 */
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
  const changed = await repo.editOnePage(db, id, body, expectedVersion);
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
  checkPdcResume(access, body);
  // one click, one pass: the row read once (locked), the form's values written once with the
  // submission, the dashboard, the history line, the answer's team — six statements (seven for the classic
  // format, which also reads its allocation suggestions)
  const done = await db.transaction().execute(async (trx) => {
    const row = await repo.lockOnePage(trx, id, access.project.id);
    if (!row) throw httpError(404, `One-Page ${id} not found`);
    if (row.submittedAt) throw httpError(409, ONE_PAGE_ALREADY_SUBMITTED_MESSAGE);
    if (expectedVersion !== undefined && row.version !== expectedVersion)
      return { changed: false, current: await answer(trx, access, row) };
    const values = valuesOf(row);
    const changes = Object.fromEntries(
      Object.entries(body).filter(([f, v]) => v !== undefined && v !== values[f as FieldName]),
    ) as FieldValues;
    const merged = { ...values, ...changes };
    const refusal = onePageSubmitRefusal(
      row.format,
      merged,
      row.format === 1 ? await listedSuggestions(trx, id) : [],
    );
    if (refusal) {
      // the values typed before the click are kept (the person fixes the missing ones and submits again)
      if (Object.keys(changes).length > 0) await repo.editOnePage(trx, id, changes);
      return { refusal };
    }
    const delayed = isDelayedSubmission(toDateString(row.endDate)!, now);
    const current = await repo.submitOnePage(trx, id, {
      ...changes,
      submittedAt: now,
      submittedById: access.user.professionalId,
      isDelayedSubmitted: delayed,
      carriedFields: [], // submitted as they are: nothing is "From last week" any more
      updatedAt: now,
    });
    await buildDashboard(trx, { id, projectId: row.projectId }, now); // 002 §2.5: the dashboard of the submission
    await recordChange(
      trx,
      callerChange(access, AREA, 'changed', `${subjectOf(current)} submitted${delayed ? ' (delayed)' : ''}`),
    );
    return { changed: true, current: await answer(trx, access, current) };
  });
  if ('refusal' in done && done.refusal)
    throw httpError(400, done.refusal.message, { fields: done.refusal.fields });
  return done;
}

/** The draft one-page of the path, locked for the transaction (404; 409 once submitted). */
async function lockDraft(trx: DB, access: ProjectAccess, id: number) {
  const row = await repo.lockOnePage(trx, id, access.project.id);
  if (!row) throw httpError(404, `One-Page ${id} not found`);
  if (row.submittedAt) throw httpError(409, ONE_PAGE_SUBMITTED_MESSAGE);
  return row;
}

/**
 * POST /api/one-pages/{id}/carry-forward ("Start from last week"): the fields of the draft's form take the values
 * of `sourceId` — a submitted one-page of an earlier week of the same project (400 when it is not this project's
 * or not earlier, 409 when it is a draft) — as `carryForward` (domain rules) plans them: empty fields are filled,
 * fields filled with another value are kept unless `replace`. The fields written are marked carried. The
 * allocation suggestions and the dashboard comments are not copied. One statement writes it all (version + 1);
 * 409 once submitted; If-Match honoured (412). History 'One-Page' "… started from One-Page …".
 */
export async function carryForward(
  db: DB,
  access: ProjectAccess,
  id: number,
  body: OnePageCarryForward,
  expectedVersion: number | undefined,
) {
  return db.transaction().execute(async (trx) => {
    const row = await lockDraft(trx, access, id);
    const source = body.sourceId === id ? row : await repo.findOnePage(trx, body.sourceId);
    const refusal = carrySourceRefusal(
      body.sourceId,
      source && {
        projectId: source.projectId,
        initialDate: toDateString(source.initialDate)!,
        submittedAt: source.submittedAt,
      },
      { projectId: row.projectId, initialDate: toDateString(row.initialDate)! },
    );
    if (refusal) throw httpError(refusal.status, refusal.message);
    if (expectedVersion !== undefined && row.version !== expectedVersion)
      return { changed: false, current: await answer(trx, access, row) };
    const plan = planCarryForward(valuesOf(source!), { ...valuesOf(row), format: row.format }, body);
    // nothing to take (every field already as last week, or empty then): nothing written
    if (plan.carried.length === 0) return { changed: true, current: await answer(trx, access, row) };
    const current = await repo.writeOnePage(trx, id, {
      ...(plan.values as FieldValues),
      carriedFields: mergeCarried(row.format, row.carriedFields, plan.carried),
    });
    const n = plan.carried.length;
    await recordChange(
      trx,
      callerChange(
        access,
        AREA,
        'changed',
        `${subjectOf(current)} started from ${subjectOf(source!)} (${n} field${n === 1 ? '' : 's'})`,
      ),
    );
    return { changed: true, current: await answer(trx, access, current) };
  });
}

/**
 * PATCH /api/one-pages/{id}/confirm-carried: the "From last week" marks of `fields` (all when absent) go; the
 * values stay. 409 once submitted; If-Match honoured (412); nothing written when no mark goes.
 */
export async function confirmCarried(
  db: DB,
  access: ProjectAccess,
  id: number,
  body: OnePageConfirmCarried,
  expectedVersion: number | undefined,
) {
  return db.transaction().execute(async (trx) => {
    const row = await lockDraft(trx, access, id);
    if (expectedVersion !== undefined && row.version !== expectedVersion)
      return { changed: false, current: await answer(trx, access, row) };
    const left = withoutCarried(row.carriedFields, body?.fields);
    if (left.length === row.carriedFields.length)
      return { changed: true, current: await answer(trx, access, row) };
    return {
      changed: true,
      current: await answer(trx, access, await repo.writeOnePage(trx, id, { carriedFields: left })),
    };
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
      await recordChange(trx, callerChange(access, AREA, 'changed', `${subjectOf(current)} submit undone`));
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
    await recordChange(
      trx,
      callerChange(
        access,
        'One-Page access',
        'changed',
        allowed ? `Access granted to ${m.name}` : `Access revoked from ${m.name}`,
      ),
    );
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
