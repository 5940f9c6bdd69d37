import { sql } from 'kysely';
import type { DB } from '../../db';
import { updateVersioned } from '../../platform/versioned-update';

/**
 * Professional DNA tables (spec 001 §3, §7): `project_professional_dnas` are the DNA sessions of a project
 * (session type 1 = its setup DNA, 2 = During sessions); `professional_dnas` are the rows — setup goals and
 * needs (type 1) or a During entry (type 2). Every query takes the session type, so both kinds share them.
 */
export type SessionType = 1 | 2;

const toIso = (v: Date | string) => (v instanceof Date ? v.toISOString() : String(v));

export async function listSessions(db: DB, projectId: number, sessionType: SessionType) {
  const rows = await db
    .selectFrom('projectProfessionalDnas')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('sessionType', '=', sessionType)
    .orderBy('sessionDate', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    idProject: r.projectId,
    sessionType: r.sessionType,
    sessionDate: r.sessionDate,
    sessionNextDate: r.sessionNextDate,
    createdAt: toIso(r.createdAt),
    version: r.version,
  }));
}

/**
 * Serialises the writes of one project's DNA rows of one type (the transaction's lock): the "one row per
 * professional" check and the creation of the setup session cannot race.
 */
export const lockProjectDna = (trx: DB, projectId: number, sessionType: SessionType) =>
  sql`select pg_advisory_xact_lock(hashtext(${`professional_dnas:${sessionType}`}), ${projectId})`.execute(
    trx,
  );

/** The project's setup DNA session (type 1; the oldest if several), created when missing. Call under the lock. */
export async function ensureSetupSession(trx: DB, projectId: number): Promise<number> {
  const found = await trx
    .selectFrom('projectProfessionalDnas')
    .select('id')
    .where('projectId', '=', projectId)
    .where('sessionType', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  if (found) return found.id;
  const created = await trx
    .insertInto('projectProfessionalDnas')
    .values({ projectId, sessionType: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/** DNA rows with their professional's name, by project and type (and optionally one id). */
export async function listDnas(
  db: DB,
  where: { projectId?: number; sessionType: SessionType; id?: number; parentId?: number },
) {
  let q = db
    .selectFrom('professionalDnas as d')
    .leftJoin('professionals as p', 'p.id', 'd.professionalId')
    .select([
      'd.id',
      'd.projectId',
      'd.projectProfessionalDnaId',
      'd.professionalId',
      'd.goalsForProject',
      'd.individualNeeds',
      'd.dnaMetExpectation',
      'd.version',
      'p.name as professionalName',
    ])
    .where('d.sessionType', '=', where.sessionType)
    .orderBy('p.name')
    .orderBy('d.id');
  if (where.projectId !== undefined) q = q.where('d.projectId', '=', where.projectId);
  if (where.id !== undefined) q = q.where('d.id', '=', where.id);
  if (where.parentId !== undefined) q = q.where('d.projectProfessionalDnaId', '=', where.parentId);
  return q.execute();
}
export type DnaRow = Awaited<ReturnType<typeof listDnas>>[number];

export const findDna = (db: DB, id: number) =>
  db.selectFrom('professionalDnas').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * The project of row `id` of a DNA table — a DNA row or a DNA session — when it is of that type (undefined when
 * there is none: the route answers 404).
 */
const projectOfTyped = async (
  db: DB,
  table: 'professionalDnas' | 'projectProfessionalDnas',
  id: number,
  sessionType: SessionType,
) =>
  (
    await db
      .selectFrom(table)
      .select('projectId')
      .where('id', '=', id)
      .where('sessionType', '=', sessionType)
      .executeTakeFirst()
  )?.projectId;

/** The project of a DNA row of that type. */
export const projectOfDna = (db: DB, id: number, sessionType: SessionType) =>
  projectOfTyped(db, 'professionalDnas', id, sessionType);

/** Another row of this professional in the project's DNA of that type (the one-row-per-professional check). */
export const findDnaOfProfessional = (
  db: DB,
  projectId: number,
  sessionType: SessionType,
  professionalId: number,
  parentId?: number,
) => {
  let q = db
    .selectFrom('professionalDnas')
    .select('id')
    .where('projectId', '=', projectId)
    .where('sessionType', '=', sessionType)
    .where('professionalId', '=', professionalId);
  if (parentId !== undefined) q = q.where('projectProfessionalDnaId', '=', parentId);
  return q.executeTakeFirst();
};

export interface DnaValues {
  professionalId: number;
  goalsForProject?: string | null;
  individualNeeds?: string | null;
  dnaMetExpectation?: number | null;
}

export const insertDna = (
  db: DB,
  row: DnaValues & { projectId: number; sessionType: SessionType; projectProfessionalDnaId: number },
) => db.insertInto('professionalDnas').values(row).returning('id').executeTakeFirstOrThrow();

/** Updates a row and bumps its version; with `expectedVersion` only while the row is at that version. */
export async function updateDna(db: DB, id: number, values: DnaValues, expectedVersion?: number) {
  return updateVersioned(db, 'professionalDnas', { id }, values, expectedVersion);
}

export const deleteDna = (db: DB, id: number) =>
  db.deleteFrom('professionalDnas').where('id', '=', id).execute();

export const professionalName = async (db: DB, id: number) =>
  (await db.selectFrom('professionals').select('name').where('id', '=', id).executeTakeFirst())?.name;

/* --- Professional DNA — During: DNA sessions of type 2 and their entries ----------------------- */

/** A DNA session as answered (001 §3): its dates and version. */
export async function findSession(db: DB, id: number) {
  const r = await db
    .selectFrom('projectProfessionalDnas')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return r && { ...r, createdAt: toIso(r.createdAt) };
}
export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

/** The project of a DNA session of that type. */
export const projectOfSession = (db: DB, id: number, sessionType: SessionType) =>
  projectOfTyped(db, 'projectProfessionalDnas', id, sessionType);

export const insertSession = (
  db: DB,
  row: { projectId: number; sessionType: SessionType; sessionDate: string; sessionNextDate: string | null },
) => db.insertInto('projectProfessionalDnas').values(row).returning('id').executeTakeFirstOrThrow();

/** Updates a session's dates and bumps its version; with `expectedVersion` only while at that version. */
export async function updateSession(
  db: DB,
  id: number,
  values: { sessionDate: string | null; sessionNextDate: string | null },
  expectedVersion?: number,
) {
  return updateVersioned(db, 'projectProfessionalDnas', { id }, values, expectedVersion);
}

/** Deletes a session (its entries go with it: `on delete cascade`); false when stale or gone. */
export async function deleteSession(db: DB, id: number, expectedVersion?: number) {
  let q = db.deleteFrom('projectProfessionalDnas').where('id', '=', id);
  if (expectedVersion !== undefined) q = q.where('version', '=', expectedVersion);
  return Number((await q.executeTakeFirst()).numDeletedRows) === 1;
}

export const countEntries = async (db: DB, sessionId: number) =>
  Number(
    (
      await db
        .selectFrom('professionalDnas')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('projectProfessionalDnaId', '=', sessionId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Deletes a DNA row; with `expectedVersion` only while at that version (false when stale or gone). */
export async function deleteDnaAt(db: DB, id: number, expectedVersion?: number) {
  let q = db.deleteFrom('professionalDnas').where('id', '=', id);
  if (expectedVersion !== undefined) q = q.where('version', '=', expectedVersion);
  return Number((await q.executeTakeFirst()).numDeletedRows) === 1;
}
