import type { DB } from '../../db';
import { versionedUpdate, nextVersion } from '../../platform/versioned-update';

/** Learning and Development (project_training_development, versioned). */

type TdValues = { tdOportunity?: boolean | null; text?: string | null };

export const findTrainingDevelopment = (db: DB, projectId: number) =>
  db
    .selectFrom('projectTrainingDevelopment')
    .select(['tdOportunity', 'text', 'version'])
    .where('projectId', '=', projectId)
    .executeTakeFirst();

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
    return versionedUpdate(db, 'projectTrainingDevelopment', { ...values, updatedAt: now })
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
        version: nextVersion(eb, 'projectTrainingDevelopment'),
      }));
      return onlyVersion === undefined
        ? update
        : update.where('projectTrainingDevelopment.version', '=', onlyVersion);
    })
    .returning(['tdOportunity', 'text', 'version'])
    .executeTakeFirst();
}
