import type { DB } from '../../db';
import { nextVersion, versionedUpdate } from '../../platform/versioned-update';

/** grid_preferences: one row per (person, grid), the keys of the columns the person hides. */
const COLUMNS = ['hidden', 'version'] as const;

export const find = (db: DB, professionalId: number, grid: string) =>
  db
    .selectFrom('gridPreferences')
    .select(COLUMNS)
    .where('professionalId', '=', professionalId)
    .where('grid', '=', grid)
    .executeTakeFirst();

/**
 * Stores the person's hidden columns of `grid`. A missing row counts as version 1 (nothing hidden), so the first
 * write inserts version 2. With `onlyVersion` the write happens only while the row is at that version (a missing
 * row is version 1). Returns the row written, or undefined when it was stale.
 */
export async function write(
  db: DB,
  professionalId: number,
  grid: string,
  hidden: string[],
  onlyVersion?: number,
) {
  if (onlyVersion !== undefined && onlyVersion !== 1)
    return versionedUpdate(db, 'gridPreferences', { hidden })
      .where('professionalId', '=', professionalId)
      .where('grid', '=', grid)
      .where('version', '=', onlyVersion)
      .returning(COLUMNS)
      .executeTakeFirst();
  return db
    .insertInto('gridPreferences')
    .values({ professionalId, grid, hidden, version: 2 })
    .onConflict((oc) => {
      const update = oc
        .columns(['professionalId', 'grid'])
        .doUpdateSet((eb) => ({ hidden, version: nextVersion(eb, 'gridPreferences') }));
      // a missing row is version 1: a row that exists (version 2 or more) is newer than the caller read
      return onlyVersion === undefined ? update : update.where('gridPreferences.version', '=', onlyVersion);
    })
    .returning(COLUMNS)
    .executeTakeFirst();
}
