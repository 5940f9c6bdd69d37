import type { Kysely, Selectable, Updateable } from 'kysely';
import type { DB } from '../db';
import type { Database } from '../db/schema';
import { updateVersioned, type RowMatch, type VersionedValues } from './versioned-update';

/**
 * Records a project has one of (`project_id` unique), created with their column defaults the first time they are
 * read: Closure With Client (closure_external) and Closure Internal (closure_internal).
 */
export type ProjectRecordTable = 'closureExternal' | 'closureInternal';

/** The project's record (locked `for update` when asked), or undefined when it has none yet. */
export function findProjectRecord<T extends ProjectRecordTable>(
  db: DB,
  table: T,
  projectId: number,
  forUpdate = false,
): Promise<Selectable<Database[T]> | undefined> {
  let q = (db as unknown as Kysely<any>)
    .selectFrom(table as string)
    .selectAll()
    .where('projectId', '=', projectId);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}

/** The project's record, created with its defaults (everything empty, Not started) when it has none yet. */
export async function ensureProjectRecord<T extends ProjectRecordTable>(
  db: DB,
  table: T,
  projectId: number,
  forUpdate = false,
): Promise<Selectable<Database[T]>> {
  const found = await findProjectRecord(db, table, projectId, forUpdate);
  if (found) return found;
  await (db as unknown as Kysely<any>)
    .insertInto(table as string)
    .values({ projectId })
    .onConflict((oc) => oc.column('projectId').doNothing())
    .execute();
  return (await findProjectRecord(db, table, projectId, forUpdate))!;
}

/** What a write of the record may set: its columns but the project, the version and `updatedAt` (stamped). */
export type ProjectRecordValues<T extends ProjectRecordTable> = Omit<
  Updateable<Database[T]>,
  'projectId' | 'version' | 'updatedAt'
>;

/** The repo functions of one such table: find, ensure, and the versioned update (updateVersioned). */
export const projectRecordRepo = <T extends ProjectRecordTable>(table: T) => ({
  find: (db: DB, projectId: number, forUpdate = false) => findProjectRecord(db, table, projectId, forUpdate),
  ensure: (db: DB, projectId: number, forUpdate = false) =>
    ensureProjectRecord(db, table, projectId, forUpdate),
  /** Updates the record (bumping its version); with `expectedVersion`, only while at it. Whether it changed. */
  update: (db: DB, projectId: number, values: ProjectRecordValues<T>, expectedVersion?: number) =>
    updateVersioned(db, table, { projectId } as RowMatch<T>, values as VersionedValues<T>, expectedVersion),
});
