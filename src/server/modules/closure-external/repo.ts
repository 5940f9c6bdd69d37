import type { Updateable } from 'kysely';
import type { DB } from '../../db';
import type { Database } from '../../db/schema';

/** Closure With Client (spec 002 §2.4, §3): the project's `closure_external` row and its recipients. */

export const findClosure = (db: DB, projectId: number, forUpdate = false) => {
  let q = db.selectFrom('closureExternal').selectAll().where('projectId', '=', projectId);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
};
export type ClosureRow = NonNullable<Awaited<ReturnType<typeof findClosure>>>;

/** The project's record, created with its defaults (everything empty, Not started) when it has none yet. */
export async function ensureClosure(db: DB, projectId: number, forUpdate = false): Promise<ClosureRow> {
  const found = await findClosure(db, projectId, forUpdate);
  if (found) return found;
  await db
    .insertInto('closureExternal')
    .values({ projectId })
    .onConflict((oc) => oc.column('projectId').doNothing())
    .execute();
  return (await findClosure(db, projectId, forUpdate))!;
}

export type ClosureValues = Omit<
  Updateable<Database['closureExternal']>,
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
    .updateTable('closureExternal')
    .set((eb) => ({ ...values, updatedAt: new Date(), version: eb('version', '+', 1) }))
    .where('projectId', '=', projectId);
  if (expectedVersion !== undefined) q = q.where('version', '=', expectedVersion);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

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
  let q = db
    .updateTable('closureExternalRecipients')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (expectedVersion !== undefined) q = q.where('version', '=', expectedVersion);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

/** After Remove Document: nobody has signed, nobody holds a signing code (the engine's envelope is voided). */
export const resetRecipientSignatures = (db: DB, projectId: number) =>
  db
    .updateTable('closureExternalRecipients')
    .set((eb) => ({ isSigned: false, signedCode: null, version: eb('version', '+', 1) }))
    .where('projectId', '=', projectId)
    .where((eb) => eb.or([eb('isSigned', '=', true), eb('signedCode', 'is not', null)]))
    .execute();

/** The project as the legal document template and the e-mail subject name it (002 §2.3 header fields). */
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

/** A stored_files row for bytes already in the file store. */
export const insertStoredFile = (
  db: DB,
  file: { key: string; fileName: string; contentType: string; size: number; createdBy: number | null },
) => db.insertInto('storedFiles').values(file).execute();

export const findStoredFile = (db: DB, key: string) =>
  db.selectFrom('storedFiles').selectAll().where('key', '=', key).executeTakeFirst();

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
