import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type {
  Recipient,
  RecipientBody,
  WeeklyStatus,
  WeeklyStatusContent,
  WeeklyStatusUpdate,
} from '@domain/contract';
import {
  canChangeRecipients,
  isSignatureEditable,
  SIGNATURE_MESSAGES,
  statusAfterSubmit,
  submitRefusal,
  weeklyStatusActions,
  type ProjectAccess,
} from '@domain/rules';
import { PDF_CONTENT_TYPE } from '@server/adapters/documents';
import { mergePdfs } from '@server/adapters/documents/merge';
import type { FileStore } from '@server/adapters/files';
import type { DB } from '@server/db';
import { httpError } from '@server/http';
import type { Esign, EsignOwner } from '@server/modules/esign/types';
import { toDateString, toIso } from '@server/platform/dates';
import { newFileKey, type PdfUpload } from '@server/platform/files';
import { callerChange, recordChange, type ChangeAction } from '@server/platform/history';
import { insertStoredFile } from '@server/platform/stored-files';
import { formatDay, SECTION_LABELS, weeklyStatusPdf } from './document';
import * as repo from './repo';
import type { Notifications } from '@server/modules/notifications/service';

/**
 * The weekly status (spec 001 §2 "Weekly Status list and dialog", §3, §4, §5, §7 "Weekly status"): the record,
 * its five sections, its recipients, submit (sent to sign through the e-signature engine, or an already signed
 * upload), the files, resend, delete, and the project's signed weekly statuses as one PDF (002 §2.4).
 * Availability follows `weeklyStatusActions` / `isSignatureEditable` (rules/signatures.ts): after Send to sign
 * nothing changes (409). Every write is recorded in the project's history (area 'Weekly Status').
 */

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
export const NO_SIGNED_WEEKLY_STATUSES = 'There are no signed weekly statuses yet';

const owner = (id: number): EsignOwner => ({ type: 'weekly-status', id });
const label = (row: { createdAt: unknown }) => `Weekly status of ${formatDay(toIso(row.createdAt))}`;

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

/** A content block / recipient as answered: always with its id and version. */
export type ContentRecord = WeeklyStatusContent & { id: number; version: number };
export type RecipientRecord = Recipient & { id: number; version: number };

const toContent = (row: repo.ContentRow): ContentRecord => ({
  id: row.id,
  type: row.type,
  frontHeader: row.frontHeader,
  name: row.name,
  description: row.description,
  contentStatus: row.contentStatus,
  orderPosition: row.orderPosition,
  version: row.version,
});

const toRecipient = (row: repo.RecipientRow): RecipientRecord => ({
  id: row.id,
  name: row.name,
  email: row.email,
  signedCode: row.signedCode,
  isSigned: row.isSigned,
  isActive: row.isActive,
  version: row.version,
});

async function record(db: DB, id: number, opts: { forUpdate?: boolean } = {}) {
  const row = await repo.findWeeklyStatus(db, id, opts);
  if (!row) throw httpError(404, `Weekly status ${id} not found`);
  return row;
}

/** 409 once sent to sign (001 §4: editable only when signedStatus is draft or reproved). */
function assertEditable(row: repo.WeeklyStatusRow) {
  if (!isSignatureEditable(row.signedStatus)) throw httpError(409, SIGNATURE_MESSAGES.locked);
}

const change = (trx: DB, access: ProjectAccess, action: ChangeAction, subject: string) =>
  recordChange(trx, callerChange(access, AREA, action, subject));

type Versioned<T> = { changed: boolean; current: T };
type Removal<T> = { removed: true } | { removed: false; current: T };
const unchanged = (current: WeeklyStatus) => ({ changed: false, current });

/**
 * In one transaction: the weekly status, locked; when it is no longer at `expected` (If-Match) nothing is written
 * and `stale(current)` answers, otherwise `write(trx, row)`.
 */
