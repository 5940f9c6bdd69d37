import type { DB } from '../../db';
import { updateVersioned } from '../../platform/versioned-update';
import { ADMIN_LINKS, type AdminLink } from './admin.repo';

/** One project: its row, links, client, sessions, close-out form, status history and changes, and its status moves. */

/** Whether the project exists (a 404 check of the routes that only name it). */
export const projectExists = async (db: DB, id: number) =>
  !!(await db.selectFrom('projects').select('id').where('id', '=', id).executeTakeFirst());

export const findProject = (db: DB, projectId: number) =>
  db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst();

/** The ids of one kind of the project's metadata links, ascending. */
async function linkIds(db: DB, projectId: number, link: AdminLink): Promise<number[]> {
  const { table, column } = ADMIN_LINKS[link];
  // one query for the six link tables (admin.repo's ADMIN_LINKS): each has its project and one id column
  const rows = await db
    .selectFrom(table as 'projectPractices')
    .select(column as 'practiceId')
    .where('projectId', '=', projectId)
    .orderBy(column as 'practiceId')
    .execute();
  return rows.map((r) => (r as Record<string, number>)[column]!);
}

/** The ids of the project's metadata links (practices, methodologies, geographics, …), each ascending. */
export async function projectLinks(db: DB, projectId: number) {
  const [practices, methodologies, geographics, geographicScopes, offices, coManagements] = await Promise.all(
    (
      [
        'projectPractices',
        'projectMethodologies',
        'projectGeographics',
        'projectGeographicScopes',
        'projectOffices',
        'projectCoManagements',
      ] as const
    ).map((link) => linkIds(db, projectId, link)),
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

/** Moves the project from `from` to `to` (only if it is still at `from`); returns whether it changed. */
export async function updateStatus(db: DB, projectId: number, from: number, to: number) {
  // `idStatus = from`: a concurrent change loses instead of overwriting
  return updateVersioned(
    db,
    'projects',
    { id: projectId, idStatus: from },
    { idStatus: to, closedAt: to === 5 ? new Date() : from === 5 ? null : undefined },
  );
}

export const insertStatusHistory = (
  db: DB,
  projectId: number,
  fromStatus: number,
  toStatus: number,
  changedBy: number,
) => db.insertInto('projectStatusHistory').values({ projectId, fromStatus, toStatus, changedBy }).execute();

/**
 * The project as documents and e-mails head it (002 §2.3 header fields): code, name, dates, client (and its
 * economic group), managers and partners.
 */
export async function projectHeader(db: DB, projectId: number) {
  const project = await db
    .selectFrom('projects')
    .leftJoin('clients', 'clients.id', 'projects.clientId')
    .select([
      'projects.id',
      'projects.code',
      'projects.name',
      'projects.startDate',
      'projects.endDate',
      'clients.name as clientName',
      'clients.economicGroup',
    ])
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
  if (!project) return undefined;
  const team = await db
    .selectFrom('projectTeam')
    .innerJoin('professionals', 'professionals.id', 'projectTeam.professionalId')
    .select(['professionals.name', 'projectTeam.isManager', 'projectTeam.isPartner'])
    .where('projectTeam.projectId', '=', projectId)
    .orderBy('projectTeam.id')
    .execute();
  return withLeads(project, team);
}

/** The project with the names of its managers and of its partners, in the order of `team`. */
export const withLeads = <P extends object>(
  project: P,
  team: readonly { name: string; isManager: boolean; isPartner: boolean }[],
) => ({
  ...project,
  managers: team.filter((t) => t.isManager).map((t) => t.name),
  partners: team.filter((t) => t.isPartner).map((t) => t.name),
});
export type ProjectHeader = NonNullable<Awaited<ReturnType<typeof projectHeader>>>;
