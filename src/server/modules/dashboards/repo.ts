import { sql } from 'kysely';
import type { Updateable } from 'kysely';
import type { DB } from '../../db';
import type { Database } from '../../db/schema';
import { updateVersioned } from '../../platform/versioned-update';

/* ---------------------------------------------------------------------------------------------
 * Dashboards (002 §2.5): one per one-page, built from the project's data when the one-page is submitted
 * ------------------------------------------------------------------------------------------- */

/** The project of a dashboard (undefined when there is none). */
export const projectOfDashboard = async (db: DB, id: number) =>
  (await db.selectFrom('projectDashboards').select('projectId').where('id', '=', id).executeTakeFirst())
    ?.projectId;

/** The project of a dashboard e-mail access row. */
export const projectOfAccess = async (db: DB, id: number) =>
  (await db.selectFrom('dashboardAccess').select('projectId').where('id', '=', id).executeTakeFirst())
    ?.projectId;

/*
 * The one-page a dashboard shows: its reviewers' comments are columns of the one-page's row, read and written
 * here (the one-pages module builds its dashboard on submit, so dashboards does not import it back).
 */

export const findOnePage = (db: DB, id: number) =>
  db.selectFrom('onePages').selectAll().where('id', '=', id).executeTakeFirst();
export type OnePageRow = NonNullable<Awaited<ReturnType<typeof findOnePage>>>;

/** The comments a dashboard edits (002 §2.5). */
export type DashboardComments = Pick<
  Updateable<Database['onePages']>,
  'coManagementComment' | 'executiveBoardComment' | 'executiveResumeComment' | 'pdcResumeComment'
>;

/** Writes one comment (bumping the one-page's version); with `expectedVersion`, only while at it. */
export const updateComments = (db: DB, id: number, values: DashboardComments, expectedVersion?: number) =>
  updateVersioned(db, 'onePages', { id }, values, expectedVersion);

const DASHBOARD_COLUMNS = [
  'd.id',
  'd.projectId',
  'd.onePageId',
  'd.createdAt',
  'd.currentWeek',
  'd.firstAllocation',
  'd.initial',
  'd.target',
  'd.setupStatus',
  'd.lastProfessionalDna',
  'd.nextProfessionalDna',
  'd.lastProjectSession',
  'd.weeklyStatusDate',
  'd.totalStakeholders',
  'd.criticalStakeholders',
] as const;

