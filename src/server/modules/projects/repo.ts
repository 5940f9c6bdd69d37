import { sql } from 'kysely';
import type { ProjectListItem } from '@domain/contract';
import type { DB } from '../../db';
import { toDateString } from '../../platform/dates';

/* ---------------------------------------------------------------------------------------------
 * The project list
 * ------------------------------------------------------------------------------------------- */

/**
 * The change counter of the project list (`list_versions('projects')`, moved by statement triggers on
 * projects, project_team, project_practices, clients and professionals — migration 0002), as text.
 */
export async function projectsListVersion(db: DB): Promise<string> {
  const row = await db
    .selectFrom('listVersions')
    .select(sql<string>`version::text`.as('version'))
    .where('name', '=', 'projects')
    .executeTakeFirst();
  return row?.version ?? '0';
}

/**
 * The project list as JSON text built by the database in one statement (the same rows as
 * {@link listProjects}, ordered by code), together with the list version — one statement, so both
 * come from the same snapshot: the text is exactly the list of that version. About twice as fast at
 * 5,000 projects as three queries and serialising in Node; the server sends the text as it is.
 */
export async function projectsListJson(db: DB): Promise<{ version: string; json: string }> {
  const { rows } = await sql<{ version: string | null; list: string }>`
    with managers as (
      select distinct on (t.project_id) t.project_id,
        json_build_object('id', pr.id, 'name', pr.name, 'login', pr.login, 'email', pr.email, 'photoGUID', pr.photo_guid) as j
      from project_team t join professionals pr on pr.id = t.professional_id
      where t.is_manager
      order by t.project_id, t.id),
    practices as (
      select project_id, json_agg(json_build_object('idPractice', practice_id) order by practice_id) as j
      from project_practices group by project_id)
    select
      (select lv.version::text from list_versions lv where lv.name = 'projects') as version,
      coalesce(json_agg(json_build_object(
        'id', p.id, 'code', p.code, 'name', p.name, 'idStatus', p.id_status, 'endDate', to_char(p.end_date, 'YYYY-MM-DD'),
        'client', case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end,
        'projectManager', m.j,
        'projectPractices', coalesce(pp.j, '[]'::json)
      ) order by p.code), '[]')::text as list
    from projects p
    left join clients c on c.id = p.client_id
    left join managers m on m.project_id = p.id
    left join practices pp on pp.project_id = p.id`.execute(db);
  return { version: rows[0]?.version ?? '0', json: rows[0]?.list ?? '[]' };
}

/**
 * The project list of the home screen as rows: the readable reference the route's {@link projectsListJson}
 * is tested against (tests/server/modules/projects.test.ts, on PGlite and PostgreSQL).
 */
export async function listProjects(db: DB): Promise<ProjectListItem[]> {
  const [projects, managers, practices] = await Promise.all([
    db
      .selectFrom('projects as p')
      .leftJoin('clients as c', 'c.id', 'p.clientId')
      .select([
        'p.id',
        'p.code',
        'p.name',
        'p.idStatus',
        'p.endDate',
        'c.id as clientId',
        'c.name as clientName',
      ])
      .orderBy('p.code')
      .execute(),
    db
      .selectFrom('projectTeam as t')
      .innerJoin('professionals as pr', 'pr.id', 't.professionalId')
      .select(['t.projectId', 'pr.id', 'pr.name', 'pr.login', 'pr.email', 'pr.photoGuid'])
      .where('t.isManager', '=', true)
      .orderBy('t.id')
      .execute(),
    db
      .selectFrom('projectPractices')
      .select(['projectId', 'practiceId'])
      .orderBy('projectId')
      .orderBy('practiceId')
      .execute(),
  ]);
  const managerOf = new Map<number, ProjectListItem['projectManager']>();
  for (const m of managers) {
    if (!managerOf.has(m.projectId))
      managerOf.set(m.projectId, {
        id: m.id,
        name: m.name,
        login: m.login,
        email: m.email,
        photoGUID: m.photoGuid ?? null,
      });
  }
  const practicesOf = new Map<number, { idPractice: number }[]>();
  for (const p of practices) {
    const list = practicesOf.get(p.projectId) ?? [];
    list.push({ idPractice: p.practiceId });
    practicesOf.set(p.projectId, list);
  }
  return projects.map((p) => ({
    id: p.id,
    code: p.code,
    name: p.name,
    idStatus: p.idStatus,
    endDate: toDateString(p.endDate),
    client: p.clientId != null ? { id: p.clientId, name: p.clientName ?? '' } : null,
    projectManager: managerOf.get(p.id) ?? null,
    projectPractices: practicesOf.get(p.id) ?? [],
  }));
}

