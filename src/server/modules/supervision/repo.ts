import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../db';
import { updateVersioned, versionedUpdate, type VersionedValues } from '../../platform/versioned-update';

/** The filters as the repo applies them (the service fills the defaults). */
export interface WindowFilters {
  /** Monday (YYYY-MM-DD) of this week: "this week's one-page" starts on or after it. */
  monday: string;
  statuses: number[];
  /** `%text%`, lower-cased; null for none. */
  search: string | null;
  onePageSubmitted?: boolean;
  problemLevel?: number[];
  environmentStatus?: number[];
  duringType?: number[];
  allocationStatus?: number[];
  priority?: boolean;
  internal?: boolean;
  pdcPriority?: boolean;
  hasAllocation?: boolean;
  hasGovernanceAction?: boolean;
  /** Only these projects (the answer of an edit), whatever their status. */
  ids?: number[];
}

/** Whether a filter needs this week's one-page (else the page is cut before the one-page is looked up). */
const needsOnePage = (f: WindowFilters) =>
  f.onePageSubmitted !== undefined ||
  f.problemLevel !== undefined ||
  f.environmentStatus !== undefined ||
  f.hasAllocation !== undefined ||
  f.hasGovernanceAction !== undefined;

/** This week's one-page of `p` (the newest starting on or after Monday), as a lateral join (a few rows). */
const thisWeek = (monday: string) => sql`left join lateral (
    select o.id, o.submitted_at, o.one_page_problem_level, o.environment_status, o.has_allocation,
           o.governance_action_option
    from one_pages o
    where o.project_id = p.id and o.initial_date >= ${monday}::date
    order by o.initial_date desc, o.id desc
    limit 1
  ) op on true`;

/**
 * This week's one-page of every project, as a hash-joined set (the whole filtered set: counters and one-page
 * filters). Reads only this week's one-pages (index one_pages_initial_date_idx, migration 0010).
 */
const thisWeekAll = (monday: string) => sql`left join (
    select distinct on (o.project_id) o.project_id, o.id, o.submitted_at, o.one_page_problem_level,
           o.environment_status, o.has_allocation, o.governance_action_option
    from one_pages o
    where o.initial_date >= ${monday}::date
    order by o.project_id, o.initial_date desc, o.id desc
  ) op on op.project_id = p.id`;

// the one-page values as the grid shows them (problem level 0 unless submitted: 002 §4)
const SUBMITTED = sql`(op.submitted_at is not null)`;
const LEVEL = sql`(case when op.submitted_at is not null then coalesce(op.one_page_problem_level, 0) else 0 end)`;

/** The where clause of the filters (`p` projects, `c` clients, `op` this week's one-page when joined). */
function where(f: WindowFilters): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (f.ids) parts.push(sql`p.id = any(${f.ids}::int[])`);
  else parts.push(sql`p.id_status = any(${f.statuses}::int[])`);
  if (f.search)
    parts.push(
      sql`(lower(p.code) like ${f.search} or lower(p.name) like ${f.search} or lower(coalesce(c.name, '')) like ${f.search})`,
    );
  const bool = (col: RawBuilder<unknown>, v: boolean | undefined) => {
    if (v !== undefined) parts.push(sql`${col} = ${v}`);
  };
  const list = (col: RawBuilder<unknown>, v: number[] | undefined) => {
    if (v !== undefined) parts.push(sql`${col} = any(${v}::int[])`);
  };
  bool(sql`p.priority`, f.priority);
  bool(sql`p.internal`, f.internal);
  bool(sql`p.pdc_priority`, f.pdcPriority);
  list(sql`coalesce(p.id_during_type, 0)`, f.duringType);
  list(sql`p.id_allocation_status`, f.allocationStatus);
  bool(SUBMITTED, f.onePageSubmitted);
  list(LEVEL, f.problemLevel);
  list(sql`coalesce(op.environment_status, 0)`, f.environmentStatus);
  bool(sql`coalesce(op.has_allocation, false)`, f.hasAllocation);
  bool(sql`coalesce(op.governance_action_option in (1, 3), false)`, f.hasGovernanceAction);
  return sql.join(parts, sql` and `);
}

/**
 * One window of the rows, ordered by project code: the window is cut first (on the projects alone unless a
 * one-page filter needs this week's one-page), then only its rows get their names and one-page.
 */
/** The grid's columns of the projects of `page` (ids and codes), in code order. */
const rowsOf = (monday: string) => sql`
    select p.id as id_project, p.code as project_code, p.name as project_name, c.name as client_name,
           p.id_status, p.id_during_type, dt.name as during_type_name, p.id_allocation_status,
           als.name as allocation_status_name, p.priority, p.internal, p.pdc_priority, p.version,
           bu.name as business_unit_name,
           (select pr.name from project_practices pp join practices pr on pr.id = pp.practice_id
              where pp.project_id = p.id order by pp.practice_id limit 1) as practice_name,
           (select cm.name from project_co_managements pc join comanagements cm on cm.id = pc.comanagement_id
              where pc.project_id = p.id order by pc.comanagement_id limit 1) as co_management_name,
           op.id as id_one_page,
           ${SUBMITTED} as one_page_submitted,
           ${LEVEL} as one_page_problem_level,
           op.environment_status,
           coalesce(op.has_allocation, false) as has_allocation,
           coalesce(op.governance_action_option in (1, 3), false) as has_governance_action
    from page
    join projects p on p.id = page.id
    left join clients c on c.id = p.client_id
    left join during_types dt on dt.id = p.id_during_type
    left join allocation_statuses als on als.id = p.id_allocation_status
    left join business_units bu on bu.id = p.business_unit_id
    ${thisWeek(monday)}`;