/** The project's dashboards with their one-page's list columns: One Page Date (the week) descending, then newest. */
export const listDashboards = (db: DB, projectId: number) =>
  db
    .selectFrom('projectDashboards as d')
    .leftJoin('onePages as o', 'o.id', 'd.onePageId')
    .select([
      ...DASHBOARD_COLUMNS,
      'o.createdAt as opCreatedAt',
      'o.initialDate as opInitialDate',
      'o.endDate as opEndDate',
      'o.submittedAt as opSubmittedAt',
      'o.submittedById as opSubmittedById',
      'o.isDelayedSubmitted as opIsDelayedSubmitted',
      'o.format as opFormat',
      'o.onePageProblemLevel as opProblemLevel',
      'o.environmentStatus as opEnvironmentStatus',
    ])
    .where('d.projectId', '=', projectId)
    .orderBy(sql`o.initial_date desc nulls last`)
    .orderBy('d.createdAt', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
export type DashboardListRowDb = Awaited<ReturnType<typeof listDashboards>>[number];

/** One dashboard with its project's name and code. */
export const findDashboard = (db: DB, id: number) =>
  db
    .selectFrom('projectDashboards as d')
    .innerJoin('projects as p', 'p.id', 'd.projectId')
    .select([...DASHBOARD_COLUMNS, 'p.name as projectName', 'p.code as projectCode'])
    .where('d.id', '=', id)
    .executeTakeFirst();
export type DashboardRow = NonNullable<Awaited<ReturnType<typeof findDashboard>>>;

/** The figures of a dashboard, computed by `dashboardFigures`. */
export interface DashboardFigures {
  currentWeek: number | null;
  firstAllocation: number | null;
  initial: number | null;
  target: number | null;
  setupStatus: string | null;
  lastProfessionalDna: string | null;
  nextProfessionalDna: string | null;
  lastProjectSession: string | null;
  weeklyStatusDate: string | null;
  totalStakeholders: number;
  criticalStakeholders: number;
}

/**
 * The team's allocation of a one-page as a percentage: the days suggested this week for its active
 * professionals over 5 days each (null without suggestions).
 */
const allocationPercent = (onePageId: ReturnType<typeof sql>) => sql<number | null>`(
  select round(100 * sum(s.total_days) / (5 * count(*)), 2)::float8
  from allocation_suggestions s join professionals pr on pr.id = s.professional_id and pr.is_active
  where s.one_page_id = ${onePageId})`;

/**
 * Everything a dashboard shows (002 §2.5), from the project's data at `now` (our reading; README decisions):
 * current week = this one-page's allocation %, first allocation = the project's first one-page with
 * suggestions, sales margin (initial) and target carried over from the project's previous dashboard (no
 * portal screen holds them), setup status from the project status, last/next During Professional DNA session,
 * last During project session, last submitted weekly status, stakeholders (one per name, the newest row;
 * critical = status 3 Red).
 */
export async function dashboardFigures(
  db: DB,
  projectId: number,
  onePageId: number,
  now: Date,
): Promise<DashboardFigures> {
  const today = now.toISOString().slice(0, 10);
  const r = await sql<DashboardFigures>`
    select
      ${allocationPercent(sql`${onePageId}`)} as "currentWeek",
      ${allocationPercent(sql`(
        select o.id from one_pages o
        where o.project_id = ${projectId}
          and exists (select 1 from allocation_suggestions s where s.one_page_id = o.id)
        order by o.initial_date, o.id limit 1)`)} as "firstAllocation",
      prev.initial::float8 as "initial",
      prev.target::float8 as "target",
      case when p.id_status = 1 then 'Not started' when p.id_status = 2 then 'In progress' else 'Done' end
        as "setupStatus",
      (select to_char(max(s.session_date), 'YYYY-MM-DD') from project_professional_dnas s
        where s.project_id = p.id and s.session_type = 2 and s.session_date <= ${today}::date)
        as "lastProfessionalDna",
      (select to_char(min(d), 'YYYY-MM-DD') from (
        select s.session_date as d from project_professional_dnas s
          where s.project_id = p.id and s.session_type = 2 and s.session_date > ${today}::date
        union all
        select s.session_next_date from project_professional_dnas s
          where s.project_id = p.id and s.session_type = 2 and s.session_next_date > ${today}::date) n)
        as "nextProfessionalDna",
      (select to_char(max(s.created_at at time zone 'UTC'), 'YYYY-MM-DD') from project_sessions s
        where s.project_id = p.id and not s.is_setup and s.created_at <= ${now})
        as "lastProjectSession",
      (select to_char(max(coalesce(w.client_submission_date, (w.submitted_at at time zone 'UTC')::date)), 'YYYY-MM-DD')
        from weekly_statuses w
        where w.project_id = p.id and w.is_submitted and w.signed_status <> 'deleted')
        as "weeklyStatusDate",
      (select count(*)::int from (
        select distinct on (lower(trim(st.name))) st.current_status from session_stakeholders st
        where st.project_id = p.id order by lower(trim(st.name)), st.created_at desc, st.id desc) t)
        as "totalStakeholders",
      (select count(*)::int from (
        select distinct on (lower(trim(st.name))) st.current_status from session_stakeholders st
        where st.project_id = p.id order by lower(trim(st.name)), st.created_at desc, st.id desc) t
        where t.current_status = 3)
        as "criticalStakeholders"
    from projects p
    left join lateral (
      select d.initial, d.target from project_dashboards d
      where d.project_id = p.id and d.one_page_id is distinct from ${onePageId}
        and (d.initial is not null or d.target is not null)
      order by d.created_at desc, d.id desc limit 1) prev on true
    where p.id = ${projectId}`.execute(db);
  return r.rows[0]!;
}

/** Inserts the one-page's dashboard, or refreshes its figures when it exists (one dashboard per one-page). */
export async function upsertDashboard(
  db: DB,
  projectId: number,
  onePageId: number,
  f: DashboardFigures,
  now: Date,
) {
  return (
    await db
      .insertInto('projectDashboards')
      .values({ projectId, onePageId, createdAt: now, ...f })
      .onConflict((oc) => oc.column('onePageId').doUpdateSet(f))
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/* ---------------------------------------------------------------------------------------------
 * E-mail access (002 §2.5 Dashboard Email Access Management)
 * ------------------------------------------------------------------------------------------- */

/** The project's access list with the professionals' names and e-mails, by name. */
export const listAccess = (db: DB, projectId: number, professionalIds?: number[]) => {
  let q = db
    .selectFrom('dashboardAccess as a')
    .innerJoin('professionals as pr', 'pr.id', 'a.professionalId')
    .select(['a.id', 'a.professionalId', 'pr.name', 'pr.email', 'pr.isActive'])
    .where('a.projectId', '=', projectId);
  if (professionalIds) q = q.where('a.professionalId', 'in', professionalIds);
  return q.orderBy('pr.name').orderBy('a.id').execute();
};

export const professionalsByIds = (db: DB, ids: number[]) =>
  db
    .selectFrom('professionals')
    .select(['id', 'name', 'jobTitle', 'isActive'])
    .where('id', 'in', ids)
    .execute();

/** Adds the professionals to the list; those already on it stay as they are. */
export const addAccess = (db: DB, projectId: number, professionalIds: number[]) =>
  db
    .insertInto('dashboardAccess')
    .values(professionalIds.map((professionalId) => ({ projectId, professionalId })))
    .onConflict((oc) => oc.columns(['projectId', 'professionalId']).doNothing())
    .execute();

export const findAccess = (db: DB, id: number) =>
  db
    .selectFrom('dashboardAccess as a')
    .innerJoin('professionals as pr', 'pr.id', 'a.professionalId')
    .select(['a.id', 'a.projectId', 'a.professionalId', 'pr.name'])
    .where('a.id', '=', id)
    .executeTakeFirst();

export const deleteAccess = (db: DB, id: number) =>
  db.deleteFrom('dashboardAccess').where('id', '=', id).execute();

/* ---------------------------------------------------------------------------------------------
 * The weekly e-mail (mail.job.ts)
 * ------------------------------------------------------------------------------------------- */

/**
 * The dashboards not mailed yet, locked for this run (`for update skip locked`: another replica's run skips
 * them), with their project and one-page summary, by project and week.
 */
export const lockUnmailed = (db: DB) =>
  db
    .selectFrom('projectDashboards as d')
    .innerJoin('projects as p', 'p.id', 'd.projectId')
    .leftJoin('onePages as o', 'o.id', 'd.onePageId')
    .select([
      ...DASHBOARD_COLUMNS,
      'p.code as projectCode',
      'p.name as projectName',
      'o.initialDate as opInitialDate',
      'o.endDate as opEndDate',
      'o.onePageProblemLevel as opProblemLevel',
      'o.environmentStatus as opEnvironmentStatus',
      'o.keyMessage as opKeyMessage',
    ])
    .where('d.mailedAt', 'is', null)
    .orderBy('d.projectId')
    .orderBy(sql`o.initial_date nulls last`)
    .orderBy('d.id')
    .forUpdate('d')
    .skipLocked()
    .execute();
export type UnmailedRow = Awaited<ReturnType<typeof lockUnmailed>>[number];

/** The active professionals on the access lists of these projects. */
export const activeRecipients = (db: DB, projectIds: number[]) =>
  projectIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('dashboardAccess as a')
        .innerJoin('professionals as pr', 'pr.id', 'a.professionalId')
        .select(['a.projectId', 'pr.id', 'pr.name', 'pr.email'])
        .where('a.projectId', 'in', projectIds)
        .where('pr.isActive', '=', true)
        .orderBy('a.projectId')
        .orderBy('pr.name')
        .execute();

export const markMailed = (db: DB, ids: number[], at: Date) =>
  ids.length === 0
    ? Promise.resolve()
    : db.updateTable('projectDashboards').set({ mailedAt: at }).where('id', 'in', ids).execute();
