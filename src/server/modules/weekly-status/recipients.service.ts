import type { z } from 'zod';
import type { Recipient, RecipientBody } from '@domain/contract';
import { canChangeRecipients, SIGNATURE_MESSAGES, type ProjectAccess } from '@domain/rules';
import type { DB } from '@server/db';
import { httpError } from '@server/http';
import { assertEditable, change, label, record, type Removal, type Versioned } from './record';
import * as repo from './repo';

/** The weekly status's recipients: list, add, change and deactivate them while the status is editable. */

/** A recipient as answered: always with its id and version. */
export type RecipientRecord = Recipient & { id: number; version: number };

const toRecipient = (row: repo.RecipientRow): RecipientRecord => ({
  id: row.id,
  name: row.name,
  email: row.email,
  signedCode: row.signedCode,
  isSigned: row.isSigned,
  isActive: row.isActive,
  version: row.version,
});

export async function listRecipients(db: DB, weeklyStatusId: number) {
  await record(db, weeklyStatusId);
  return (await repo.listActiveRecipients(db, weeklyStatusId)).map(toRecipient);
}

/** Add and delete: editable and an eSign path (canChangeRecipients); 409 locked, or typeOne for type 3 / none. */
function assertRecipientsChangeable(ws: repo.WeeklyStatusRow) {
  assertEditable(ws);
  if (!canChangeRecipients('weekly-status', ws.signedType, true))
    throw httpError(409, SIGNATURE_MESSAGES.typeOne);
}

export async function createRecipient(
  db: DB,
  access: ProjectAccess,
  weeklyStatusId: number,
  body: z.infer<typeof RecipientBody>,
) {
  return db.transaction().execute(async (trx) => {
    const ws = await record(trx, weeklyStatusId, { forUpdate: true });
    assertRecipientsChangeable(ws);
    const row = await repo.insertRecipient(trx, weeklyStatusId, { name: body.name, email: body.email });
    await change(trx, access, 'added', `${label(ws)}: recipient ${row.name}`);
    return toRecipient(row);
  });
}

async function recipientOf(trx: DB, weeklyStatusId: number, recipientId: number) {
  const ws = await record(trx, weeklyStatusId, { forUpdate: true });
  const row = await repo.findRecipient(trx, recipientId);
  if (!row || row.weeklyStatusId !== weeklyStatusId || !row.isActive)
    throw httpError(404, `Recipient ${recipientId} not found in weekly status ${weeklyStatusId}`);
  return { ws, row };
}

/** PUT: name and e-mail (absent ones kept), while editable. */
export async function updateRecipient(
  db: DB,
  access: ProjectAccess,
  weeklyStatusId: number,
  recipientId: number,
  body: Partial<z.infer<typeof RecipientBody>>,
  expected?: number,
): Promise<Versioned<RecipientRecord>> {
  return db.transaction().execute(async (trx) => {
    const { ws, row } = await recipientOf(trx, weeklyStatusId, recipientId);
    if (expected !== undefined && row.version !== expected)
      return { changed: false, current: toRecipient(row) };
    assertEditable(ws);
    await repo.updateRecipient(trx, recipientId, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.email !== undefined ? { email: body.email } : {}),
    });
    const updated = (await repo.findRecipient(trx, recipientId))!;
    await change(trx, access, 'changed', `${label(ws)}: recipient ${updated.name}`);
    return { changed: true, current: toRecipient(updated) };
  });
}

/** DELETE: the recipient becomes inactive (002 §7 "list filtered to isActive"). */
export async function deleteRecipient(
  db: DB,
  access: ProjectAccess,
  weeklyStatusId: number,
  recipientId: number,
  expected?: number,
): Promise<Removal<RecipientRecord>> {
  return db.transaction().execute(async (trx) => {
    const { ws, row } = await recipientOf(trx, weeklyStatusId, recipientId);
    if (expected !== undefined && row.version !== expected)
      return { removed: false, current: toRecipient(row) };
    assertRecipientsChangeable(ws);
    await repo.updateRecipient(trx, recipientId, { isActive: false });
    await change(trx, access, 'removed', `${label(ws)}: recipient ${row.name}`);
    return { removed: true };
  });
}
