import type { Expression } from 'kysely';
import type { DB } from '../../db';
import { prepared } from '../../db/prepared';

/** The project's team (members with their professional records, the admin's replacement) and the professionals. */

/** The team with each member's professional record: managers first, then partners, then by name. */
export const teamRows = (db: DB, projectId: number) => teamOf(db, projectId);
const teamOf = prepared((db: DB, projectId: number) => teamQuery(db, projectId));
export type TeamRow = Awaited<ReturnType<typeof teamRows>>[number];

/**
 * The team statement's query (a value or a column of another row, e.g. `eb.ref('o.projectId')`): the one-page read
 * embeds it as JSON, so that the one-page and the team it answers with come in one statement.
 */
export const teamQuery = (db: DB, projectId: number | Expression<number>) =>
  db
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
    .orderBy('pr.name');

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
