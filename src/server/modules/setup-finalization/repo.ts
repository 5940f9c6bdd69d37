import { sql } from 'kysely';
import type { DB } from '../../db';
import { findRowId, updateVersioned } from '../../platform/versioned-update';

/**
 * The setup_finalizations table (one row per professional of a project) and the computed hasAssessment:
 * whether that professional has a setup assessment with a rating on the project (read, never written).
 */
export async function listFinalizations(db: DB, where: { projectId?: number; id?: number }) {
  let q = db
    .selectFrom('setupFinalizations as f')
    .leftJoin('professionals as p', 'p.id', 'f.professionalId')
    .select((eb) => [
      'f.id',
      'f.projectId',
      'f.professionalId',
      'f.presenceType',
      'f.version',
      'p.name as professionalName',
      eb
        .exists(
          eb
            .selectFrom('setupAssessments as a')
            .select(sql`1`.as('one'))
            .whereRef('a.projectId', '=', 'f.projectId')
            .whereRef('a.professionalId', '=', 'f.professionalId')
            .where('a.rating', 'is not', null),
        )
        .as('hasAssessment'),
    ])
    .orderBy('p.name')
    .orderBy('f.id');
  if (where.projectId !== undefined) q = q.where('f.projectId', '=', where.projectId);
  if (where.id !== undefined) q = q.where('f.id', '=', where.id);
  return q.execute();
}
export type FinalizationRow = Awaited<ReturnType<typeof listFinalizations>>[number];

export const findFinalization = (db: DB, id: number) =>
  db.selectFrom('setupFinalizations').selectAll().where('id', '=', id).executeTakeFirst();

export const projectOfFinalization = async (db: DB, id: number) =>
  (await findFinalization(db, id))?.projectId;

export const findOfProfessional = (db: DB, projectId: number, professionalId: number) =>
  findRowId(db, 'setupFinalizations', { projectId, professionalId });

export interface FinalizationValues {
  professionalId: number;
  presenceType: string | null;
}

/** Inserts a row; undefined when the professional already has one (the unique key decides under concurrency). */
export const insertFinalization = async (db: DB, projectId: number, v: FinalizationValues) =>
  db
    .insertInto('setupFinalizations')
    .values({ projectId, ...v })
    .onConflict((oc) => oc.columns(['projectId', 'professionalId']).doNothing())
    .returning('id')
    .executeTakeFirst();

/** Updates a row and bumps its version; with `expectedVersion` only while the row is at that version. */
export async function updateFinalization(
  db: DB,
  id: number,
  v: FinalizationValues,
  expectedVersion?: number,
) {
  return updateVersioned(db, 'setupFinalizations', { id }, v, expectedVersion);
}

export const deleteFinalization = (db: DB, id: number) =>
  db.deleteFrom('setupFinalizations').where('id', '=', id).execute();

export const professionalName = async (db: DB, id: number) =>
  (await db.selectFrom('professionals').select('name').where('id', '=', id).executeTakeFirst())?.name;