/* ---------------------------------------------------------------------------------------------
 * One project
 * ------------------------------------------------------------------------------------------- */

export const findProject = (db: DB, projectId: number) =>
  db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst();

/** The team with each member's professional record: managers first, then partners, then by name. */
export function teamRows(db: DB, projectId: number) {
  return db
    .selectFrom('projectTeam as t')
    .innerJoin('professionals as pr', 'pr.id', 't.professionalId')
    .select([
      't.id',
      't.professionalId',
      't.isManager',
      't.isPartner',
      't.isOnePageAllow',
      'pr.name',
      'pr.email',
      'pr.login',
      'pr.photoGuid',
      'pr.isActive',
      'pr.jobTitle',
    ])
    .where('t.projectId', '=', projectId)
    .orderBy('t.isManager', 'desc')
    .orderBy('t.isPartner', 'desc')
    .orderBy('pr.name')
    .execute();
}

/** The ids of the project's metadata links (practices, methodologies, geographics, …), ascending. */
export async function projectLinks(db: DB, projectId: number) {
  const [practices, methodologies, geographics, geographicScopes, offices, coManagements] = await Promise.all(
    [
      db
        .selectFrom('projectPractices')
        .select('practiceId')
        .where('projectId', '=', projectId)
        .orderBy('practiceId')
        .execute(),
      db
        .selectFrom('projectMethodologies')
        .select('methodologyId')
        .where('projectId', '=', projectId)
        .orderBy('methodologyId')
        .execute(),
      db
        .selectFrom('projectGeographics')
        .select('geographicId')
        .where('projectId', '=', projectId)
        .orderBy('geographicId')
        .execute(),
      db
        .selectFrom('projectGeographicScopes')
        .select('geographicScopeId')
        .where('projectId', '=', projectId)
        .orderBy('geographicScopeId')
        .execute(),
      db
        .selectFrom('projectOffices')
        .select('officeId')
        .where('projectId', '=', projectId)
        .orderBy('officeId')
        .execute(),
      db
        .selectFrom('projectCoManagements')
        .select('comanagementId')
        .where('projectId', '=', projectId)
        .orderBy('comanagementId')
        .execute(),
    ],
  );
  return { practices, methodologies, geographics, geographicScopes, offices, coManagements };
}

export const findClient = (db: DB, clientId: number) =>
  db.selectFrom('clients').select(['id', 'name']).where('id', '=', clientId).executeTakeFirst();

export const projectSessionsBrief = (db: DB, projectId: number) =>
  db
    .selectFrom('projectSessions')
    .select(['id', 'isSetup', 'projectScope', 'projectOutScope'])
    .where('projectId', '=', projectId)
    .orderBy('id')
    .execute();

export const findCloseOutForm = (db: DB, projectId: number) =>
  db.selectFrom('closureInternal').selectAll().where('projectId', '=', projectId).executeTakeFirst();

/** Team members other than manager and partner who have no setup assessment (with their job title). */
export function membersWithoutAssessment(db: DB, projectId: number) {
  return db
    .selectFrom('projectTeam as t')
    .innerJoin('professionals as pr', 'pr.id', 't.professionalId')
    .leftJoin('setupAssessments as a', (j) =>
      j
        .onRef('a.projectId', '=', 't.projectId')
        .onRef('a.professionalId', '=', 't.professionalId')
        // done = rated (the same mark as Setup Finalization's hasAssessment)
        .on('a.rating', 'is not', null),
    )
    .select(['pr.name', 'pr.jobTitle'])
    .where('t.projectId', '=', projectId)
    .where('t.isManager', '=', false)
    .where('t.isPartner', '=', false)
    .where('a.id', 'is', null)
    .orderBy('pr.name')
    .execute();
}

