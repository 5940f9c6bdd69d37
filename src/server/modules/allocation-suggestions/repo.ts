import { sql } from 'kysely';
import type { DB } from '../../db';
import { findRowId, updateVersioned, updateVersionedRows } from '../../platform/versioned-update';

/** The one-page a suggestion call names: its project, week and whether it is submitted. */
export const findOnePageState = (db: DB, onePageId: number) =>
  db
    .selectFrom('onePages')
    .select(['id', 'projectId', 'initialDate', 'submittedAt', 'format'])
    .where('id', '=', onePageId)
    .executeTakeFirst();
export type OnePageState = NonNullable<Awaited<ReturnType<typeof findOnePageState>>>;

/** The project of a suggestion (through its one-page). */
export const projectOfSuggestion = async (db: DB, id: number) =>
  (
    await db
      .selectFrom('allocationSuggestions as s')
      .innerJoin('onePages as o', 'o.id', 's.onePageId')
      .select('o.projectId')
      .where('s.id', '=', id)
      .executeTakeFirst()
  )?.projectId;

/**
 * The suggestions of one-pages with the professional (name, active), the next two weeks' days and the
 * professional's days on the previous week's one-page of the same project (null when none), by name.
 */
export async function suggestionRows(db: DB, where: { onePageId: number } | { id: number }) {
  let q = db
    .selectFrom('allocationSuggestions as s')
    .innerJoin('professionals as pr', 'pr.id', 's.professionalId')
    .innerJoin('onePages as o', 'o.id', 's.onePageId')
    .leftJoin('onePages as prev', (j) =>
      j
        .onRef('prev.projectId', '=', 'o.projectId')
        .on('prev.initialDate', '=', sql<string>`o.initial_date - 7`),
    )
    .leftJoin('allocationSuggestions as ps', (j) =>
      j.onRef('ps.onePageId', '=', 'prev.id').onRef('ps.professionalId', '=', 's.professionalId'),
    )
    .select((eb) => [
      's.id',
      's.onePageId',
      's.professionalId',
      's.practiceId',
      's.totalDays',
      's.feedback',
      's.isApproved',
      's.version',
      'pr.name',
      'pr.isActive',
      'ps.totalDays as previousDays',
      eb
        .selectFrom('allocationSuggestionWeeks as w')
        .select(sql<number>`coalesce(w.total_days, 0)`.as('d'))
        .whereRef('w.allocationSuggestionId', '=', 's.id')
        .where('w.weekOffset', '=', 1)
        .as('next1'),
      eb
        .selectFrom('allocationSuggestionWeeks as w')
        .select(sql<number>`coalesce(w.total_days, 0)`.as('d'))
        .whereRef('w.allocationSuggestionId', '=', 's.id')
        .where('w.weekOffset', '=', 2)
        .as('next2'),
    ]);
  q = 'id' in where ? q.where('s.id', '=', where.id) : q.where('s.onePageId', '=', where.onePageId);
  return q.orderBy('pr.name').orderBy('s.id').execute();
}
export type SuggestionRow = Awaited<ReturnType<typeof suggestionRows>>[number];

/** The team member's professional (name, active, practice), or undefined when not on the project's team. */
export const teamProfessional = (db: DB, projectId: number, professionalId: number) =>
  db
    .selectFrom('projectTeam as t')
    .innerJoin('professionals as pr', 'pr.id', 't.professionalId')
    .select(['pr.id', 'pr.name', 'pr.isActive', 'pr.practiceId'])
    .where('t.projectId', '=', projectId)
    .where('t.professionalId', '=', professionalId)
    .executeTakeFirst();

/** The suggestion of a professional on a one-page, if any. */
export const findByProfessional = (db: DB, onePageId: number, professionalId: number) =>
  findRowId(db, 'allocationSuggestions', { onePageId, professionalId });

export const insertSuggestion = async (
  db: DB,
  values: { onePageId: number; professionalId: number; practiceId: number | null; totalDays: number },
) =>
  (await db.insertInto('allocationSuggestions').values(values).returning('id').executeTakeFirstOrThrow()).id;

/** Writes the next two weeks' days (week offsets 1 and 2). */
export async function setNextWeeks(db: DB, suggestionId: number, days: readonly number[]) {
  const rows = days.slice(0, 2).map((totalDays, i) => ({
    allocationSuggestionId: suggestionId,
    weekOffset: i + 1,
    totalDays,
  }));
  if (rows.length === 0) return;
  await db
    .insertInto('allocationSuggestionWeeks')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['allocationSuggestionId', 'weekOffset'])
        .doUpdateSet((eb) => ({ totalDays: eb.ref('excluded.totalDays') })),
    )
    .execute();
}

/**
 * Updates one suggestion and bumps its version; with `expectedVersion`, only when it is still at that
 * version. Whether it changed.
 */
export async function updateSuggestion(
  db: DB,
  id: number,
  values: { totalDays?: number; feedback?: string | null; isApproved?: boolean },
  expectedVersion?: number,
) {
  return updateVersioned(db, 'allocationSuggestions', { id }, values, expectedVersion);
}

export const deleteSuggestion = (db: DB, id: number) =>
  db.deleteFrom('allocationSuggestions').where('id', '=', id).execute();

/** Approve All (001 §4): every suggestion of the one-page not yet approved; how many changed. */
export const approveAll = (db: DB, onePageId: number) =>
  updateVersionedRows(db, 'allocationSuggestions', { onePageId, isApproved: false }, { isApproved: true });
