import type { Selectable, Updateable } from 'kysely';
import type { DB } from '../../db';
import type { Database } from '../../db/schema';
import { projectRecordRepo, type ProjectRecordValues } from '../../platform/project-record';
import { updateVersioned, versionedUpdate } from '../../platform/versioned-update';

/** Closure With Client (spec 002 §2.4, §3): the project's `closure_external` row and its recipients. */

/** The project's record: find, ensure (created with its defaults: everything empty, Not started), update. */
export const closure = projectRecordRepo('closureExternal');
export type ClosureRow = Selectable<Database['closureExternal']>;
export type ClosureValues = ProjectRecordValues<'closureExternal'>;

const RECIPIENT_COLUMNS = [
  'id',
  'projectId',
  'name',
  'email',
  'signedCode',
  'isSigned',
  'isActive',
  'version',
] as const;

/** The active recipients (002 §7: the list is filtered to isActive), in the order they were added. */
export const listRecipients = (db: DB, projectId: number) =>
  db
    .selectFrom('closureExternalRecipients')
    .select(RECIPIENT_COLUMNS)
    .where('projectId', '=', projectId)
    .where('isActive', '=', true)
    .orderBy('id')
    .execute();
export type RecipientRow = Awaited<ReturnType<typeof listRecipients>>[number];

export const findRecipient = (db: DB, id: number) =>
  db
    .selectFrom('closureExternalRecipients')
    .select(RECIPIENT_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();

export const insertRecipient = (db: DB, projectId: number, body: { name: string; email: string }) =>
  db
    .insertInto('closureExternalRecipients')
    .values({ projectId, name: body.name, email: body.email })
    .returning(RECIPIENT_COLUMNS)
    .executeTakeFirstOrThrow();

/** Updates one recipient (bumping its version); with `expectedVersion`, only when still at it. */
export async function updateRecipient(
  db: DB,
  id: number,
  values: Omit<Updateable<Database['closureExternalRecipients']>, 'id' | 'projectId' | 'version'>,
  expectedVersion?: number,
) {
  return updateVersioned(db, 'closureExternalRecipients', { id }, values, expectedVersion);
}

/** After Remove Document: nobody has signed, nobody holds a signing code (the engine's envelope is voided). */
export const resetRecipientSignatures = (db: DB, projectId: number) =>
  versionedUpdate(db, 'closureExternalRecipients', { isSigned: false, signedCode: null })
    .where('projectId', '=', projectId)
    .where((eb) => eb.or([eb('isSigned', '=', true), eb('signedCode', 'is not', null)]))
    .execute();

/**
 * Forgets the given stored files unless an e-signature envelope still names them (the engine's audit trail
 * keeps the document it sent and the signed PDF). Returns the keys whose bytes may now be deleted.
 */
export async function discardStoredFiles(db: DB, keys: readonly (string | null | undefined)[]) {
  const wanted = [...new Set(keys.filter((k): k is string => !!k))];
  if (wanted.length === 0) return [];
  const rows = await db
    .deleteFrom('storedFiles')
    .where('key', 'in', wanted)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('signatureEnvelopes')
            .select('id')
            .where((eb) =>
              eb.or([
                eb('signatureEnvelopes.documentKey', '=', eb.ref('storedFiles.key')),
                eb('signatureEnvelopes.signedKey', '=', eb.ref('storedFiles.key')),
              ]),
            ),
        ),
      ),
    )
    .returning('key')
    .execute();
  return rows.map((r) => r.key);
}
