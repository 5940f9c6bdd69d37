import { sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { DB } from '../../db';
import { prepared } from '../../db/prepared';
import { updateVersioned } from '../../platform/versioned-update';
import { ADMIN_LINKS, type AdminLink } from './admin.repo';

/** One project: its row, links, client, sessions, close-out form, status history and changes, and its status moves. */

/** Whether the project exists (a 404 check of the routes that only name it). */
export const projectExists = async (db: DB, id: number) =>
  !!(await db.selectFrom('projects').select('id').where('id', '=', id).executeTakeFirst());

export const findProject = (db: DB, projectId: number) =>
  db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst();

/** The ids of one kind of the project `p`'s metadata links, ascending, as a column of the detail statement. */
const linkIdsOf = (link: AdminLink) => {
  const { table, column } = ADMIN_LINKS[link];
  const id = sql.ref(`l.${column}`);
  return sql<number[]>`coalesce((select array_agg(${id} order by ${id}) from ${sql.table(table)} as l
    where l.project_id = p.id), '{}')`.as(link);
};

/**
 * Everything GET /api/projects/{id} answers, in one statement (the project page; ~15 statements before): the
 * project row, its client's name, the six metadata link lists, the team with each member's professional record
 * (managers, partners, then by name), the members still owing a setup assessment (not manager or partner, not
 * rated), Learning and Development, the sessions in brief and the close-out form.
 */
export const projectDetailRow = async (db: DB, projectId: number) => (await projectDetail(db, projectId))[0];

const projectDetail = prepared((db: DB, projectId: number) =>
  db
    .selectFrom('projects as p')
    .leftJoin('clients as c', 'c.id', 'p.clientId')
    .selectAll('p')
    .select((eb) => [
      'c.name as clientName',
      linkIdsOf('projectPractices'),
      linkIdsOf('projectMethodologies'),
      linkIdsOf('projectGeographics'),
      linkIdsOf('projectGeographicScopes'),
      linkIdsOf('projectOffices'),
      linkIdsOf('projectCoManagements'),
      jsonArrayFrom(
        eb
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
          .whereRef('t.projectId', '=', 'p.id')
          .orderBy('t.isManager', 'desc')
          .orderBy('t.isPartner', 'desc')
          .orderBy('pr.name'),
      ).as('team'),
      jsonArrayFrom(
        eb
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
          .whereRef('t.projectId', '=', 'p.id')
          .where('t.isManager', '=', false)
          .where('t.isPartner', '=', false)
          .where('a.id', 'is', null)
          .orderBy('pr.name'),
      ).as('unassessed'),
      jsonObjectFrom(
        eb
          .selectFrom('projectTrainingDevelopment as td')
          .select(['td.tdOportunity', 'td.text', 'td.version'])
          .whereRef('td.projectId', '=', 'p.id'),
      ).as('trainingDevelopment'),
      jsonArrayFrom(
        eb
          .selectFrom('projectSessions as s')
          .select(['s.id', 's.isSetup', 's.projectScope', 's.projectOutScope'])
          .whereRef('s.projectId', '=', 'p.id')
          .orderBy('s.id'),
      ).as('sessions'),
      jsonObjectFrom(
        eb.selectFrom('closureInternal as ci').selectAll('ci').whereRef('ci.projectId', '=', 'p.id'),
      ).as('closeOut'),
    ])
    .where('p.id', '=', projectId),
);

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
