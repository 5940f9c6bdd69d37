import type { DB } from '../../db';

/** The setup_assessments table: one row per (project, professional), the person's own assessment. */
const COLUMNS = [
  'projectId',
  'professionalId',
  'rating',
  'ratingDescription',
  'watchedToolkit',
  'doYouFeelComfortable',
  'howCouldBeenDoneBetter',
  'version',
] as const;

export const findOwn = (db: DB, projectId: number, professionalId: number) =>
  db
    .selectFrom('setupAssessments')
    .select(COLUMNS)
    .where('projectId', '=', projectId)
    .where('professionalId', '=', professionalId)
    .executeTakeFirst();

export interface AssessmentValues {
  rating?: number | null;
  ratingDescription?: string | null;
  watchedToolkit?: number | null;
  doYouFeelComfortable?: number | null;
  howCouldBeenDoneBetter?: string | null;
}

/**
 * Writes fields of the person's own assessment. A missing row counts as version 1 with empty fields, so the
 * first write inserts version 2. With `onlyVersion` the write happens only while the row is at that version
 * (a missing row is version 1). Returns the row written, or undefined when it was stale.
 */
export async function writeOwn(
  db: DB,
  projectId: number,
  professionalId: number,
  values: AssessmentValues,
  onlyVersion?: number,
) {
  const now = new Date();
  if (onlyVersion !== undefined && onlyVersion !== 1) {
    return db
      .updateTable('setupAssessments')
      .set((eb) => ({ ...values, updatedBy: professionalId, updatedAt: now, version: eb('version', '+', 1) }))
      .where('projectId', '=', projectId)
      .where('professionalId', '=', professionalId)
      .where('version', '=', onlyVersion)
      .returning(COLUMNS)
      .executeTakeFirst();
  }
  return db
    .insertInto('setupAssessments')
    .values({
      projectId,
      professionalId,
      ...values,
      createdBy: professionalId,
      updatedBy: professionalId,
      updatedAt: now,
      version: 2,
    })
    .onConflict((oc) => {
      const update = oc.columns(['projectId', 'professionalId']).doUpdateSet((eb) => ({
        ...values,
        updatedBy: professionalId,
        updatedAt: now,
        version: eb('setupAssessments.version', '+', 1),
      }));
      return onlyVersion === undefined ? update : update.where('setupAssessments.version', '=', onlyVersion);
    })
    .returning(COLUMNS)
    .executeTakeFirst();
}
