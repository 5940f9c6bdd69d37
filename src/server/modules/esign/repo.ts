import { sql, type Insertable, type Updateable } from 'kysely';
import type { DB } from '@server/db';
import type { Database } from '@server/db/schema';
import { updateVersioned, updateVersionedRows } from '@server/platform/versioned-update';
import type { EsignOwner } from './types';

/** The e-signature engine's tables: envelopes, their recipients and events, and the owners it keeps in step. */

// --- envelopes -----------------------------------------------------------------------------------------------

export const findEnvelope = (db: DB, id: number) =>
  db.selectFrom('signatureEnvelopes').selectAll().where('id', '=', id).executeTakeFirst();

export const insertEnvelope = (db: DB, values: Insertable<Database['signatureEnvelopes']>) =>
  db.insertInto('signatureEnvelopes').values(values).returning('id').executeTakeFirstOrThrow();

/** The owner's latest envelope (its id and status). */
export const latestEnvelope = (db: DB, ownerType: string, ownerId: number) =>
  db
    .selectFrom('signatureEnvelopes')
    .select(['id', 'status'])
    .where('ownerType', '=', ownerType)
    .where('ownerId', '=', ownerId)
    .orderBy('id', 'desc')
    .executeTakeFirst();

/**
 * The envelope's status, its row locked for the sync. No key lock: a recipient's event insert (its foreign key
 * takes KEY SHARE on the envelope) must not wait for the sync job while it waits for that recipient's row.
 */
export const lockEnvelopeStatus = async (db: DB, id: number) =>
  (
    await db
      .selectFrom('signatureEnvelopes')
      .select('status')
      .where('id', '=', id)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow()
  ).status;

/** Writes the envelope (`updatedAt` now); with `onlyStatus`, only while at that status. Whether it changed. */
export async function updateEnvelope(
  db: DB,
  id: number,
  values: Omit<Updateable<Database['signatureEnvelopes']>, 'id' | 'updatedAt'>,
  onlyStatus?: string,
) {
  let q = db
    .updateTable('signatureEnvelopes')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id);
  if (onlyStatus !== undefined) q = q.where('status', '=', onlyStatus);
  return Number((await q.executeTakeFirst()).numUpdatedRows) > 0;
}

/** Who asked for the signatures. */
export const envelopeCreator = async (db: DB, id: number) =>
  (await db.selectFrom('signatureEnvelopes').select('createdBy').where('id', '=', id).executeTakeFirst())
    ?.createdBy;

/** The ids of the envelopes whose columns are all the given values. */
async function envelopeIds(db: DB, match: { status?: string; provider?: string; providerRef?: string }) {
  let q = db.selectFrom('signatureEnvelopes').select('id');
  for (const [column, value] of Object.entries(match)) q = q.where(column as keyof typeof match, '=', value);
  return (await q.execute()).map((e) => e.id);
}

/** The envelopes still out at the provider (the DocuSign poll). */
export const listSentEnvelopeIds = (db: DB, provider: string) =>
  envelopeIds(db, { status: 'sent', provider });

/** The DocuSign envelope of a Connect event (undefined: another system's envelope on the same account). */
export const findDocusignEnvelope = async (db: DB, providerRef: string) =>
  (await envelopeIds(db, { provider: 'docusign', providerRef }))[0];

// --- recipients ----------------------------------------------------------------------------------------------

/** The recipients as the provider is given them. */
export const listEnvelopeRecipients = (db: DB, envelopeId: number) =>
  db
    .selectFrom('signatureRecipients')
    .select(['id', 'name', 'email', 'routingOrder'])
    .where('envelopeId', '=', envelopeId)
    .orderBy('id')
    .execute();

export const insertRecipients = (db: DB, rows: Insertable<Database['signatureRecipients']>[]) =>
  db.insertInto('signatureRecipients').values(rows).execute();

/** Each recipient with what the owner's recipient row follows (status, the built-in engine's token hash). */
export const listRecipientStates = (db: DB, envelopeId: number) =>
  db
    .selectFrom('signatureRecipients')
    .select(['id', 'ownerRecipientId', 'status', 'tokenHash'])
    .where('envelopeId', '=', envelopeId)
    .execute();

/** The signers as the signing page lists them. */
export const listSigners = (db: DB, envelopeId: number) =>
  db
    .selectFrom('signatureRecipients')
    .select(['name', 'status'])
    .where('envelopeId', '=', envelopeId)
    .orderBy('id')
    .execute();

