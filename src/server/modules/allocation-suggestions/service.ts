import type {
  AllocationSuggestionCreate,
  AllocationSuggestionPatch,
  AllocationSuggestionRecord,
  AllocationSuggestionsResponse,
  AllocationSuggestionUpdate,
} from '@domain/contract';
import {
  allocationDaysMessage,
  allocationInfoMessage,
  isValidAllocationDays,
  ONE_PAGE_SUBMITTED_MESSAGE,
  unlistedReason,
  type ProjectAccess,
} from '@domain/rules';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { callerChange, recordChange } from '../../platform/history';
import * as repo from './repo';

/**
 * Allocation suggestions of a one-page (spec 001 §3, §4, §7): the table lists only active professionals with
 * allocation in the previous, current or next two weeks (infoMessage names the others); days are 0 to 5 in
 * steps of 0.5 (0.25 for practice 7); every write is refused (409) once the one-page is submitted.
 */
const AREA = 'One-Page';

const toRecord = (r: repo.SuggestionRow): AllocationSuggestionRecord => ({
  id: r.id,
  idProfessional: r.professionalId,
  professional: { id: r.professionalId, name: r.name, isActive: r.isActive },
  totalDays: Number(r.totalDays),
  idPractice: r.practiceId,
  feedback: r.feedback,
  isApproved: r.isApproved,
  nextAllocations: [{ totalDays: Number(r.next1 ?? 0) }, { totalDays: Number(r.next2 ?? 0) }],
  version: r.version,
});
const windowOf = (r: repo.SuggestionRow) => ({
  isActive: r.isActive,
  previousDays: r.previousDays == null ? null : Number(r.previousDays),
  totalDays: Number(r.totalDays),
  nextDays: [Number(r.next1 ?? 0), Number(r.next2 ?? 0)],
});

/** The table of a one-page: the listed suggestions and why the others are not listed (001 §4). */
export async function table(db: DB, onePageId: number): Promise<AllocationSuggestionsResponse> {
  const rows = await repo.suggestionRows(db, { onePageId });
  const unlisted: { name: string; reason: 'inactive' | 'no allocation' }[] = [];
  const suggestions: AllocationSuggestionRecord[] = [];
  for (const r of rows) {
    const reason = unlistedReason(windowOf(r));
    if (reason) unlisted.push({ name: r.name, reason });
    else suggestions.push(toRecord(r));
  }
  return { infoMessage: allocationInfoMessage(unlisted), suggestions };
}

/** The listed suggestions of a one-page (the submit of the classic format checks their approval). */
export const listedSuggestions = async (db: DB, onePageId: number) =>
  (await table(db, onePageId)).suggestions;

/** The one-page of the path, which must be the project's (404). */
async function onePageOf(db: DB, access: ProjectAccess, onePageId: number) {
  const o = await repo.findOnePageState(db, onePageId);
  if (!o || o.projectId !== access.project.id) throw httpError(404, `One-Page ${onePageId} not found`);
  return o;
}
/** …and still a draft (409 once submitted, 001 §4). */
async function openOnePageOf(db: DB, access: ProjectAccess, onePageId: number) {
  const o = await onePageOf(db, access, onePageId);
  if (o.submittedAt) throw httpError(409, ONE_PAGE_SUBMITTED_MESSAGE);
  return o;
}

/** GET …/one-page/{onePageId} (001 §7). */
export async function get(db: DB, access: ProjectAccess, onePageId: number) {
  await onePageOf(db, access, onePageId);
  return table(db, onePageId);
}

/** 400 unless every number of days is one of the practice's choices (001 §4, §9). */
function checkDays(idPractice: number | null, days: ReadonlyArray<number | undefined>) {
  for (const d of days)
    if (d !== undefined && !isValidAllocationDays(d, idPractice))
      throw httpError(400, allocationDaysMessage(idPractice));
}

async function current(db: DB, id: number) {
  const row = (await repo.suggestionRows(db, { id }))[0];
  if (!row) throw httpError(404, `Allocation suggestion ${id} not found`);
  return row;
}

/**
 * POST …/one-page/{onePageId} (001 §7): a professional of the team, active (400 otherwise); the practice is the
 * professional's. A professional already listed → 409; one suggested but not listed (no allocation) takes the
 * posted days instead (so adding them brings them back). History 'One-Page' added.
 */
export async function create(
  db: DB,
  access: ProjectAccess,
  onePageId: number,
  body: AllocationSuggestionCreate,
) {
  await openOnePageOf(db, access, onePageId);
  const pro = await repo.teamProfessional(db, access.project.id, body.idProfessional);
  if (!pro) throw httpError(400, `Professional ${body.idProfessional} is not on this project's team`);
  if (!pro.isActive) throw httpError(400, `${pro.name} is not an active professional`);
  const next = (body.nextAllocations ?? []).map((n) => n.totalDays);
  checkDays(pro.practiceId, [body.totalDays, ...next]);
  return db.transaction().execute(async (trx) => {
    const existing = await repo.findByProfessional(trx, onePageId, pro.id);
    let id: number;
    if (existing) {
      const row = await current(trx, existing.id);
      if (unlistedReason(windowOf(row)) === null)
        throw httpError(409, `${pro.name} already has an allocation suggestion on this One Page`);
      id = existing.id;
      await repo.updateSuggestion(trx, id, { totalDays: body.totalDays });
    } else {
      id = await repo.insertSuggestion(trx, {
        onePageId,
        professionalId: pro.id,
        practiceId: pro.practiceId,
        totalDays: body.totalDays,
      });
    }
    await repo.setNextWeeks(trx, id, [next[0] ?? 0, next[1] ?? 0]);
    await recordChange(trx, callerChange(access, AREA, 'added', `Allocation of ${pro.name}`));
    return toRecord(await current(trx, id));
  });
}