const lockedWrite = <T>(
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

// --- the weekly status ----------------------------------------------------------------------------------------

export async function list(db: DB, projectId: number) {
  return (await repo.listWeeklyStatuses(db, projectId)).map(toWeeklyStatus);
}

export async function get(db: DB, id: number) {
  return toWeeklyStatus(await record(db, id));
}

/** POST …/project/{projectId}: a new draft on the path chosen in step 1 (001 §4 "with no record one is created"). */
export async function create(db: DB, access: ProjectAccess, signedType: number) {
  return db.transaction().execute(async (trx) => {
    const row = await repo.insertWeeklyStatus(trx, access.project.id, signedType);
    await change(trx, access, 'added', label(row));
    return { id: row.id };
  });
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

// --- contents (the five sections) -----------------------------------------------------------------------------

type ContentBody = z.infer<typeof WeeklyStatusContent>;
const contentValues = (body: ContentBody): repo.ContentValues => {
  const values: repo.ContentValues = {};
  for (const k of ['frontHeader', 'name', 'description', 'contentStatus'] as const)
    if (body[k] !== undefined) values[k] = body[k];
  return values;
};
const contentSubject = (row: repo.WeeklyStatusRow, type: number, name: string | null | undefined) =>
  `${label(row)}: ${SECTION_LABELS[type]}${name ? ` "${name.slice(0, 150)}"` : ''}`;

export async function listContents(db: DB, weeklyStatusId: number, type: number) {
  await record(db, weeklyStatusId);
  return (await repo.listContents(db, weeklyStatusId, type)).map(toContent);
}

/** POST: appends a block to the section (the next orderPosition). */
export async function createContent(
  db: DB,
  access: ProjectAccess,
  weeklyStatusId: number,
  type: number,
  body: ContentBody,
) {
  return db.transaction().execute(async (trx) => {
    const ws = await record(trx, weeklyStatusId, { forUpdate: true });
    assertEditable(ws);
    const row = await repo.insertContent(trx, weeklyStatusId, type, contentValues(body));
    await change(trx, access, 'added', contentSubject(ws, type, row.name));
    return toContent(row);
  });
}

async function contentOf(trx: DB, id: number) {
  const content = await repo.findContent(trx, id);
  if (!content) throw httpError(404, `Weekly status content ${id} not found`);
  const ws = await record(trx, content.weeklyStatusId, { forUpdate: true });
  return { content, ws };
}

/** PUT: the block's fields (absent ones kept) and its orderPosition, while the weekly status is editable. */
export async function updateContent(
  db: DB,
  access: ProjectAccess,
  id: number,
  body: ContentBody,
  expected?: number,
): Promise<Versioned<ContentRecord>> {
  return db.transaction().execute(async (trx) => {
    const { content, ws } = await contentOf(trx, id);
    if (expected !== undefined && content.version !== expected)
      return { changed: false, current: toContent(content) };
    assertEditable(ws);
    const values = contentValues(body);
    if (body.orderPosition !== undefined) values.orderPosition = body.orderPosition;
    await repo.updateContent(trx, id, values);
    const row = (await repo.findContent(trx, id))!;
    await change(trx, access, 'changed', contentSubject(ws, row.type, row.name));
    return { changed: true, current: toContent(row) };
  });
}

export async function deleteContent(
  db: DB,
  access: ProjectAccess,
  id: number,
  expected?: number,
): Promise<Removal<ContentRecord>> {
  return db.transaction().execute(async (trx) => {
    const { content, ws } = await contentOf(trx, id);
    if (expected !== undefined && content.version !== expected)
      return { removed: false, current: toContent(content) };
    assertEditable(ws);
    await repo.deleteContent(trx, id);
    await change(trx, access, 'removed', contentSubject(ws, content.type, content.name));
    return { removed: true };
  });
}

// --- recipients -----------------------------------------------------------------------------------------------

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

// --- the document ---------------------------------------------------------------------------------------------

/** The template path's PDF, generated from the record's sections and recipients as they are now. */
export async function generatePdf(db: DB, row: repo.WeeklyStatusRow) {
  const [project, contents, recipients] = await Promise.all([
    repo.findProjectHeader(db, row.projectId),
    repo.listContents(db, row.id),
    repo.listActiveRecipients(db, row.id),
  ]);
  const day = toDateString(row.clientSubmissionDate) ?? toIso(row.createdAt)!.slice(0, 10);
  return {
    buffer: weeklyStatusPdf({
      project,
      createdAt: toIso(row.createdAt)!,
      clientSubmissionDate: toDateString(row.clientSubmissionDate),
      contents,
      recipients,
    }),
    fileName: `weekly-status-${project.code}-${day}.pdf`,
    project,
  };
}

/**
 * POST …/submit (multipart `file`): submitRefusal decides (409 locked / no type / no recipients, 400 'Please,
 * select a file'). Types 1 and 2 go to the e-signature engine (type 1 with the generated PDF) and become 'sent';
 * type 3's upload is the signed file and the status is 'completed' at once. Every submit sets isSubmitted and
 * submittedAt (001 §4).
 */
export async function submit(
  deps: WeeklyStatusDeps,
  access: ProjectAccess,
  id: number,
  readUpload: () => Promise<PdfUpload>,
  skipUpload: () => Promise<void>,
  expected?: number,
): Promise<Versioned<WeeklyStatus>> {
  const { db } = deps;
  const before = await record(db, id);
  const early = submitRefusal('weekly-status', before, { hasFile: true, recipients: 1 });
  if (early) throw httpError(early.status, early.message);
  // the template path needs no file: the PDF is generated from the sections
  const upload = before.signedType === 1 ? (await skipUpload(), undefined) : await readUpload();

  let storedKey: string | undefined;
  if (upload && before.signedType === 3) {
    storedKey = newFileKey(`weekly-status/${id}/signed`);
    await deps.files.put(storedKey, upload.buffer, {
      contentType: PDF_CONTENT_TYPE,
      fileName: upload.fileName,
    });
  }
  try {
    return await lockedWrite(db, id, expected, unchanged, async (trx, row) => {
      const recipients = await repo.listActiveRecipients(trx, id);
      const refusal = submitRefusal('weekly-status', row, {
        hasFile: row.signedType === 1 || !!upload,
        recipients: recipients.length,
      });
      if (refusal) throw httpError(refusal.status, refusal.message);
      const signedType = row.signedType!;
      const values: repo.WeeklyStatusValues = {
        signedStatus: statusAfterSubmit(signedType),
        isSubmitted: true,
        submittedAt: new Date(),
      };
      if (signedType === 3) {
        await insertStoredFile(trx, {
          key: storedKey!,
          fileName: upload!.fileName,
          contentType: PDF_CONTENT_TYPE,
          size: upload!.size,
          createdBy: access.user.professionalId,
        });
        Object.assign(values, { signedFileKey: storedKey, signatureFilename: upload!.fileName });
      } else {
        const document =
          signedType === 1
            ? await generatePdf(trx, row)
            : { buffer: upload!.buffer, fileName: upload!.fileName, project: undefined };
        const project =
          document.project ??
          (await trx
            .selectFrom('projects')
            .select(['code', 'name'])
            .where('id', '=', row.projectId)
            .executeTakeFirstOrThrow());
        const sent = await deps.esign().request(trx, {
          owner: owner(id),
          projectId: row.projectId,
          subject: `Weekly status — ${project.code}`,
          message: `Please review and sign the weekly status of ${project.name} (${project.code}).`,
          document: document.buffer,
          documentName: document.fileName,
          recipients: recipients.map((r) => ({ id: r.id, name: r.name, email: r.email })),
          createdBy: access.user.professionalId,
        });
        Object.assign(values, { unsignedFileKey: sent.documentKey, unSignatureFilename: document.fileName });
        // the internal recipients (the firm's professionals among them) also hear of it in Teams
        const internal = await trx
          .selectFrom('professionals')
          .select('id')
          .where('isActive', '=', true)
          .where((eb) =>
            eb(
              eb.fn('lower', ['email']),
              'in',
              recipients.map((r) => r.email.toLowerCase()),
            ),
          )
          .execute();
        if (internal.length && deps.notifications)
          await deps.notifications.notify(trx, {
            event: 'weeklyStatusToSign',
            projectId: row.projectId,
            actorId: access.user.professionalId,
            key: `envelope:${sent.envelopeId}:sent`,
            path: `/project/${row.projectId}/during/weekly-status`,
            recipients: internal.map((p) => p.id),
          });
      }
      await repo.updateWeeklyStatus(trx, id, values);
      await change(
        trx,
        access,
        signedType === 3 ? 'uploaded' : 'changed',
        `${label(row)}: ${signedType === 3 ? `signed file ${upload!.fileName}` : 'sent to sign'}`,
      );
      return { changed: true, current: toWeeklyStatus(await record(trx, id)) };
    });
  } catch (e) {
    if (storedKey) await deps.files.delete(storedKey).catch(() => undefined);
    throw e;
  }
}

/** POST …/resend: only when sent on the own-document path (001 §4); the engine queues it. */
export async function resend(deps: WeeklyStatusDeps, access: ProjectAccess, id: number) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await record(trx, id, { forUpdate: true });
    if (!weeklyStatusActions(row).resend) throw httpError(409, SIGNATURE_MESSAGES.resend);
    await deps.esign().resend(trx, owner(id));
    await change(trx, access, 'changed', `${label(row)}: resent to sign`);
  });
}