/** The recipient who declined (name, reason). */
export const findDecliner = (db: DB, envelopeId: number) =>
  db
    .selectFrom('signatureRecipients')
    .select(['name', 'declineReason'])
    .where('envelopeId', '=', envelopeId)
    .where('status', '=', 'declined')
    .executeTakeFirst();

/**
 * A provider's recipient status, written only over an earlier one (`earlier`): this snapshot was read before
 * the lock, and a signature committed since must not be written back to 'delivered'. The first signing and
 * declining times are kept.
 */
export const writeRecipientStatus = (
  db: DB,
  envelopeId: number,
  r: { id: number; status: string; at?: Date; declineReason?: string | null },
  earlier: string[],
) =>
  db
    .updateTable('signatureRecipients')
    .set({
      status: r.status,
      ...(r.status === 'signed' && r.at ? { signedAt: sql<Date>`coalesce(signed_at, ${r.at})` } : {}),
      ...(r.status === 'declined'
        ? {
            declinedAt: sql<Date>`coalesce(declined_at, ${r.at ?? new Date()})`,
            declineReason: r.declineReason ?? null,
          }
        : {}),
    })
    .where('id', '=', r.id)
    .where('envelopeId', '=', envelopeId)
    .where('status', 'in', earlier)
    .execute();

/** The signing link's recipient with its envelope and project (`lock`: the recipient's row, no key lock). */
export function findRecipientByTokenHash(db: DB, tokenHash: string, lock = false) {
  let q = db
    .selectFrom('signatureRecipients as r')
    .innerJoin('signatureEnvelopes as e', 'e.id', 'r.envelopeId')
    .innerJoin('projects as p', 'p.id', 'e.projectId')
    .select([
      'r.id',
      'r.envelopeId',
      'r.name',
      'r.email',
      'r.status',
      'r.expiresAt',
      'r.signedAt',
      'e.status as envelopeStatus',
      'e.subject',
      'e.documentName',
      'e.documentSha256',
      'e.documentKey',
      'e.signedKey',
      'p.code',
      'p.name as projectName',
    ])
    .where('r.tokenHash', '=', tokenHash);
  // the recipient's row only, and no key lock: FOR UPDATE over the join also locked the envelope and the
  // project, and deadlocked with the sync job (envelope first, then recipients)
  if (lock) q = q.forNoKeyUpdate('r');
  return q.executeTakeFirst();
}

/** Writes a recipient's row (with `onlyStatus`, only while at that status). */
export function updateRecipient(
  db: DB,
  id: number,
  values: Omit<Updateable<Database['signatureRecipients']>, 'id'>,
  onlyStatus?: string,
) {
  let q = db.updateTable('signatureRecipients').set(values).where('id', '=', id);
  if (onlyStatus !== undefined) q = q.where('status', '=', onlyStatus);
  return q.execute();
}

// --- events ----------------------------------------------------------------------------------------

export const insertEvent = (db: DB, values: Insertable<Database['signatureEvents']>) =>
  db.insertInto('signatureEvents').values(values).execute();

// --- the owners ----------------------------------------------------------------------------------------------

/** The owner's recipient row follows the envelope's (signed, its code). */
export const writeOwnerRecipient = (
  db: DB,
  owner: EsignOwner,
  r: { ownerRecipientId: number; isSigned: boolean; code: string | null },
) =>
  owner.type === 'weekly-status'
    ? updateVersionedRows(
        db,
        'weeklyStatusRecipients',
        { id: r.ownerRecipientId, weeklyStatusId: owner.id },
        { isSigned: r.isSigned, signedCode: r.code },
      )
    : updateVersionedRows(
        db,
        'closureExternalRecipients',
        { id: r.ownerRecipientId, projectId: owner.id },
        { isSigned: r.isSigned, signedCode: r.code },
      );

/** The owner's signedStatus follows the envelope's (only while 'sent'), with the signed file when complete. */
export const writeOwnerStatus = (
  db: DB,
  owner: EsignOwner,
  change: { status: 'completed' | 'declined' | 'deleted'; signedKey?: string; signedName?: string },
) =>
  owner.type === 'weekly-status'
    ? updateVersioned(
        db,
        'weeklyStatuses',
        { id: owner.id, signedStatus: 'sent' },
        {
          signedStatus: change.status,
          ...(change.signedKey
            ? { signedFileKey: change.signedKey, signatureFilename: change.signedName }
            : {}),
        },
      )
    : updateVersioned(
        db,
        'closureExternal',
        { projectId: owner.id, signedStatus: 'sent' },
        {
          signedStatus: change.status,
          ...(change.signedKey
            ? { signedFileKey: change.signedKey, legalClosureDocumentAttachFile: change.signedName }
            : {}),
        },
      );
