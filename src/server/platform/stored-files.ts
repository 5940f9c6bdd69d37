import type { Insertable } from 'kysely';
import type { DB } from '../db';
import type { Database } from '../db/schema';

/**
 * The `stored_files` rows: the database's record of bytes in the file store (name, type, size, who stored them).
 * The modules write the bytes (app.files) and keep the row in the same transaction as the record naming it.
 */

/** A stored_files row for bytes already in the file store. */
export const insertStoredFile = (db: DB, file: Insertable<Database['storedFiles']>) =>
  db.insertInto('storedFiles').values(file).execute();

export const findStoredFile = (db: DB, key: string) =>
  db.selectFrom('storedFiles').selectAll().where('key', '=', key).executeTakeFirst();

/** Forgets a file's row (no record names it any more); its bytes are deleted after the commit. */
export const deleteStoredFile = (db: DB, key: string) =>
  db.deleteFrom('storedFiles').where('key', '=', key).execute();
