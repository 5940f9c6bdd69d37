import type { z } from 'zod';
import {
  startFromOtherProjectMessage,
  startFromUnknownMessage,
  type WeeklyStatus,
  type WeeklyStatusUpdate,
} from '@domain/contract';
import { SIGNATURE_MESSAGES, weeklyStatusActions, type ProjectAccess } from '@domain/rules';
import type { DB } from '@server/db';
import { httpError } from '@server/http';
import { toIso } from '@server/platform/dates';
import { formatDay } from './document';
import {
  assertEditable,
  change,
  label,
  lockedWrite,
  owner,
  record,
  toWeeklyStatus,
  unchanged,
  type Removal,
  type Versioned,
  type WeeklyStatusDeps,
} from './record';
import * as repo from './repo';

/**
 * The weekly status (spec 001 §2 "Weekly Status list and dialog", §3, §4, §5, §7 "Weekly status"): the record,
 * its five sections (contents.service.ts), its recipients (recipients.service.ts), submit — sent to sign through
 * the e-signature engine, or an already signed upload — and resend (submit.service.ts), the files and the
 * project's signed weekly statuses as one PDF (files.service.ts, 002 §2.4). This file holds the record's own
 * lifecycle (list, get, create, update, signed type, delete) and re-exports the rest: the routes read the module
 * here. Availability follows `weeklyStatusActions` / `isSignatureEditable` (rules/signatures.ts): after Send to
 * sign nothing changes (409). Every write is recorded in the project's history (area 'Weekly Status').
 */

export { toWeeklyStatus, type WeeklyStatusDeps } from './record';
export * from './contents.service';
export * from './recipients.service';
export * from './submit.service';
export * from './files.service';

export async function list(db: DB, projectId: number) {
  return (await repo.listWeeklyStatuses(db, projectId)).map(toWeeklyStatus);
}

export async function get(db: DB, id: number) {
  return toWeeklyStatus(await record(db, id));
}

/**
 * POST …/project/{projectId}: a new draft on the path chosen in step 1 (001 §4 "with no record one is created").
 * With `startFrom` (Start from the previous weekly status), in the same transaction: the sections and the active
 * recipients of that weekly status of the project are copied (names and e-mails, none signed); nothing of its
 * signature comes along — the status is a draft of the chosen type, no files, no submission, no client
 * submission date, no signature request. One history line. 404 an unknown source, 400 another project's.
 */
export async function create(
  db: DB,
  access: ProjectAccess,
  signedType: number,
  startFrom?: number,
): Promise<{ id: number }> {
  return db.transaction().execute(async (trx) => {
    const source = startFrom === undefined ? undefined : await sourceOf(trx, access, startFrom);
    const row = await repo.insertWeeklyStatus(trx, access.project.id, signedType);
    if (source) {
      await repo.copyContents(trx, source.id, row.id);
      await repo.copyRecipients(trx, source.id, row.id);
    }
    const subject = source
      ? `${label(row)}, started from the weekly status of ${formatDay(toIso(source.createdAt))}`
      : label(row);
    await change(trx, access, 'added', subject);
    return { id: row.id };
  });
}

/** The weekly status a new one starts from, held against writes while it is copied: the project's own only. */
async function sourceOf(trx: DB, access: ProjectAccess, id: number) {
  const source = await repo.findWeeklyStatus(trx, id, { forShare: true });
  if (!source) throw httpError(404, startFromUnknownMessage(id));
  if (source.projectId !== access.project.id) throw httpError(400, startFromOtherProjectMessage(id));
  return source;
}

/**
 * PUT /api/weekly-status/{id}: the client submission date while editable; `isSubmitted: false` is Undo Submit,
 * only for a submitted status whose signature was declined (README decision): back to 'reproved', not
 * submitted, the recipients unsigned, the declined round's unsigned file dropped (a new Send to sign makes one).
 */
export async function update(
  db: DB,
  access: ProjectAccess,
  id: number,
  body: z.infer<typeof WeeklyStatusUpdate>,
  expected?: number,
): Promise<Versioned<WeeklyStatus>> {
  return lockedWrite(db, id, expected, unchanged, async (trx, row) => {
    const values: repo.WeeklyStatusValues = {};
    // the record as its GET gave it is taken back: only what differs from it is a change
    if (body.isSubmitted === true && !row.isSubmitted)
      throw httpError(409, 'A weekly status is submitted by sending it to sign, not by this update');
    const undo = body.isSubmitted === false && row.isSubmitted;
    const date = body.clientSubmissionDate;
    const dateChanged = date !== undefined && date !== toWeeklyStatus(row).clientSubmissionDate;
    if (undo) {
      if (!weeklyStatusActions(row).undo) throw httpError(409, SIGNATURE_MESSAGES.undo);
      Object.assign(values, {
        signedStatus: 'reproved',
        isSubmitted: false,
        submittedAt: null,
        unsignedFileKey: null,
        unSignatureFilename: null,
      });
      await repo.resetRecipientSignatures(trx, id);
    } else if (dateChanged) assertEditable(row);
    if (dateChanged) values.clientSubmissionDate = date;
    if (Object.keys(values).length === 0) return { changed: true, current: toWeeklyStatus(row) };
    await repo.updateWeeklyStatus(trx, id, values);
    await change(trx, access, 'changed', undo ? `${label(row)}: submit undone` : label(row));
    return { changed: true, current: toWeeklyStatus(await record(trx, id)) };
  });
}

/** PATCH …/signed-type: the path changes while editable (001 §4 "Changing the type on an existing record patches it"). */
export async function patchSignedType(
  db: DB,
  access: ProjectAccess,
  id: number,
  signedType: number,
  expected?: number,
): Promise<Versioned<WeeklyStatus>> {
  return lockedWrite(db, id, expected, unchanged, async (trx, row) => {
    assertEditable(row);
    if (row.signedType === signedType) return { changed: true, current: toWeeklyStatus(row) };
    await repo.updateWeeklyStatus(trx, id, { signedType });
    await change(trx, access, 'changed', `${label(row)}: signed type ${signedType}`);
    return { changed: true, current: toWeeklyStatus(await record(trx, id)) };
  });
}

/**
 * DELETE: "delete is allowed unless the status is draft" (001 §4, kept as written): a draft is refused (409);
 * otherwise the record stays as signedStatus 'deleted' ("Deleted (contact Legal for more details)"), and an
 * envelope still out for signature is voided. Deleting a deleted one changes nothing.
 */
export async function remove(
  deps: WeeklyStatusDeps,
  access: ProjectAccess,
  id: number,
  expected?: number,
): Promise<Removal<WeeklyStatus>> {
  const stale = (current: WeeklyStatus) => ({ removed: false as const, current });
  return lockedWrite<Removal<WeeklyStatus>>(deps.db, id, expected, stale, async (trx, row) => {
    if (row.signedStatus === 'deleted') return { removed: true };
    if (!weeklyStatusActions(row).delete) throw httpError(409, SIGNATURE_MESSAGES.deleteDraft);
    if (row.signedStatus === 'sent') await deps.esign().void(trx, owner(id), 'Deleted in the portal');
    await repo.updateWeeklyStatus(trx, id, { signedStatus: 'deleted' });
    await change(trx, access, 'removed', label(row));
    return { removed: true };
  });
}
