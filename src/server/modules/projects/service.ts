import type { ProjectListItem } from '@domain/contract';
import { sql } from 'kysely';
import type { DB } from '../../db';
import { closeOutComplete } from '@domain/rules/closure';
import { httpError } from '../../http';

export type ProjectListRow = ProjectListItem;

/**
 * The project list as JSON text built by the database in one statement (the same rows as
 * {@link listProjects}, ordered by code): about twice as fast at 5,000 projects as three queries and
 * serialising in Node (`npm run bench`), and the server sends the text as it is.
 */
export async function listProjectsJson(db: DB): Promise<string> {
  const { rows } = await sql<{ list: string }>`
    with managers as (
      select distinct on (t.project_id) t.project_id,
        json_build_object('id', pr.id, 'name', pr.name, 'login', pr.login, 'email', pr.email, 'photoGUID', pr.photo_guid) as j
      from project_team t join professionals pr on pr.id = t.professional_id
      where t.is_manager
      order by t.project_id, t.id),
    practices as (
      select project_id, json_agg(json_build_object('idPractice', practice_id) order by practice_id) as j
      from project_practices group by project_id)
    select coalesce(json_agg(json_build_object(
        'id', p.id, 'code', p.code, 'name', p.name, 'idStatus', p.id_status, 'endDate', to_char(p.end_date, 'YYYY-MM-DD'),
        'client', case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end,
        'projectManager', m.j,
        'projectPractices', coalesce(pp.j, '[]'::json)
      ) order by p.code), '[]')::text as list
    from projects p
    left join clients c on c.id = p.client_id
    left join managers m on m.project_id = p.id
    left join practices pp on pp.project_id = p.id`.execute(db);
  return rows[0]?.list ?? '[]';
}

/**
 * The project list of the home screen as rows: the readable reference the route's {@link listProjectsJson}
 * is tested against (tests/server/modules/projects.test.ts, on PGlite and PostgreSQL).
 */
