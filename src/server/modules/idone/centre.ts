import { sql, type RawBuilder } from 'kysely';
import { PROJECT_STATUS } from '@domain/constants';
import type {
  IdOneCentrePageQuery,
  IdOneCentrePeople,
  IdOneCentreQuery,
  IdOneCentreRow,
} from '@domain/contract';
import type { DB } from '../../db';
import { fieldColumns, type Column, type Sheet } from '../../adapters/reports';
import { toDateString } from '../../platform/dates';
import { searchWords, wordPattern } from '../../platform/search-pattern';

/**
 * The ID One Accredited Centre (spec 002 §2.9, §3 "projectIDOne.hasIDOne", §7): the projects with their partner(s)
 * ("Responsible"), manager(s) and whether they have ID One records, paged and filtered on the server (search,
 * Has IDOne, Responsible, Project Manager); the Excel report of the same filters, every page.
 */

/** The filters as the centre, its facets and its report apply them (the contract's IdOneCentreQuery). */
export type CentreFilters = IdOneCentreQuery;

/** The projects (`p`) one of whose partners / managers is one of `ids`. */
const inTeam = (role: 'is_partner' | 'is_manager', ids: number[]) =>
  sql`p.id in (select t.project_id from project_team t
                where t.${sql.raw(role)} and t.professional_id = any(${ids}::int[]))`;

/**
 * The where clause of the filters over `projects p`. The search (the portal grid's rule, src/web/ui/grid/model.ts):
 * every word, case and accents ignored, occurs in the project code or in the name of one of its partners
 * (Responsible) or managers (Project Manager) — the names are matched on the professionals, never aggregated per
 * project. `hasIDOne`: whether the project has ID One records. `responsible` / `projectManager`: one of its
 * partners / managers is one of the ids.
 */
function where(f: CentreFilters): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  for (const word of searchWords(f.search)) {
    const pattern = wordPattern(word);
    parts.push(sql`(p.code ~* ${pattern} or p.id in (
      select t.project_id from project_team t join professionals pr on pr.id = t.professional_id
       where (t.is_partner or t.is_manager) and pr.name ~* ${pattern}))`);
  }
  if (f.hasIDOne !== undefined)
    parts.push(
      sql`${f.hasIDOne ? sql`` : sql`not `}exists (select 1 from project_id_ones i where i.project_id = p.id)`,
    );
  if (f.responsible !== undefined) parts.push(inTeam('is_partner', f.responsible));
  if (f.projectManager !== undefined) parts.push(inTeam('is_manager', f.projectManager));
  return sql.join(parts, sql` and `);
}

/** Names of the partners (Responsible) and managers of the projects of `win` (a CTE of ids), each joined by name. */
const peopleOf = (win: string) => sql`
    select t.project_id,
           string_agg(pr.name, ', ' order by pr.name) filter (where t.is_partner) as responsible,
           string_agg(pr.name, ', ' order by pr.name) filter (where t.is_manager) as project_manager
    from ${sql.table(win)} w
    join project_team t on t.project_id = w.id
    join professionals pr on pr.id = t.professional_id
    where t.is_partner or t.is_manager
    group by t.project_id`;

/** A project as the centre and its report read it, ordered by code. */
export interface CentreProject {
  id: number;
  code: string;
  name: string;
  idStatus: number;
  clientName: string | null;
  startDate: string | null;
  endDate: string | null;
  responsible: string | null;
  projectManager: string | null;
  idOneRecords: number;
  profiles: number;
  additionalProfiles: number;
}

/**
 * `limit` projects of the filters by code after the code `after` (keyset: the report reads 1,000 at a time), with
 * everything the report shows. Names of several partners or managers are joined with ", " in name order.
 * Set-based (the window's team and ID One rows aggregated once): correlated subqueries per project cost ~0.4 ms
 * each.
 */
export async function centreProjects(
  db: DB,
  { after, limit, filters = {} }: { after?: string; limit: number; filters?: CentreFilters },
): Promise<CentreProject[]> {
  const { rows } = await sql<{
    id: number;
    code: string;
    name: string;
    idStatus: number;
    clientName: string | null;
    startDate: unknown;
    endDate: unknown;
    responsible: string | null;
    projectManager: string | null;
    records: number | null;
    profiles: number | null;
    additional: number | null;
  }>`
    with win as (
      select p.id, p.code, p.name, p.id_status, p.client_id, p.start_date, p.end_date
      from projects p
      where ${after === undefined ? sql`true` : sql`p.code > ${after}`} and ${where(filters)}
      order by p.code
      limit ${limit}
    ),
    people as (${peopleOf('win')}),
    io as (
      select i.project_id, count(*)::int as records, sum(i.number_profile)::int as profiles,
             sum(i.additional_profiles)::int as additional
      from win join project_id_ones i on i.project_id = win.id
      group by i.project_id
    )
    select win.id, win.code, win.name, win.id_status, c.name as client_name, win.start_date, win.end_date,
           people.responsible, people.project_manager, io.records, io.profiles, io.additional
    from win
    left join clients c on c.id = win.client_id
    left join people on people.project_id = win.id
    left join io on io.project_id = win.id
    order by win.code
  `.execute(db);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    idStatus: r.idStatus,
    clientName: r.clientName,
    startDate: toDateString(r.startDate),
    endDate: toDateString(r.endDate),
    responsible: r.responsible,
    projectManager: r.projectManager,
    idOneRecords: r.records ?? 0,
    profiles: r.profiles ?? 0,
    additionalProfiles: r.additional ?? 0,
  }));
}

