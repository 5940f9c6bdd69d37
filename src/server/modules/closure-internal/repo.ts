import type { Updateable } from 'kysely';
import type { DB } from '../../db';
import type { Database } from '../../db/schema';

/** Closure Internal (spec 002 §2.6, §3): the project's `closure_internal` row and what its files and lookups need. */

export const findClosure = (db: DB, projectId: number, forUpdate = false) => {
  let q = db.selectFrom('closureInternal').selectAll().where('projectId', '=', projectId);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
};
export type ClosureRow = NonNullable<Awaited<ReturnType<typeof findClosure>>>;

/** The project's record, created with its defaults (everything empty, Not started) when it has none yet. */
export async function ensureClosure(db: DB, projectId: number, forUpdate = false): Promise<ClosureRow> {
  const found = await findClosure(db, projectId, forUpdate);
  if (found) return found;
  await db
    .insertInto('closureInternal')
    .values({ projectId })
    .onConflict((oc) => oc.column('projectId').doNothing())
    .execute();
  return (await findClosure(db, projectId, forUpdate))!;
}

export type ClosureValues = Omit<
  Updateable<Database['closureInternal']>,
  'projectId' | 'version' | 'updatedAt'
>;

/** Updates the record (bumping its version); with `expectedVersion`, only when still at it. Whether it changed. */
export async function updateClosure(
  db: DB,
  projectId: number,
  values: ClosureValues,
  expectedVersion?: number,
) {
  let q = db
    .updateTable('closureInternal')
    .set((eb) => ({ ...values, updatedAt: new Date(), version: eb('version', '+', 1) }))
    .where('projectId', '=', projectId);
  if (expectedVersion !== undefined) q = q.where('version', '=', expectedVersion);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

/** The methodologies with these ids (to refuse unknown, excluded and "No Methodology" choices). */
export const methodologies = (db: DB, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('methodologies').select(['id', 'name']).where('id', 'in', ids).execute();

/** The project with what the generated templates print (002 §2.3 header fields, the team's managers and partners). */
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
  return {
    ...project,
    managers: team.filter((t) => t.isManager).map((t) => t.name),
    partners: team.filter((t) => t.isPartner).map((t) => t.name),
  };
}
export type ProjectHeader = NonNullable<Awaited<ReturnType<typeof projectHeader>>>;

/** The project's portal stakeholders (002 §3 portal stakeholder contact), to prefill the CRM template. */
export const portalStakeholders = (db: DB, projectId: number) =>
  db
    .selectFrom('sessionStakeholders')
    .select(['id', 'name', 'position', 'language'])
    .where('projectId', '=', projectId)
    .orderBy('name')
    .orderBy('id')
    .execute();

/** A stored_files row for bytes already in the file store. */
export const insertStoredFile = (
  db: DB,
  file: { key: string; fileName: string; contentType: string; size: number; createdBy: number | null },
) => db.insertInto('storedFiles').values(file).execute();

export const findStoredFile = (db: DB, key: string) =>
  db.selectFrom('storedFiles').selectAll().where('key', '=', key).executeTakeFirst();

/** Forgets a replaced file's row (the record no longer names it); its bytes are deleted after the commit. */
export const deleteStoredFile = (db: DB, key: string) =>
  db.deleteFrom('storedFiles').where('key', '=', key).execute();
