import { sql } from 'kysely';
import { PROJECT_STATUS } from '@domain/constants';
import type { IdOneCentreQuery, IdOneCentreRow } from '@domain/contract';
import type { DB } from '../../db';
import { fieldColumns, type Column, type Sheet } from '../../adapters/reports';
import { toDateString } from '../../platform/dates';

/**
 * The ID One Accredited Centre (spec 002 §2.9, §3 "projectIDOne.hasIDOne", §7): every project with its partner(s)
 * ("Responsible"), manager(s) and whether it has ID One records; the Excel report of the same rows.
 */

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
 * `limit` projects by code after the code `after` (keyset: the report reads 1,000 at a time), with everything the
 * report shows. Names of several partners or managers are joined with ", " in name order. Set-based (the window's
 * team and ID One rows aggregated once): correlated subqueries per project cost ~0.4 ms each.
 */
export async function centreProjects(
  db: DB,
  { after, limit }: { after?: string; limit: number },
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
      ${after === undefined ? sql`` : sql`where p.code > ${after}`}
      order by p.code
      limit ${limit}
    ),
    people as (
      select t.project_id,
             string_agg(pr.name, ', ' order by pr.name) filter (where t.is_partner) as responsible,
             string_agg(pr.name, ', ' order by pr.name) filter (where t.is_manager) as project_manager
      from win
      join project_team t on t.project_id = win.id
      join professionals pr on pr.id = t.professional_id
      where t.is_partner or t.is_manager
      group by t.project_id
    ),
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

const DIACRITICS = /\p{Diacritic}/gu;
const normalize = (text: string) => text.normalize('NFD').replace(DIACRITICS, '').toLowerCase();

/**
 * The grid's search on the server (the portal grid's rule, src/web/ui/grid/model.ts): every word of the text,
 * case and accents ignored, occurs in one of the searchable cells — Project Code, Responsible, Project Manager.
 * An empty search keeps every project.
 */
export function centreMatcher(
  search: string | undefined,
): (p: Pick<CentreProject, 'code' | 'responsible' | 'projectManager'>) => boolean {
  const words = normalize(search ?? '')
    .split(/\s+/)
    .filter((w) => w.length > 0);
  if (words.length === 0) return () => true;
  return (p) => {
    const cells = [p.code, p.responsible ?? '', p.projectManager ?? ''].map(normalize).join('\u0001');
    return words.every((w) => cells.includes(w));
  };
}

/**
 * GET /api/id-one-centre: every project by code, searched. The grid holds them all (header filters and sort in the
 * browser, like the project list): at 20,000 projects 2.5 MB of JSON, 246 KB gzipped; the query reads only what
 * the grid shows, aggregated in one pass.
 */
export async function centreRows(db: DB, query: IdOneCentreQuery = {}): Promise<IdOneCentreRow[]> {
  const { rows } = await sql<{
    id: number;
    code: string;
    responsible: string | null;
    projectManager: string | null;
    hasIdOne: boolean;
  }>`
    with people as (
      select t.project_id,
             string_agg(pr.name, ', ' order by pr.name) filter (where t.is_partner) as responsible,
             string_agg(pr.name, ', ' order by pr.name) filter (where t.is_manager) as project_manager
      from project_team t join professionals pr on pr.id = t.professional_id
      where t.is_partner or t.is_manager
      group by t.project_id
    ),
    io as (select distinct project_id from project_id_ones)
    select p.id, p.code, people.responsible, people.project_manager, io.project_id is not null as has_id_one
    from projects p
    left join people on people.project_id = p.id
    left join io on io.project_id = p.id
    order by p.code
  `.execute(db);
  const matches = centreMatcher(query.search);
  return rows
    .filter((r) => matches({ code: r.code, responsible: r.responsible, projectManager: r.projectManager }))
    .map((r) => ({
      idProject: r.id,
      projectCode: r.code,
      responsible: r.responsible,
      projectManager: r.projectManager,
      hasIDOne: r.hasIdOne,
    }));
}

/** Every project of the search, read `batchSize` at a time (memory stays flat whatever the number of projects). */
export async function* centreReportRows(
  db: DB,
  query: IdOneCentreQuery = {},
  batchSize = 1000,
): AsyncGenerator<CentreProject> {
  const matches = centreMatcher(query.search);
  let after: string | undefined;
  for (;;) {
    const batch = await centreProjects(db, { after, limit: batchSize });
    for (const p of batch) if (matches(p)) yield p;
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
export const idOneReportSheets = (db: DB, query: IdOneCentreQuery = {}): Sheet<CentreProject>[] => [
  { name: 'ID One', columns: ID_ONE_REPORT_COLUMNS, rows: centreReportRows(db, query) },
];