/** The suggestion of the path (404 unless it is the project's) and its one-page, still a draft (409). */
async function editable(db: DB, access: ProjectAccess, id: number) {
  const row = await current(db, id);
  await openOnePageOf(db, access, row.onePageId);
  return row;
}

/**
 * PUT /api/project-allocation-suggestions/{id} (001 §7): the stored suggestion merged with the (partial) body —
 * this week, the next two weeks, feedback, approval. id and idProfessional must be the stored ones (400);
 * idPractice and professional are read-only (ignored). If-Match honoured (412 with the current suggestion).
 */
export async function update(
  db: DB,
  access: ProjectAccess,
  id: number,
  body: AllocationSuggestionUpdate,
  expectedVersion: number | undefined,
) {
  const row = await editable(db, access, id);
  if (body.id !== undefined && body.id !== id)
    throw httpError(400, `Invalid request: id: the body names suggestion ${body.id}, the path ${id}`);
  if (body.idProfessional !== undefined && body.idProfessional !== row.professionalId)
    throw httpError(
      400,
      'Invalid request: idProfessional: the professional of a suggestion cannot be changed',
    );
  const next = body.nextAllocations?.map((n) => n.totalDays);
  checkDays(row.practiceId, [body.totalDays, ...(next ?? [])]);
  return db.transaction().execute(async (trx) => {
    const values = Object.fromEntries(
      Object.entries({
        totalDays: body.totalDays,
        feedback: body.feedback,
        isApproved: body.isApproved,
      }).filter(([, v]) => v !== undefined),
    );
    const changed = await repo.updateSuggestion(trx, id, values, expectedVersion);
    if (changed && next) {
      const stored = [Number(row.next1 ?? 0), Number(row.next2 ?? 0)];
      await repo.setNextWeeks(trx, id, [next[0] ?? stored[0]!, next[1] ?? stored[1]!]);
    }
    return { changed, current: toRecord(await current(trx, id)) };
  });
}

/**
 * PATCH /api/project-allocation-suggestions/{id} (001 §7): feedback or totalDays, one field. If-Match honoured.
 * The feedback alone stays writable after the submit on a classic (format 1) one-page: it is the reviewers'
 * remark, edited in the Dashboard Archive's Staffing (002 §2.5) — the route's rule (onePageFill) is the same set
 * of people as the dashboard comments' (dashboardCommentEdit). Days and everything else are refused (409).
 */
export async function patch(
  db: DB,
  access: ProjectAccess,
  id: number,
  body: AllocationSuggestionPatch,
  expectedVersion: number | undefined,
) {
  const feedbackOnly = body.feedback !== undefined && body.totalDays === undefined;
  const row = feedbackOnly ? await current(db, id) : await editable(db, access, id);
  if (feedbackOnly) {
    const o = await onePageOf(db, access, row.onePageId);
    if (o.submittedAt && o.format !== 1) throw httpError(409, ONE_PAGE_SUBMITTED_MESSAGE);
  }
  if (body.totalDays !== undefined) checkDays(row.practiceId, [body.totalDays]);
  return db.transaction().execute(async (trx) => {
    const changed = await repo.updateSuggestion(trx, id, body, expectedVersion);
    return { changed, current: toRecord(await current(trx, id)) };
  });
}

/** DELETE /api/project-allocation-suggestions/{id} (001 §7). If-Match honoured. History 'One-Page' removed. */
export async function remove(db: DB, access: ProjectAccess, id: number, expectedVersion: number | undefined) {
  const row = await editable(db, access, id);
  if (expectedVersion !== undefined && row.version !== expectedVersion)
    return { removed: false, current: toRecord(row) };
  await db.transaction().execute(async (trx) => {
    await repo.deleteSuggestion(trx, id);
    await recordChange(trx, callerChange(access, AREA, 'removed', `Allocation of ${row.name}`));
  });
  return { removed: true, current: toRecord(row) };
}

/** PATCH …/one-page/{onePageId}/approve-all (001 §4): every suggestion approved; answers the table. */
export async function approveAll(db: DB, access: ProjectAccess, onePageId: number) {
  await openOnePageOf(db, access, onePageId);
  return db.transaction().execute(async (trx) => {
    const n = await repo.approveAll(trx, onePageId);
    if (n > 0)
      await recordChange(trx, callerChange(access, AREA, 'changed', 'All Governance Allocations approved'));
    return table(trx, onePageId);
  });
}