/**
 * GET /api/id-one-centre: one page (`skip`, `take`) of the projects of the filters by code, with the count of the
 * whole filtered set (the x-total header), in one statement; only the page's rows get their names and ID One flag.
 * Without a search the page is read along the code index and counted apart (a few ms at 20,000 projects); with
 * one, the matching ids are found once (every word a regular expression over codes and names), counted and cut.
 */
export async function centrePage(
  db: DB,
  q: IdOneCentrePageQuery,
): Promise<{ rows: IdOneCentreRow[]; total: number }> {
  const { skip, take, ...filters } = q;
  const w = where(filters);
  const totalAndPage =
    searchWords(filters.search).length > 0
      ? sql`filtered as materialized (select p.id, p.code from projects p where ${w}),
          total as (select count(*)::int as total from filtered),
          page as (select id, code from filtered order by code limit ${take} offset ${skip})`
      : sql`total as (select count(*)::int as total from projects p where ${w}),
          page as (select p.id, p.code from projects p where ${w} order by p.code limit ${take} offset ${skip})`;
  const { rows } = await sql<{
    total: number;
    id: number | null;
    code: string;
    responsible: string | null;
    projectManager: string | null;
    hasIdOne: boolean;
  }>`
    with ${totalAndPage},
    people as (${peopleOf('page')}),
    io as (select distinct i.project_id from page join project_id_ones i on i.project_id = page.id)
    select total.total, page.id, page.code, people.responsible, people.project_manager,
           io.project_id is not null as has_id_one
    from total
    left join page on true
    left join people on people.project_id = page.id
    left join io on io.project_id = page.id
    order by page.code
  `.execute(db);
  return {
    total: rows[0]?.total ?? 0,
    rows: rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        idProject: r.id!,
        projectCode: r.code,
        responsible: r.responsible,
        projectManager: r.projectManager,
        hasIDOne: r.hasIdOne,
      })),
  };
}

/**
 * GET /api/id-one-centre/people: the Responsible and Project Manager header filters' options — every professional
 * who is partner / manager of at least one project, by name (the team rows of partners and managers read once).
 */
export async function centrePeople(db: DB): Promise<IdOneCentrePeople> {
  const { rows } = await sql<{ id: number; name: string; partner: boolean; manager: boolean }>`
    select pr.id, pr.name, r.partner, r.manager
    from (
      select t.professional_id, bool_or(t.is_partner) as partner, bool_or(t.is_manager) as manager
      from project_team t
      where t.is_partner or t.is_manager
      group by t.professional_id
    ) r
    join professionals pr on pr.id = r.professional_id
    order by pr.name, pr.id
  `.execute(db);
  const person = (r: { id: number; name: string }) => ({ id: r.id, name: r.name });
  return {
    responsible: rows.filter((r) => r.partner).map(person),
    projectManager: rows.filter((r) => r.manager).map(person),
  };
}

/** Every project of the filters, read `batchSize` at a time (memory stays flat whatever the number of projects). */
export async function* centreReportRows(
  db: DB,
  filters: CentreFilters = {},
  batchSize = 1000,
): AsyncGenerator<CentreProject> {
  let after: string | undefined;
  for (;;) {
    const batch = await centreProjects(db, { after, limit: batchSize, filters });
    yield* batch;
    if (batch.length < batchSize) return;
    after = batch[batch.length - 1]!.code;
  }
}

const field = fieldColumns<CentreProject>();

/**
 * The columns of id-one.xlsx: the grid's (Project Code, Responsible, Project Manager, Has IDOne) with the project's
 * name, client and status, what its ID One records hold (they carry no dates: how many, profiles, additional
 * profiles) and the project's start and end dates as real dates.
 */
export const ID_ONE_REPORT_COLUMNS: Column<CentreProject>[] = [
  { header: 'Project Code', key: 'projectCode', type: 'text', value: (p) => p.code },
  { header: 'Project Name', key: 'projectName', type: 'text', value: (p) => p.name },
  { header: 'Client', key: 'clientName', type: 'text', value: (p) => p.clientName },
  {
    header: 'Project Status',
    key: 'status',
    type: 'text',
    value: (p) => PROJECT_STATUS[p.idStatus]?.adminLabel ?? null,
  },
  field('Responsible', 'responsible', 'text'),
  field('Project Manager', 'projectManager', 'text'),
  { header: 'Has IDOne', key: 'hasIDOne', type: 'boolean', value: (p) => p.idOneRecords > 0 },
  field('ID One Records', 'idOneRecords', 'integer'),
  field('Profiles', 'profiles', 'integer'),
  field('Additional Profiles', 'additionalProfiles', 'integer'),
  field('Start Date', 'startDate', 'date'),
  field('End Date', 'endDate', 'date'),
];

/** The sheet of GET /api/reports/idone for the report kit. */
export const idOneReportSheets = (db: DB, filters: CentreFilters = {}): Sheet<CentreProject>[] => [
  { name: 'ID One', columns: ID_ONE_REPORT_COLUMNS, rows: centreReportRows(db, filters) },
];