export function statusHistory(db: DB, projectId: number) {
  return db
    .selectFrom('projectStatusHistory as h')
    .leftJoin('professionals as p', 'p.id', 'h.changedBy')
    .select(['h.id', 'h.fromStatus', 'h.toStatus', 'h.changedAt', 'p.name'])
    .where('h.projectId', '=', projectId)
    .orderBy('h.changedAt', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
}

/** The project's history of setup changes, newest first (index project_changes_project_idx). */
export function projectChanges(db: DB, projectId: number, page: { take: number; skip: number }) {
  return db
    .selectFrom('projectChanges as c')
    .leftJoin('professionals as p', 'p.id', 'c.changedBy')
    .select(['c.id', 'c.changedAt', 'c.area', 'c.action', 'c.subject', 'p.name'])
    .where('c.projectId', '=', projectId)
    .orderBy('c.changedAt', 'desc')
    .orderBy('c.id', 'desc')
    .limit(page.take)
    .offset(page.skip)
    .execute();
}

/* ---------------------------------------------------------------------------------------------
 * Status lifecycle
 * ------------------------------------------------------------------------------------------- */

/** Moves the project from `from` to `to` (only if it is still at `from`); returns whether it changed. */
export async function updateStatus(db: DB, projectId: number, from: number, to: number) {
  const updated = await db
    .updateTable('projects')
    .set((eb) => ({
      idStatus: to,
      closedAt: to === 5 ? new Date() : from === 5 ? null : undefined,
      updatedAt: new Date(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', projectId)
    .where('idStatus', '=', from) // a concurrent change loses instead of overwriting
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export const insertStatusHistory = (
  db: DB,
  projectId: number,
  fromStatus: number,
  toStatus: number,
  changedBy: number,
) => db.insertInto('projectStatusHistory').values({ projectId, fromStatus, toStatus, changedBy }).execute();

/** The records the Project Week Overview KPIs are computed from, for the week [monday, sunday]. */
export async function kpiRecords(db: DB, projectId: number, monday: string, sunday: string) {
  const mondayStart = new Date(`${monday}T00:00:00Z`);
  const [onePage, weekly, dna, tech, evals] = await Promise.all([
    db
      .selectFrom('onePages')
      .select('submittedAt')
      .where('projectId', '=', projectId)
      .where('initialDate', '>=', monday)
      .orderBy('initialDate', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('weeklyStatuses')
      .select('id')
      .where('projectId', '=', projectId)
      .where('isSubmitted', '=', true)
      .where('submittedAt', '>=', mondayStart)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('projectProfessionalDnas')
      .select('id')
      .where('projectId', '=', projectId)
      .where('sessionType', '=', 2)
      .where('sessionDate', '>=', monday)
      .where('sessionDate', '<=', sunday)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('projectSessions')
      .select('id')
      .where('projectId', '=', projectId)
      .where('isSetup', '=', false)
      .where('createdAt', '>=', mondayStart)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('projectEvaluations as e')
      .innerJoin('evaluationCycles as c', 'c.id', 'e.cycleId')
      .select(['e.evaluationStatus'])
      .where('e.projectId', '=', projectId)
      .where('c.isActive', '=', true)
      .execute(),
  ]);
  return { onePage, weekly, dna, tech, evals };
}

/* ---------------------------------------------------------------------------------------------
 * Learning and Development (project_training_development, versioned)
 * ------------------------------------------------------------------------------------------- */

export const findTrainingDevelopment = (db: DB, projectId: number) =>
  db
    .selectFrom('projectTrainingDevelopment')
    .select(['tdOportunity', 'text', 'version'])
    .where('projectId', '=', projectId)
    .executeTakeFirst();

type TdValues = { tdOportunity?: boolean | null; text?: string | null };

/**
 * Writes one field. A project without a record counts as version 1 with empty fields, so the insert
 * creates version 2. With `onlyVersion` the write happens only while the record is at that version
 * (a missing record is version 1). Returns the record written, or undefined when it was stale.
 */
export async function writeTrainingDevelopment(
  db: DB,
  projectId: number,
  values: TdValues,
  onlyVersion?: number,
) {
  const now = new Date();
  if (onlyVersion !== undefined && onlyVersion !== 1) {
    return db
      .updateTable('projectTrainingDevelopment')
      .set((eb) => ({ ...values, updatedAt: now, version: eb('version', '+', 1) }))
      .where('projectId', '=', projectId)
      .where('version', '=', onlyVersion)
      .returning(['tdOportunity', 'text', 'version'])
      .executeTakeFirst();
  }
  return db
    .insertInto('projectTrainingDevelopment')
    .values({ projectId, ...values, updatedAt: now, version: 2 })
    .onConflict((oc) => {
      const update = oc.column('projectId').doUpdateSet((eb) => ({
        ...values,
        updatedAt: now,
        version: eb('projectTrainingDevelopment.version', '+', 1),
      }));
      return onlyVersion === undefined
        ? update
        : update.where('projectTrainingDevelopment.version', '=', onlyVersion);
    })
    .returning(['tdOportunity', 'text', 'version'])
    .executeTakeFirst();
}

/* ---------------------------------------------------------------------------------------------
 * Professionals
 * ------------------------------------------------------------------------------------------- */

export const findProfessional = (db: DB, id: number) =>
  db
    .selectFrom('professionals')
    .select(['id', 'name', 'email', 'login', 'photoGuid', 'isActive', 'jobTitle', 'practiceId'])
    .where('id', '=', id)
    .executeTakeFirst();

export const listProfessionals = (db: DB) =>
  db
    .selectFrom('professionals')
    .select(['id', 'name', 'email', 'login', 'photoGuid', 'isActive', 'jobTitle'])
    .orderBy('name')
    .execute();

/* ---------------------------------------------------------------------------------------------
 * Project administration (issue 14, spec 002 §2.8): create and edit every field
 * ------------------------------------------------------------------------------------------- */

/** The link tables of the project record: body key → table, its id column, the item's key and master table. */
export const ADMIN_LINKS = {
  projectGeographics: {
    table: 'projectGeographics',
    column: 'geographicId',
    key: 'idGeographic',
    master: 'geographics',
  },
  projectGeographicScopes: {
    table: 'projectGeographicScopes',
    column: 'geographicScopeId',
    key: 'idGeographicScope',
    master: 'geographicScopes',
  },
  projectOffices: { table: 'projectOffices', column: 'officeId', key: 'idOffice', master: 'offices' },
  projectCoManagements: {
    table: 'projectCoManagements',
    column: 'comanagementId',
    key: 'idCoManagement',
    master: 'comanagements',
  },
  projectPractices: {
    table: 'projectPractices',
    column: 'practiceId',
    key: 'idPractice',
    master: 'practices',
  },
  projectMethodologies: {
    table: 'projectMethodologies',
    column: 'methodologyId',
    key: 'idMethodology',
    master: 'methodologies',
  },
} as const;
export type AdminLink = keyof typeof ADMIN_LINKS;

/** Master tables an administration write names ids of. */
export type AdminMaster =
  (typeof ADMIN_LINKS)[AdminLink]['master'] | 'clients' | 'toolkits' | 'professionals' | 'duringTypes';

/** The ids of `ids` that are not in the master table. */
export async function missingIds(db: DB, master: AdminMaster, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom(master as 'clients')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  const present = new Set(found.map((r) => r.id));
  return ids.filter((id) => !present.has(id));
}

/** Another project with this code (case ignored), if any. */
export const projectWithCode = (db: DB, code: string, exceptId?: number) => {
  let q = db
    .selectFrom('projects')
    .select(['id', 'code'])
    .where(sql<boolean>`lower(code) = lower(${code})`);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
};

/** Professionals of `ids` who are inactive (with their names). */
export const inactiveProfessionals = (db: DB, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('professionals')
        .select(['id', 'name'])
        .where('id', 'in', [...ids])
        .where('isActive', '=', false)
        .execute();

export type AdminColumns = Partial<{
  code: string;
  name: string;
  clientId: number;
  idSupportComanagement: number | null;
  idDuringType: number | null;
  sendNotification: boolean;
  priority: boolean;
  internal: boolean;
  pdcPriority: boolean;
}>;

/** Writes columns and moves the version (only at `expected` when given); false when stale. */
export async function updateAdminColumns(
  db: DB,
  projectId: number,
  columns: AdminColumns,
  expected?: number,
) {
  let q = db
    .updateTable('projects')
    .set((eb) => ({ ...columns, updatedAt: new Date(), version: eb('version', '+', 1) }))
    .where('id', '=', projectId);
  if (expected !== undefined) q = q.where('version', '=', expected);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const insertProject = (
  db: DB,
  values: AdminColumns & { code: string; name: string; idStatus: number },
) =>
  db
    .insertInto('projects')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);

/** Replaces the project's set of one link kind with `ids`. */
export async function replaceLinks(db: DB, projectId: number, link: AdminLink, ids: readonly number[]) {
  const { table, column } = ADMIN_LINKS[link];
  await db
    .deleteFrom(table as 'projectPractices')
    .where('projectId', '=', projectId)
    .execute();
  if (ids.length > 0)
    await db
      .insertInto(table as 'projectPractices')
      .values(ids.map((id) => ({ projectId, [column]: id }) as never))
      .execute();
}

/**
 * Replaces the team: rows of professionals who stay keep their id and One-Page access (roles updated), rows of
 * those who leave are removed, newcomers are added.
 */
export async function replaceTeam(
  db: DB,
  projectId: number,
  team: readonly { idProfessional: number; isManager: boolean; isPartner: boolean }[],
) {
  const current = await db
    .selectFrom('projectTeam')
    .select(['id', 'professionalId'])
    .where('projectId', '=', projectId)
    .execute();
  const keep = new Set(team.map((t) => t.idProfessional));
  const gone = current.filter((r) => !keep.has(r.professionalId)).map((r) => r.id);
  if (gone.length > 0) await db.deleteFrom('projectTeam').where('id', 'in', gone).execute();
  const rowOf = new Map(current.map((r) => [r.professionalId, r.id]));
  for (const t of team) {
    const id = rowOf.get(t.idProfessional);
    if (id !== undefined)
      await db
        .updateTable('projectTeam')
        .set({ isManager: t.isManager, isPartner: t.isPartner })
        .where('id', '=', id)
        .execute();
  }
  const added = team.filter((t) => !rowOf.has(t.idProfessional));
  if (added.length > 0)
    await db
      .insertInto('projectTeam')
      .values(
        added.map((t) => ({
          projectId,
          professionalId: t.idProfessional,
          isManager: t.isManager,
          isPartner: t.isPartner,
        })),
      )
      .execute();
}

export const projectToolkitRows = (db: DB, projectId: number) =>
  db
    .selectFrom('projectToolkits as pt')
    .innerJoin('toolkits as t', 't.id', 'pt.toolkitId')
    .select(['pt.id', 'pt.toolkitId', 'pt.idStatus', 't.name'])
    .where('pt.projectId', '=', projectId)
    .execute();

/** Adds toolkits (in Draft) and removes rows by id. */
export async function changeToolkits(
  db: DB,
  projectId: number,
  add: readonly number[],
  removeRows: readonly number[],
) {
  if (removeRows.length > 0)
    await db
      .deleteFrom('projectToolkits')
      .where('id', 'in', [...removeRows])
      .execute();
  if (add.length > 0)
    await db
      .insertInto('projectToolkits')
      .values(add.map((toolkitId) => ({ projectId, toolkitId, idStatus: 0 })))
      .execute();
}

/** Each project's first geographic scope (the admin list's SCOPE column). */
export const projectScopes = (db: DB) =>
  db
    .selectFrom('projectGeographicScopes')
    .select(['projectId', (eb) => eb.fn.min('geographicScopeId').as('idGeographicScope')])
    .groupBy('projectId')
    .orderBy('projectId')
    .execute();

export const insertFirstStatus = (db: DB, projectId: number, toStatus: number, changedBy: number) =>
  db
    .insertInto('projectStatusHistory')
    .values({ projectId, fromStatus: null, toStatus, changedBy })
    .execute();
