import type { WeeklyStatus } from '@domain/contract';
import { isSignatureEditable, SIGNATURE_MESSAGES, type ProjectAccess } from '@domain/rules';
import type { FileStore } from '@server/adapters/files';
import type { DB } from '@server/db';
import { httpError } from '@server/http';
import type { Esign, EsignOwner } from '@server/modules/esign/types';
import type { Notifications } from '@server/modules/notifications/service';
import { toDateString, toIso } from '@server/platform/dates';
import { callerChange, recordChange, type ChangeAction } from '@server/platform/history';
import { formatDay } from './document';
import * as repo from './repo';

/** The weekly status record as the module's service files share it: load, lock, editable check, history. */

export interface WeeklyStatusDeps {
  db: DB;
  files: FileStore;
  /** The e-signature engine (`app.esign`). */
  esign: () => Esign;
  /** Tells the internal recipients in Teams that a weekly status waits for their signature. */
  notifications?: Pick<Notifications, 'notify'>;
  log?: { warn(obj: object, msg: string): void };
}

const AREA = 'Weekly Status';

export const owner = (id: number): EsignOwner => ({ type: 'weekly-status', id });
export const label = (row: { createdAt: unknown }) => `Weekly status of ${formatDay(toIso(row.createdAt))}`;

export function toWeeklyStatus(row: repo.WeeklyStatusRow): WeeklyStatus {
  return {
    id: row.id,
    createdAt: toIso(row.createdAt)!,
    clientSubmissionDate: toDateString(row.clientSubmissionDate),
    submittedAt: toIso(row.submittedAt),
    isSubmitted: row.isSubmitted,
    signedStatus: row.signedStatus as WeeklyStatus['signedStatus'],
    signedType: row.signedType as WeeklyStatus['signedType'],
    signatureFilename: row.signatureFilename,
    unSignatureFilename: row.unSignatureFilename,
    version: row.version,
  };
}

export async function record(db: DB, id: number, opts: { forUpdate?: boolean } = {}) {
  const row = await repo.findWeeklyStatus(db, id, opts);
  if (!row) throw httpError(404, `Weekly status ${id} not found`);
  return row;
}

/** 409 once sent to sign (001 §4: editable only when signedStatus is draft or reproved). */
export function assertEditable(row: repo.WeeklyStatusRow) {
  if (!isSignatureEditable(row.signedStatus)) throw httpError(409, SIGNATURE_MESSAGES.locked);
}

export const change = (trx: DB, access: ProjectAccess, action: ChangeAction, subject: string) =>
  recordChange(trx, callerChange(access, AREA, action, subject));

export type Versioned<T> = { changed: boolean; current: T };
export type Removal<T> = { removed: true } | { removed: false; current: T };
export const unchanged = (current: WeeklyStatus) => ({ changed: false, current });

/**
 * In one transaction: the weekly status, locked; when it is no longer at `expected` (If-Match) nothing is written
 * and `stale(current)` answers, otherwise `write(trx, row)`.
 */
export const lockedWrite = <T>(
  db: DB,
  id: number,
  expected: number | undefined,
  stale: (current: WeeklyStatus) => T,
  write: (trx: DB, row: repo.WeeklyStatusRow) => Promise<T>,
) =>
  db.transaction().execute(async (trx) => {
    const row = await record(trx, id, { forUpdate: true });
    if (expected !== undefined && row.version !== expected) return stale(toWeeklyStatus(row));
    return write(trx, row);
  });
