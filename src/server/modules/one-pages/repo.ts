import { sql, type Updateable } from 'kysely';
import type { DB } from '../../db';
import { prepared } from '../../db/prepared';
import { teamJson } from '../projects/service';
import type { Database } from '../../db/schema';
import { updateVersioned, versionedUpdate } from '../../platform/versioned-update';

/** A one-page (prepared: every one-page request reads it). */
export const findOnePage = async (db: DB, id: number) => (await onePageById(db, id))[0];
const onePageById = prepared((db: DB, id: number) =>
  db.selectFrom('onePages').selectAll().where('id', '=', id),
);
export type OnePageRow = NonNullable<Awaited<ReturnType<typeof findOnePage>>>;

/** A one-page with its project's team (the answer's projectTeam) in one statement: what GET /api/one-pages/{id} reads. */
export const findOnePageWithTeam = async (db: DB, id: number) => (await onePageWithTeam(db, id))[0];
const onePageWithTeam = prepared((db: DB, id: number) =>
  db
    .selectFrom('onePages as o')
    .selectAll('o')
    .select((eb) => teamJson(db, eb.ref('o.projectId')).as('team'))
    .where('o.id', '=', id),
);

/** The project's one-pages with the columns the list shows, newest first by creation (001 §2). */
export const listOnePages = (db: DB, projectId: number) =>
  db
    .selectFrom('onePages')
    .select([
      'id',
      'createdAt',
      'initialDate',
      'endDate',
      'submittedAt',
      'submittedById',
      'isDelayedSubmitted',
      'format',
      'onePageProblemLevel',
      'environmentStatus',
    ])
    .where('projectId', '=', projectId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();

export type OnePageValues = Omit<
  Updateable<Database['onePages']>,
  'id' | 'projectId' | 'version' | 'updatedAt' | 'createdAt'
>;

/** Updates one one-page; with `expectedVersion`, only when it is still at that version. Whether it changed. */
export const updateOnePage = (db: DB, id: number, values: OnePageValues, expectedVersion?: number) =>
  updateVersioned(db, 'onePages', { id }, values, expectedVersion);

/** The one-page's carried_fields without `fields`. */
const carriedWithout = (fields: string[]) =>
  sql<string[]>`array(select f from unnest(carried_fields) as f where not (f = any(${fields}::text[])))`;

/**
 * Writes fields a person edited, taking their "From last week" marks off in the same statement; with
 * `expectedVersion`, only when it is still at that version. Whether it changed.
 */
export async function editOnePage(db: DB, id: number, values: OnePageValues, expectedVersion?: number) {
  let q = versionedUpdate(db, 'onePages', values)
    .set({ carriedFields: carriedWithout(Object.keys(values)) })
    .where('id', '=', id);
  if (expectedVersion !== undefined) q = q.where('version', '=', expectedVersion);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

/** Writes a locked one-page (version + 1) and answers the row as it is now. */
export const writeOnePage = (trx: DB, id: number, values: OnePageValues) =>
  versionedUpdate(trx, 'onePages', values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** The one-page of the project, locked for the rest of the transaction (undefined when it is not the project's). */
export const lockOnePage = (trx: DB, id: number, projectId: number) =>
  trx
    .selectFrom('onePages')
    .selectAll()
    .where('id', '=', id)
    .where('projectId', '=', projectId)
    .forUpdate()
    .executeTakeFirst();

/** Writes the values and the submission in one statement (version + 1) and answers the row as it is now. */
export const submitOnePage = (trx: DB, id: number, values: OnePageValues & { updatedAt: Date }) =>
  versionedUpdate(trx, 'onePages', values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** One member of the project's team with the professional's name. */
export const findTeamMember = (db: DB, projectId: number, teamMemberId: number) =>
  db
    .selectFrom('projectTeam')
    .innerJoin('professionals as pr', 'pr.id', 'projectTeam.professionalId')
    .select([
      'projectTeam.id',
      'projectTeam.professionalId',
      'projectTeam.isOnePageAllow',
      'projectTeam.isManager',
      'projectTeam.isPartner',
      'pr.name',
    ])
    .where('projectTeam.projectId', '=', projectId)
    .where('projectTeam.id', '=', teamMemberId)
    .executeTakeFirst();

/** Flips the member's isOnePageAllow; the new value. */
export const toggleOnePageAllow = async (db: DB, teamMemberId: number) =>
  (
    await db
      .updateTable('projectTeam')
      .set((eb) => ({ isOnePageAllow: eb.not('isOnePageAllow') }))
      .where('id', '=', teamMemberId)
      .returning('isOnePageAllow')
      .executeTakeFirstOrThrow()
  ).isOnePageAllow;

/**
 * The weekly job's write (one statement each, whatever the number of projects): the week's draft one-page
 * (checklist format 2) of every project in During (idStatus 3) that has none for `monday`. The unique index
 * (project_id, initial_date) makes it idempotent. Returns the new one-pages.
 */
export const openWeek = (db: DB, monday: string, sunday: string) =>
  sql<{ id: number; projectId: number }>`
    insert into one_pages (project_id, format, initial_date, end_date)
    select p.id, 2, ${monday}::date, ${sunday}::date
    from projects p
    where p.id_status = 3
      and not exists (select 1 from one_pages o where o.project_id = p.id and o.initial_date = ${monday}::date)
    order by p.id
    on conflict (project_id, initial_date) do nothing
    returning id, project_id as "projectId"`
    .execute(db)
    .then((r) => r.rows);

/**
 * The allocation suggestions of new one-pages: one per active professional of the team, copying the
 * professional's suggestion on the previous week's one-page (this week's days and the next two weeks), or 0.
 * The practice is the professional's (its day step, 001 §4). has_allocation says whether any day is suggested.
 */
export async function suggestForWeek(db: DB, onePageIds: number[], previousMonday: string) {
  if (onePageIds.length === 0) return;
  await sql`
    insert into allocation_suggestions (one_page_id, professional_id, practice_id, total_days)
    select o.id, t.professional_id, pr.practice_id, coalesce(ps.total_days, 0)
    from one_pages o
    join project_team t on t.project_id = o.project_id
    join professionals pr on pr.id = t.professional_id and pr.is_active
    left join one_pages prev on prev.project_id = o.project_id and prev.initial_date = ${previousMonday}::date
    left join allocation_suggestions ps on ps.one_page_id = prev.id and ps.professional_id = t.professional_id
    where o.id = any(${onePageIds}::int[])
    on conflict (one_page_id, professional_id) do nothing`.execute(db);
  await sql`
    insert into allocation_suggestion_weeks (allocation_suggestion_id, week_offset, total_days)
    select s.id, w.week_offset, coalesce(pw.total_days, 0)
    from allocation_suggestions s
    join one_pages o on o.id = s.one_page_id
    cross join (values (1), (2)) as w(week_offset)
    left join one_pages prev on prev.project_id = o.project_id and prev.initial_date = ${previousMonday}::date
    left join allocation_suggestions ps on ps.one_page_id = prev.id and ps.professional_id = s.professional_id
    left join allocation_suggestion_weeks pw on pw.allocation_suggestion_id = ps.id and pw.week_offset = w.week_offset
    where s.one_page_id = any(${onePageIds}::int[])
    on conflict (allocation_suggestion_id, week_offset) do nothing`.execute(db);
  await sql`
    update one_pages o set has_allocation = exists (
      select 1 from allocation_suggestions s
      left join allocation_suggestion_weeks w on w.allocation_suggestion_id = s.id
      where s.one_page_id = o.id and (s.total_days > 0 or w.total_days > 0))
    where o.id = any(${onePageIds}::int[])`.execute(db);
}