export async function listProjects(db: DB): Promise<ProjectListRow[]> {
  const [projects, managers, practices] = await Promise.all([
    db
      .selectFrom('projects as p')
      .leftJoin('clients as c', 'c.id', 'p.clientId')
      .select(['p.id', 'p.code', 'p.name', 'p.idStatus', 'p.endDate', 'c.id as clientId', 'c.name as clientName'])
      .orderBy('p.code')
      .execute(),
    db
      .selectFrom('projectTeam as t')
      .innerJoin('professionals as pr', 'pr.id', 't.professionalId')
      .select(['t.projectId', 'pr.id', 'pr.name', 'pr.login', 'pr.email', 'pr.photoGuid'])
      .where('t.isManager', '=', true)
      .orderBy('t.id')
      .execute(),
    db.selectFrom('projectPractices').select(['projectId', 'practiceId']).orderBy('projectId').orderBy('practiceId').execute(),
  ]);
  const managerOf = new Map<number, ProjectListRow['projectManager']>();
  for (const m of managers) {
    if (!managerOf.has(m.projectId))
      managerOf.set(m.projectId, { id: m.id, name: m.name, login: m.login, email: m.email, photoGUID: m.photoGuid ?? null });
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

export function toDateString(v: unknown): string | null {
  if (v == null) return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).slice(0, 10);
}
export function toIso(v: unknown): string | null {
  if (v == null) return null;
  if (v instanceof Date) return v.toISOString();
  return new Date(String(v)).toISOString();
}

export async function getTeam(db: DB, projectId: number) {
  const rows = await db
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
  return rows.map((r) => ({
    id: r.id,
    idProfessional: r.professionalId,
    isManager: r.isManager,
    isPartner: r.isPartner,
    isOnePageAllow: r.isOnePageAllow,
    professional: {
      id: r.professionalId,
      name: r.name,
      email: r.email,
      login: r.login,
      photoGUID: r.photoGuid ?? null,
      isActive: r.isActive,
      jobTitle: { name: r.jobTitle ?? '' },
    },
  }));
}

export async function requireProject(db: DB, projectId: number) {
  const p = await db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst();
  if (!p) throw httpError(404, `Project ${projectId} not found`);
  return p;
}

/** The project with every field the spec's screens read (000 §3, 001 §3, 002 §3). */
export async function getProject(db: DB, projectId: number) {
  const p = await requireProject(db, projectId);
  const ids = (table: 'projectPractices' | 'projectMethodologies' | 'projectGeographics' | 'projectGeographicScopes' | 'projectOffices' | 'projectCoManagements', col: string) =>
    db
      .selectFrom(table)
      .select(col as any)
      .where('projectId', '=', projectId)
      .orderBy(col as any)
      .execute() as Promise<Record<string, number>[]>;
  const [client, team, practices, methodologies, geographics, geoScopes, offices, coMgts, td, sessions, missing] = await Promise.all([
    p.clientId != null
      ? db.selectFrom('clients').select(['id', 'name']).where('id', '=', p.clientId).executeTakeFirst()
      : Promise.resolve(undefined),
    getTeam(db, projectId),
    ids('projectPractices', 'practiceId'),
    ids('projectMethodologies', 'methodologyId'),
    ids('projectGeographics', 'geographicId'),
    ids('projectGeographicScopes', 'geographicScopeId'),
    ids('projectOffices', 'officeId'),
    ids('projectCoManagements', 'comanagementId'),
    db.selectFrom('projectTrainingDevelopment').selectAll().where('projectId', '=', projectId).executeTakeFirst(),
    db
      .selectFrom('projectSessions')
      .select(['id', 'isSetup', 'projectScope', 'projectOutScope'])
      .where('projectId', '=', projectId)
      .orderBy('id')
      .execute(),
    missingAssessmentNames(db, projectId),
  ]);
  const closeOut = await db.selectFrom('closureInternal').selectAll().where('projectId', '=', projectId).executeTakeFirst();
  const manager = team.find((t) => t.isManager);
  const partner = team.find((t) => t.isPartner);
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    idStatus: p.idStatus,
    idClient: p.clientId,
    client: client ? { id: client.id, name: client.name } : null,
    idDuringType: p.idDuringType,
    endDate: toDateString(p.endDate),
    startDate: toDateString(p.startDate),
    createdAt: toIso(p.createdAt),
    updatedAt: toIso(p.updatedAt),
    closedAt: toIso(p.closedAt),
    whatSalesContext: p.whatSalesContext,
    whyClientNeedHelp: p.whyClientNeedHelp,
    proposalFilename: p.proposalFilename,
    idSupportComanagement: p.idSupportComanagement,
    priority: p.priority,
    internal: p.internal,
    pdcPriority: p.pdcPriority,
    idAllocationStatus: p.idAllocationStatus,
    sendNotification: p.sendNotification,
    version: p.version,
    projectManager: manager ? { ...manager.professional, idProfessional: manager.idProfessional } : null,
    projectPartner: partner ? { ...partner.professional, idProfessional: partner.idProfessional } : null,
    projectTeam: team,
    projectPractices: practices.map((r) => ({ idPractice: r.practiceId })),
    projectMethodologies: methodologies.map((r) => ({ idMethodology: r.methodologyId })),
    projectGeographics: geographics.map((r) => ({ idGeographic: r.geographicId })),
    projectGeographicScopes: geoScopes.map((r) => ({ idGeographicScope: r.geographicScopeId })),
    projectOffices: offices.map((r) => ({ idOffice: r.officeId })),
    projectCoManagements: coMgts.map((r) => ({ idCoManagement: r.comanagementId })),
    projectTrainingDevelopment: { tdOportunity: td?.tdOportunity ?? null, text: td?.text ?? null },
    projectSession: sessions,
    missingAssessmentNames: missing.join(', '),
    closeOutComplete: closeOutComplete(closeOut ?? null),
  };
}

/**
 * Team members who must fill the setup assessment (not manager, not partner; spec 000 §4.2: Interns,
 * Analysts, Consultants and Specialists) and have not.
 */
export async function missingAssessmentNames(db: DB, projectId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('projectTeam as t')
    .innerJoin('professionals as pr', 'pr.id', 't.professionalId')
    .leftJoin('setupAssessments as a', (j) => j.onRef('a.projectId', '=', 't.projectId').onRef('a.professionalId', '=', 't.professionalId'))
    .select(['pr.name', 'pr.jobTitle'])
    .where('t.projectId', '=', projectId)
    .where('t.isManager', '=', false)
    .where('t.isPartner', '=', false)
    .where('a.id', 'is', null)
    .orderBy('pr.name')
    .execute();
  return rows.filter((r) => mustAssess(r.jobTitle)).map((r) => r.name);
}

const ASSESSED_TITLES = ['intern', 'analyst', 'consultant', 'specialist'];
export const mustAssess = (jobTitle: string | null) =>
  !!jobTitle && ASSESSED_TITLES.some((t) => jobTitle.toLowerCase().includes(t));