export interface FileToSend {
  stream: Readable | Buffer;
  fileName: string;
  contentType: string;
  size?: number;
}

async function storedFile(deps: WeeklyStatusDeps, key: string, name: string | null, missing: string) {
  const file = await deps.files.get(key);
  if (!file) throw httpError(404, missing);
  return {
    stream: file.stream,
    fileName: name ?? file.fileName,
    contentType: file.contentType,
    size: file.size,
  };
}

/**
 * GET …/file?signed=1: the signed file (404 when none); signed=0: the unsigned file sent — or, on the template
 * path before anything was sent, the PDF generated now ("Download not signed file").
 */
export async function openFile(deps: WeeklyStatusDeps, id: number, signed: boolean): Promise<FileToSend> {
  const row = await record(deps.db, id);
  if (signed) {
    if (!row.signedFileKey) throw httpError(404, SIGNATURE_MESSAGES.noSignedFile);
    return storedFile(deps, row.signedFileKey, row.signatureFilename, SIGNATURE_MESSAGES.noSignedFile);
  }
  if (row.unsignedFileKey)
    return storedFile(deps, row.unsignedFileKey, row.unSignatureFilename, SIGNATURE_MESSAGES.noFile);
  if (row.signedType === 1) {
    const pdf = await generatePdf(deps.db, row);
    return {
      stream: pdf.buffer,
      fileName: pdf.fileName,
      contentType: PDF_CONTENT_TYPE,
      size: pdf.buffer.length,
    };
  }
  throw httpError(404, SIGNATURE_MESSAGES.noFile);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * GET api/weekly-status/project/{id}/download (002 §2.4 "All Signed Weekly Status"): every completed weekly
 * status of the project with a signed file, oldest first, merged into one PDF.
 */
export async function projectSignedFiles(deps: WeeklyStatusDeps, projectId: number): Promise<FileToSend> {
  const rows = await repo.listSignedFiles(deps.db, projectId);
  const buffers: Buffer[] = [];
  for (const r of rows) {
    const file = await deps.files.get(r.signedFileKey!);
    if (!file) {
      deps.log?.warn({ key: r.signedFileKey, weeklyStatusId: r.id }, 'weekly status: signed file missing');
      continue;
    }
    buffers.push(await readAll(file.stream));
  }
  if (buffers.length === 0) throw httpError(404, NO_SIGNED_WEEKLY_STATUSES);
  let merged: Buffer;
  try {
    merged = await mergePdfs(buffers);
  } catch (err) {
    deps.log?.warn({ err, projectId }, 'weekly status: signed files could not be merged');
    throw httpError(409, 'The signed weekly statuses could not be combined into one file');
  }
  const { code } = await deps.db
    .selectFrom('projects')
    .select('code')
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  return {
    stream: merged,
    fileName: `weekly-statuses-${code}.pdf`,
    contentType: PDF_CONTENT_TYPE,
    size: merged.length,
  };
}