/**
 * One window of rows with the counters of the whole filtered set, in one statement: the filtered set is read once
 * (projects, client for the search, this week's one-pages hash-joined), counted, and cut to the window; only the
 * window's rows get their names. Each row carries the counters; an empty window answers one row of counters only
 * (idProject null).
 */
export async function supervisionPageWithCounts(
  db: DB,
  f: WindowFilters,
  skip: number,
  take: number,
): Promise<Record<string, unknown>[]> {
  const result = await sql<Record<string, unknown>>`
    with filtered as materialized (
      select p.id, p.code, ${SUBMITTED} as submitted, ${LEVEL} as level
      from projects p
      left join clients c on c.id = p.client_id
      ${thisWeekAll(f.monday)}
      where ${where(f)}
    ),
    totals as (
      select count(*) as total,
             count(*) filter (where submitted and level = 1) as total_green,
             count(*) filter (where submitted and level = 2) as total_yellow,
             count(*) filter (where submitted and level = 3) as total_red,
             count(*) filter (where not submitted) as total_not_submitted
      from filtered
    ),
    page as (select id, code from filtered order by code limit ${take} offset ${skip})
    select totals.*, r.*
    from totals
    left join (${rowsOf(f.monday)}) r on true
    order by r.project_code
  `.execute(db);
  return result.rows;
}

export async function supervisionPage(
  db: DB,
  f: WindowFilters,
  skip: number,
  take: number,
): Promise<Record<string, unknown>[]> {
  const opJoin = needsOnePage(f) ? thisWeekAll(f.monday) : sql``;
  const result = await sql<Record<string, unknown>>`
    with page as (
      select p.id, p.code
      from projects p
      left join clients c on c.id = p.client_id
      ${opJoin}
      where ${where(f)}
      order by p.code
      limit ${take} offset ${skip}
    )
    ${rowsOf(f.monday)}
    order by page.code
  `.execute(db);
  return result.rows;
}

/** The project's fields a supervision edit reads, its row locked until the transaction ends; undefined when none. */
export const lockProjectForEdit = (trx: DB, projectId: number) =>
  trx
    .selectFrom('projects')
    .select(['id', 'version', 'priority', 'internal', 'idDuringType', 'idAllocationStatus'])
    .where('id', '=', projectId)
    .forUpdate()
    .executeTakeFirst();
export type LockedProject = NonNullable<Awaited<ReturnType<typeof lockProjectForEdit>>>;

/** A supervision edit's project fields (version + 1). */
export const updateProject = (trx: DB, projectId: number, values: VersionedValues<'projects'>) =>
  updateVersioned(trx, 'projects', { id: projectId }, values);

/** A supervision edit's one-page fields (version + 1). */
/**
 * Writes this week's one-page from the Weekly Edit. The fields it writes lose their "From last week" marks, as
 * the one-page's own edit takes them off; a submit takes them all off.
 */
export async function updateOnePage(
  trx: DB,
  onePageId: number,
  values: VersionedValues<'onePages'>,
  submitting: boolean,
) {
  const written = Object.keys(values);
  await versionedUpdate(trx, 'onePages', values)
    .set({
      carriedFields: submitting
        ? sql<string[]>`'{}'::text[]`
        : sql<
            string[]
          >`array(select f from unnest(carried_fields) as f where not (f = any(${written}::text[])))`,
    })
    .where('id', '=', onePageId)
    .execute();
}

/** This week's one-page of a project (id, submission, version), or undefined. */
export async function thisWeeksOnePage(db: DB, projectId: number, monday: string) {
  return db
    .selectFrom('onePages')
    .select(['id', 'submittedAt', 'onePageProblemLevel', 'environmentStatus', 'endDate', 'initialDate'])
    .where('projectId', '=', projectId)
    .where('initialDate', '>=', monday)
    .orderBy('initialDate', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Managers, partners (names, comma-separated) and dates of a batch of projects (at least one id), by project id. */
export async function projectDetails(db: DB, ids: number[]) {
  const rows = await db
    .selectFrom('projects as p')
    .where('p.id', 'in', ids)
    .select(['p.id', 'p.startDate', 'p.endDate'])
    .select((eb) => {
      const names = (role: 't.isManager' | 't.isPartner') =>
        eb
          .selectFrom('projectTeam as t')
          .innerJoin('professionals as pr', 'pr.id', 't.professionalId')
          .whereRef('t.projectId', '=', 'p.id')
          .where(role, '=', true)
          .select(sql<string | null>`string_agg(pr.name, ', ' order by pr.name)`.as('names'));
      return [names('t.isManager').as('managerNames'), names('t.isPartner').as('partnerNames')];
    })
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}
