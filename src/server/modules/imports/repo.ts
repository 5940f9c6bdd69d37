import { sql } from 'kysely';
import type { MasterTable } from '@domain/rules/master-lists';
import type { DB } from '../../db';
import { chunks } from './resolve';

/* ---------------------------------------------------------------------------------------------
 * The imports table: one row per preview or commit, its progress and its report
 * ------------------------------------------------------------------------------------------- */

export const createRun = (
  db: DB,
  values: { kind: string; dryRun: boolean; fileName: string | null; startedBy: number },
) =>
  db
    .insertInto('imports')
    .values({ ...values, status: 'running', phase: 'reading' })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);

export const updateRun = (
  db: DB,
  id: number,
  values: Partial<{ phase: string; rowsRead: number; rowsChecked: number; rowsWritten: number }>,
) => db.updateTable('imports').set(values).where('id', '=', id).where('status', '=', 'running').execute();

export const finishRun = (
  db: DB,
  id: number,
  values: {
    status: 'done' | 'failed';
    phase: string;
    report: unknown;
    rowsRead?: number;
    rowsChecked?: number;
    rowsWritten?: number;
  },
) =>
  db
    .updateTable('imports')
    .set({
      ...values,
      report: values.report === null ? null : JSON.stringify(values.report),
      finishedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();

const runColumns = [
  'i.id',
  'i.kind',
  'i.dryRun',
  'i.fileName',
  'i.status',
  'i.phase',
  'i.rowsRead',
  'i.rowsChecked',
  'i.rowsWritten',
  'i.startedBy',
  'p.name as startedByName',
  'i.startedAt',
  'i.finishedAt',
] as const;

export const findRun = (db: DB, id: number) =>
  db
    .selectFrom('imports as i')
    .leftJoin('professionals as p', 'p.id', 'i.startedBy')
    .select([...runColumns, 'i.report'])
    .where('i.id', '=', id)
    .executeTakeFirst();

export function listRuns(db: DB, q: { kind?: string; status?: string; startedBy?: number }) {
  let query = db
    .selectFrom('imports as i')
    .leftJoin('professionals as p', 'p.id', 'i.startedBy')
    .select(runColumns)
    .orderBy('i.startedAt', 'desc')
    .orderBy('i.id', 'desc')
    .limit(20);
  if (q.kind) query = query.where('i.kind', '=', q.kind);
  if (q.status) query = query.where('i.status', '=', q.status);
  if (q.startedBy !== undefined) query = query.where('i.startedBy', '=', q.startedBy);
  return query.execute();
}

/** A run left 'running' by a process that stopped (older than an hour) is failed. */
export const failStaleRuns = (db: DB) =>
  db
    .updateTable('imports')
    .set({ status: 'failed', phase: 'failed', finishedAt: new Date() })
    .where('status', '=', 'running')
    .where('startedAt', '<', sql<Date>`now() - interval '1 hour'`)
    .execute();

/** The kind's commit lock for the transaction; false when another commit holds it. */
export const tryKindLock = (trx: DB, kind: string) =>
  sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(hashtext(${`import:${kind}`})) as ok`
    .execute(trx)
    .then((r) => r.rows[0]?.ok === true);

export const advisoryLock = (trx: DB, key: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);

/** Who runs the commit of a kind now (for the 409's message). */
export const runningCommit = (db: DB, kind: string, exceptId: number) =>
  db
    .selectFrom('imports as i')
    .leftJoin('professionals as p', 'p.id', 'i.startedBy')
    .select(['i.id', 'p.name'])
    .where('i.kind', '=', kind)
    .where('i.dryRun', '=', false)
    .where('i.status', '=', 'running')
    .where('i.id', '<>', exceptId)
    .orderBy('i.id')
    .executeTakeFirst();

/* ---------------------------------------------------------------------------------------------
 * Master lists
 * ------------------------------------------------------------------------------------------- */

/** A list's items for references: id, name, active. */
export async function masterItems(db: DB, table: MasterTable) {
  const name = table === 'evaluationCycles' ? sql<string>`period || ' ' || year` : sql<string>`name`;
  const r = await sql<{ id: number; name: string; active: boolean }>`
    select id, ${name} as name, deactivated_at is null as active from ${sql.table(snake(table))} order by id`.execute(
    db,
  );
  return r.rows;
}

const snake = (t: string) => t.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const masterRows = (db: DB, table: MasterTable) =>
  db
    .selectFrom(table as 'practices')
    .selectAll()
    .execute() as Promise<(Record<string, unknown> & { id: number })[]>;

export const nextMasterId = (trx: DB, table: MasterTable) =>
  sql<{ next: number }>`select coalesce(max(id), 0) + 1 as next from ${sql.table(snake(table))}`
    .execute(trx)
    .then((r) => Number(r.rows[0]!.next));

export const insertMasterRows = (trx: DB, table: MasterTable, rows: Record<string, unknown>[]) =>
  trx
    .insertInto(table as 'practices')
    .values(rows as never)
    .execute();

export const updateMasterRow = (trx: DB, table: MasterTable, id: number, set: Record<string, unknown>) =>
  trx
    .updateTable(table as 'practices')
    .set({ ...set, version: sql`version + 1`, updatedAt: new Date() } as never)
    .where('id', '=', id)
    .execute();

/** Each client's segments, the primary (level 1) first. */
export async function clientSegments(db: DB): Promise<Map<number, number[]>> {
  const rows = await db
    .selectFrom('clientSegments')
    .select(['clientId', 'segmentId', 'segmentLevel'])
    .orderBy('clientId')
    .orderBy('segmentLevel')
    .orderBy('segmentId')
    .execute();
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.clientId, [...(out.get(r.clientId) ?? []), r.segmentId]);
  return out;
}

/** Replaces clients' segments: the first named is the primary (level 1), the others secondary (2). */
export async function replaceClientSegments(
  trx: DB,
  items: { clientId: number; segmentIds: readonly number[] }[],
) {
  if (items.length === 0) return;
  await trx
    .deleteFrom('clientSegments')
    .where(
      'clientId',
      'in',
      items.map((i) => i.clientId),
    )
    .execute();
  const rows = items.flatMap((i) =>
    i.segmentIds.map((segmentId, at) => ({
      clientId: i.clientId,
      segmentId,
      segmentLevel: at === 0 ? 1 : 2,
    })),
  );
  for (const batch of chunks(rows)) await trx.insertInto('clientSegments').values(batch).execute();
}

/* ---------------------------------------------------------------------------------------------
 * People
 * ------------------------------------------------------------------------------------------- */

export const allProfessionals = (db: DB) =>
  db
    .selectFrom('professionals')
    .select([
      'id',
      'email',
      'name',
      'login',
      'jobTitle',
      'practiceId',
      'officeId',
      'positionId',
      'comanagementId',
      'managerId',
      'employeeNumber',
      'department',
      'isActive',
      'manualScopes',
    ])
    .execute();
export type StoredProfessional = Awaited<ReturnType<typeof allProfessionals>>[number];

/* ---------------------------------------------------------------------------------------------
 * Projects
 * ------------------------------------------------------------------------------------------- */

/** The stored projects of the given codes (lower case), with their links and teams. */
export async function projectsByCodes(db: DB, codes: readonly string[]) {
  const projects: {
    id: number;
    code: string;
    name: string;
    clientId: number | null;
    idStatus: number;
    startDate: string | null;
    endDate: string | null;
  }[] = [];
  for (const batch of chunks(codes, 5000)) {
    const r = await sql<(typeof projects)[number]>`
      select id, code, name, client_id as "clientId", id_status as "idStatus",
        to_char(start_date, 'YYYY-MM-DD') as "startDate", to_char(end_date, 'YYYY-MM-DD') as "endDate"
      from projects where lower(code) = any(${batch}::text[])`.execute(db);
    projects.push(...r.rows);
  }
  const ids = projects.map((p) => p.id);
  const links = async (table: string, column: string) => {
    const out = new Map<number, number[]>();
    for (const batch of chunks(ids, 10000)) {
      const r = await sql<{ projectId: number; refId: number }>`
        select project_id as "projectId", ${sql.ref(column)} as "refId" from ${sql.table(table)}
        where project_id = any(${batch}::int[]) order by project_id, ${sql.ref(column)}`.execute(db);
      for (const row of r.rows) out.set(row.projectId, [...(out.get(row.projectId) ?? []), row.refId]);
    }
    return out;
  };
  const team = new Map<
    number,
    { id: number; professionalId: number; isManager: boolean; isPartner: boolean; isOnePageAllow: boolean }[]
  >();
  for (const batch of chunks(ids, 10000)) {
    const r = await sql<{
      id: number;
      projectId: number;
      professionalId: number;
      isManager: boolean;
      isPartner: boolean;
      isOnePageAllow: boolean;
    }>`select id, project_id as "projectId", professional_id as "professionalId", is_manager as "isManager",
         is_partner as "isPartner", is_one_page_allow as "isOnePageAllow"
       from project_team where project_id = any(${batch}::int[]) order by id`.execute(db);
    for (const row of r.rows) {
      const list = team.get(row.projectId) ?? [];
      list.push(row);
      team.set(row.projectId, list);
    }
  }
  return {
    projects,
    practices: await links('project_practices', 'practice_id'),
    offices: await links('project_offices', 'office_id'),
    scopes: await links('project_geographic_scopes', 'geographic_scope_id'),
    methodologies: await links('project_methodologies', 'methodology_id'),
    team,
  };
}

export interface ProjectInsert {
  code: string;
  name: string;
  clientId: number | null;
  idStatus: number;
  startDate: string | null;
  endDate: string | null;
}

/** Inserts projects (one statement a batch, unnest arrays); their ids by code. */
export async function insertProjects(trx: DB, rows: readonly ProjectInsert[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const b of chunks(rows, 2000)) {
    const r = await sql<{ id: number; code: string }>`
      insert into projects (code, name, client_id, id_status, start_date, end_date, closed_at)
      select c, n, cl, st, sd::date, ed::date, case when st = 5 then now() end
      from unnest(${b.map((x) => x.code)}::text[], ${b.map((x) => x.name)}::text[],
        ${b.map((x) => x.clientId)}::int[], ${b.map((x) => x.idStatus)}::int[],
        ${b.map((x) => x.startDate)}::text[], ${b.map((x) => x.endDate)}::text[]) as t(c, n, cl, st, sd, ed)
      returning id, code`.execute(trx);
    for (const row of r.rows) out.set(row.code, row.id);
  }
  return out;
}

export interface ProjectUpdate extends ProjectInsert {
  id: number;
}

/** Updates projects' columns (one statement a batch), stepping their version. */
export async function updateProjects(trx: DB, rows: readonly ProjectUpdate[]) {
  for (const b of chunks(rows, 2000))
    await sql`
      update projects p set code = t.c, name = t.n, client_id = t.cl, id_status = t.st,
        start_date = t.sd::date, end_date = t.ed::date,
        closed_at = case when t.st = 5 and p.id_status <> 5 then now() when t.st <> 5 then null else p.closed_at end,
        version = p.version + 1, updated_at = now()
      from unnest(${b.map((x) => x.id)}::int[], ${b.map((x) => x.code)}::text[], ${b.map((x) => x.name)}::text[],
        ${b.map((x) => x.clientId)}::int[], ${b.map((x) => x.idStatus)}::int[],
        ${b.map((x) => x.startDate)}::text[], ${b.map((x) => x.endDate)}::text[]) as t(id, c, n, cl, st, sd, ed)
      where p.id = t.id`.execute(trx);
}

/** Replaces the link sets of the given projects (link table, its column). */
export async function replaceProjectLinks(
  trx: DB,
  table: string,
  column: string,
  sets: readonly { projectId: number; ids: readonly number[] }[],
) {
  if (sets.length === 0) return;
  for (const b of chunks(sets, 5000))
    await sql`delete from ${sql.table(table)} where project_id = any(${b.map((s) => s.projectId)}::int[])`.execute(
      trx,
    );
  const pairs = sets.flatMap((s) => s.ids.map((id) => [s.projectId, id] as const));
  for (const b of chunks(pairs, 5000))
    await sql`insert into ${sql.table(table)} (project_id, ${sql.ref(column)})
      select * from unnest(${b.map((p) => p[0])}::int[], ${b.map((p) => p[1])}::int[])`.execute(trx);
}

/** Inserts link rows of new projects. */
export async function insertProjectLinks(
  trx: DB,
  table: string,
  column: string,
  sets: readonly { projectId: number; ids: readonly number[] }[],
) {
  const pairs = sets.flatMap((s) => s.ids.map((id) => [s.projectId, id] as const));
  for (const b of chunks(pairs, 5000))
    await sql`insert into ${sql.table(table)} (project_id, ${sql.ref(column)})
      select * from unnest(${b.map((p) => p[0])}::int[], ${b.map((p) => p[1])}::int[])`.execute(trx);
}

export interface TeamInsert {
  projectId: number;
  professionalId: number;
  isManager: boolean;
  isPartner: boolean;
  isOnePageAllow: boolean;
}

export async function insertTeam(trx: DB, rows: readonly TeamInsert[]) {
  for (const b of chunks(rows, 5000))
    await sql`insert into project_team (project_id, professional_id, is_manager, is_partner, is_one_page_allow)
      select * from unnest(${b.map((r) => r.projectId)}::int[], ${b.map((r) => r.professionalId)}::int[],
        ${b.map((r) => r.isManager)}::bool[], ${b.map((r) => r.isPartner)}::bool[], ${b.map((r) => r.isOnePageAllow)}::bool[])`.execute(
      trx,
    );
}

export async function updateTeam(
  trx: DB,
  rows: readonly { id: number; isManager: boolean; isPartner: boolean; isOnePageAllow: boolean }[],
) {
  for (const b of chunks(rows, 5000))
    await sql`update project_team t set is_manager = v.m, is_partner = v.p, is_one_page_allow = v.o
      from unnest(${b.map((r) => r.id)}::int[], ${b.map((r) => r.isManager)}::bool[], ${b.map((r) => r.isPartner)}::bool[],
        ${b.map((r) => r.isOnePageAllow)}::bool[]) as v(id, m, p, o) where t.id = v.id`.execute(trx);
}

export async function deleteTeam(trx: DB, ids: readonly number[]) {
  for (const b of chunks(ids, 10000))
    await sql`delete from project_team where id = any(${b}::int[])`.execute(trx);
}

export async function insertStatusHistory(
  trx: DB,
  rows: readonly { projectId: number; fromStatus: number | null; toStatus: number; changedBy: number }[],
) {
  for (const b of chunks(rows, 5000))
    await sql`insert into project_status_history (project_id, from_status, to_status, changed_by)
      select * from unnest(${b.map((r) => r.projectId)}::int[], ${b.map((r) => r.fromStatus)}::int[],
        ${b.map((r) => r.toStatus)}::int[], ${b.map((r) => r.changedBy)}::int[])`.execute(trx);
}

export async function insertProjectChanges(
  trx: DB,
  rows: readonly { projectId: number; changedBy: number; area: string; action: string; subject: string }[],
) {
  for (const b of chunks(rows, 5000))
    await sql`insert into project_changes (project_id, changed_by, area, action, subject)
      select * from unnest(${b.map((r) => r.projectId)}::int[], ${b.map((r) => r.changedBy)}::int[],
        ${b.map((r) => r.area)}::text[], ${b.map((r) => r.action)}::text[], ${b.map((r) => r.subject.slice(0, 300))}::text[])`.execute(
      trx,
    );
}

/**
 * This week's one-page of the given projects in During, as the weekly job opens it (one-pages/weekly.job.ts:
 * checklist format, Monday to Sunday, an allocation suggestion of 0 days for every active team member, this week
 * and the next two) — for the imported projects only, no earlier week.
 */
export async function openWeekFor(trx: DB, projectIds: readonly number[], monday: string, sunday: string) {
  let opened = 0;
  for (const b of chunks(projectIds, 5000)) {
    const r = await sql<{ id: number }>`
      insert into one_pages (project_id, format, initial_date, end_date)
      select p.id, 2, ${monday}::date, ${sunday}::date from projects p
      where p.id = any(${b}::int[]) and p.id_status = 3
      on conflict (project_id, initial_date) do nothing
      returning id`.execute(trx);
    const ids = r.rows.map((x) => x.id);
    opened += ids.length;
    if (ids.length === 0) continue;
    await sql`
      insert into allocation_suggestions (one_page_id, professional_id, practice_id, total_days)
      select o.id, t.professional_id, pr.practice_id, 0
      from one_pages o
      join project_team t on t.project_id = o.project_id
      join professionals pr on pr.id = t.professional_id and pr.is_active
      where o.id = any(${ids}::int[])
      on conflict (one_page_id, professional_id) do nothing`.execute(trx);
    await sql`
      insert into allocation_suggestion_weeks (allocation_suggestion_id, week_offset, total_days)
      select s.id, w.week_offset, 0 from allocation_suggestions s
      cross join (values (1), (2)) as w(week_offset)
      where s.one_page_id = any(${ids}::int[])
      on conflict (allocation_suggestion_id, week_offset) do nothing`.execute(trx);
  }
  return opened;
}
