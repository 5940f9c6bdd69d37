import type { Readable } from 'node:stream';
import type { ClosureExternal, ClosureExternalPatch, Recipient } from '@domain/contract';
import {
  canChangeRecipients,
  isSignatureEditable,
  isTeamProfessional,
  SIGNATURE_MESSAGES,
  statusAfterSubmit,
  submitRefusal,
  type ProjectAccess,
} from '@domain/rules';
import type { z } from 'zod';
import type { FileStore } from '../../adapters/files';
import type { DB } from '../../db';
import { httpError } from '../../http';
import { newFileKey, type PdfUpload } from '../../platform/files';
import { callerChange, recordChange } from '../../platform/history';
import type { Esign, EsignOwner } from '../esign/types';
import * as repo from './repo';
import { legalClosureTemplate, templateFileName } from './template';
import { findStoredFile, insertStoredFile } from '../../platform/stored-files';
import { projectHeader } from '../projects/service';

/**
 * Closure With Client (spec 002 §2.4, §3, §4, §5, §7 "Closure with client"): the closure record with its four
 * items (saved one field at a time, whatever the signature state), the Upload Legal Document wizard
 * (signed type, recipients, submit), the legal document file (download, direct upload, Remove Document) and
 * the template. The wizard is editable only while signedStatus is absent, draft or reproved (409 otherwise);
 * writes are recorded in the project's history (area 'Closure With Client').
 */

export interface ClosureDeps {
  db: DB;
  files: FileStore;
  esign: Esign;
  /** Where a failed clean-up of replaced bytes is reported (the write itself has succeeded). */
  log?: { warn(obj: object, msg: string): void };
}

const AREA = 'Closure With Client';
const PDF = 'application/pdf';
export const PERSON_NOT_IN_TEAM = 'The person responsible must be a member of the project team';
export const REMOVED_REASON = 'Removed in the portal';
const ONLY_ESIGN_TYPES =
  "Choose 'Upload and eSign' (signedType 2) or 'Upload your signed document' (signedType 3)";

const owner = (projectId: number): EsignOwner => ({ type: 'legal-document', id: projectId });

/** The record as the API answers it (002 §3). */
export function toClosure(r: repo.ClosureRow): ClosureExternal {
  return {
    signedType: r.signedType as ClosureExternal['signedType'],
    signedStatus: r.signedStatus as ClosureExternal['signedStatus'],
    legalClosureDocumentAttachFile: r.legalClosureDocumentAttachFile,
    unSignatureFilename: r.unSignatureFilename,
    signedWeeklyStatus: {
      IDPersonResponsible: r.signedWeeklyStatusPersonResponsibleId,
      Status: r.signedWeeklyStatusStatus,
      AttachFile: r.signedWeeklyStatusAttachFile,
    },
    legalClosureDocument: {
      IDPersonResponsible: r.legalClosureDocumentPersonResponsibleId,
      Status: r.legalClosureDocumentStatus,
      LogoAuthorization: r.legalClosureDocumentLogoAuthorization,
    },
    clientTestimonial: {
      IDPersonResponsible: r.clientTestimonialPersonResponsibleId,
      Status: r.clientTestimonialStatus,
      ResponsibleRequested: r.clientTestimonialResponsibleRequested,
    },
    thankYouLetter: {
      IDPersonResponsible: r.thankYouLetterPersonResponsibleId,
      Status: r.thankYouLetterStatus,
      TeamOffer: r.thankYouLetterTeamOffer,
    },
    version: r.version,
  };
}

export function toRecipient(r: repo.RecipientRow): Recipient & { version: number } {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    signedCode: r.signedCode,
    isSigned: r.isSigned,
    isActive: r.isActive,
    version: r.version,
  };
}

type PatchBody = z.infer<typeof ClosureExternalPatch>;
type PatchField = keyof PatchBody;

/** PATCH field → column and what the history calls it (the tab and the field of 002 §2.4). */
const PATCH_FIELDS: Record<PatchField, { column: keyof repo.ClosureValues; label: string; person?: true }> = {
  signedWeeklyStatusIDPersonResponsible: {
    column: 'signedWeeklyStatusPersonResponsibleId',
    label: 'All Signed Weekly Status: person responsible',
    person: true,
  },
  signedWeeklyStatusStatus: { column: 'signedWeeklyStatusStatus', label: 'All Signed Weekly Status: status' },
  legalClosureDocumentIDPersonResponsible: {
    column: 'legalClosureDocumentPersonResponsibleId',
    label: 'Legal Closure Documents: person responsible',
    person: true,
  },
  legalClosureDocumentLogoAuthorization: {
    column: 'legalClosureDocumentLogoAuthorization',
    label: 'Legal Closure Documents: Logo Authorization',
  },
  legalClosureDocumentStatus: {
    column: 'legalClosureDocumentStatus',
    label: 'Legal Closure Documents: status',
  },
  clientTestimonialIDPersonResponsible: {
    column: 'clientTestimonialPersonResponsibleId',
    label: 'Client Testimonials: person responsible',
    person: true,
  },
  clientTestimonialResponsibleRequested: {
    column: 'clientTestimonialResponsibleRequested',
    label: 'Client Testimonials: responsible requested',
  },
  clientTestimonialStatus: { column: 'clientTestimonialStatus', label: 'Client Testimonials: status' },
  thankYouLetterIDPersonResponsible: {
    column: 'thankYouLetterPersonResponsibleId',
    label: 'Thank You Letter/Gift: person responsible',
    person: true,
  },
  thankYouLetterTeamOffer: { column: 'thankYouLetterTeamOffer', label: 'Thank You Letter/Gift: team offer' },
  thankYouLetterStatus: { column: 'thankYouLetterStatus', label: 'Thank You Letter/Gift: status' },
};

/** Deletes bytes whose rows are gone (after the commit); a failure is only logged. */
async function deleteBytes(deps: ClosureDeps, keys: readonly string[]) {
  for (const key of keys)
    await deps.files.delete(key).catch((err: unknown) => {
      deps.log?.warn({ err, key }, 'closure: a discarded legal document file could not be deleted');
    });
}

// ---------------------------------------------------------------------------------------------------------------
// The record and its items

/** GET: the record, created with its defaults when the project has none yet. */
export async function get(db: DB, projectId: number) {
  return toClosure(await repo.closure.ensure(db, projectId));
}

/**
 * PATCH one field (002 §2.4 "Every change is saved at once"): the items stay editable whatever the signature
 * state; a person responsible must be on the project's team (002 §6) — 400 otherwise.
 */
export async function patch(db: DB, access: ProjectAccess, body: PatchBody, expectedVersion?: number) {
  const [field, value] = Object.entries(body)[0] as [PatchField, unknown];
  const def = PATCH_FIELDS[field];
  if (def.person && !isTeamProfessional(access.team, value as number | null))
    throw httpError(400, PERSON_NOT_IN_TEAM);
  const projectId = access.project.id;
  return db.transaction().execute(async (trx) => {
    await repo.closure.ensure(trx, projectId);
    const changed = await repo.closure.update(trx, projectId, { [def.column]: value }, expectedVersion);
    const current = toClosure((await repo.closure.find(trx, projectId))!);
    if (changed) await recordChange(trx, callerChange(access, AREA, 'changed', def.label));
    return { changed, current };
  });
}

/**
 * PATCH signed-type (002 §2.4 step 1): 'Upload and eSign' = 2, 'Upload your signed document' = 3; only
 * while the wizard is editable (409); an absent status becomes draft. Type 1 "cannot be reached from these
 * buttons" and has no flow here: 400.
 */
export async function setSignedType(
  db: DB,
  access: ProjectAccess,
  signedType: number,
  expectedVersion?: number,
) {
  if (signedType !== 2 && signedType !== 3) throw httpError(400, ONLY_ESIGN_TYPES);
  const projectId = access.project.id;
  return db.transaction().execute(async (trx) => {
    const rec = await repo.closure.ensure(trx, projectId, true);
    if (expectedVersion !== undefined && rec.version !== expectedVersion)
      return { changed: false, current: toClosure(rec) };
    if (!isSignatureEditable(rec.signedStatus)) throw httpError(409, SIGNATURE_MESSAGES.locked);
    await repo.closure.update(trx, projectId, { signedType, signedStatus: rec.signedStatus ?? 'draft' });
    if (rec.signedType !== signedType) {
      const subject = `Legal closure document: ${signedType === 2 ? 'Upload and eSign' : 'Upload your signed document'}`;
      await recordChange(trx, callerChange(access, AREA, 'changed', subject));
    }
    return { changed: true, current: toClosure((await repo.closure.find(trx, projectId))!) };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Recipients (002 §2.4 recipients step, §5: name required, e-mail required and valid)

export async function listRecipients(db: DB, projectId: number) {
  return (await repo.listRecipients(db, projectId)).map(toRecipient);
}

/** Add or delete: only when signedType is not 1 and the wizard is editable (002 §2.4) — 409 otherwise. */
function assertCanChangeRecipients(rec: repo.ClosureRow) {
  const editable = isSignatureEditable(rec.signedStatus);
  if (!canChangeRecipients('legal-document', rec.signedType, editable))
    throw httpError(409, editable ? SIGNATURE_MESSAGES.typeOne : SIGNATURE_MESSAGES.locked);
}

/** The recipient of the path, which must be an active one of the project (404 otherwise). */
async function recipientOf(db: DB, projectId: number, id: number) {
  const r = await repo.findRecipient(db, id);
  if (!r || r.projectId !== projectId || !r.isActive)
    throw httpError(404, `Recipient ${id} not found in project ${projectId}`);
  return r;
}

export async function addRecipient(db: DB, access: ProjectAccess, body: { name: string; email: string }) {
  const projectId = access.project.id;
  return db.transaction().execute(async (trx) => {
    assertCanChangeRecipients(await repo.closure.ensure(trx, projectId, true));
    const row = await repo.insertRecipient(trx, projectId, body);
    await recordChange(trx, callerChange(access, AREA, 'added', `Legal document recipient ${row.name}`));
    return toRecipient(row);
  });
}

/** PUT: name and e-mail, while the wizard is editable (409); If-Match → 412 with the current recipient. */
export async function updateRecipient(
  db: DB,
  access: ProjectAccess,
  id: number,
  body: { name: string; email: string },
  expectedVersion?: number,
) {
  const projectId = access.project.id;
  return db.transaction().execute(async (trx) => {
    const rec = await repo.closure.ensure(trx, projectId, true);
    await recipientOf(trx, projectId, id);
    if (!isSignatureEditable(rec.signedStatus)) throw httpError(409, SIGNATURE_MESSAGES.locked);
    const changed = await repo.updateRecipient(
      trx,
      id,
      { name: body.name, email: body.email },
      expectedVersion,
    );
    const current = toRecipient((await repo.findRecipient(trx, id))!);
    if (changed)
      await recordChange(
        trx,
        callerChange(access, AREA, 'changed', `Legal document recipient ${current.name}`),
      );
    return { changed, current };
  });
}

/** DELETE: the recipient leaves the list (isActive false); If-Match → 412 with the current recipient. */
export async function removeRecipient(db: DB, access: ProjectAccess, id: number, expectedVersion?: number) {
  const projectId = access.project.id;
  return db.transaction().execute(async (trx) => {
    const rec = await repo.closure.ensure(trx, projectId, true);
    const row = await recipientOf(trx, projectId, id);
    assertCanChangeRecipients(rec);
    if (expectedVersion !== undefined && row.version !== expectedVersion)
      return { removed: false, current: toRecipient(row) };
    await repo.updateRecipient(trx, id, { isActive: false });
    await recordChange(trx, callerChange(access, AREA, 'removed', `Legal document recipient ${row.name}`));
    return { removed: true, current: toRecipient(row) };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Submit, upload, download, Remove Document

/** The signed PDF becomes the legal document: stored, named, completed (type 3, or a direct upload). */
async function storeSignedDocument(
  deps: ClosureDeps,
  trx: DB,
  access: ProjectAccess,
  upload: PdfUpload,
  written: string[],
) {
  const projectId = access.project.id;
  const key = newFileKey(`projects/${projectId}/legal-document`);
  written.push(key);
  const { size } = await deps.files.put(key, upload.buffer, { contentType: PDF, fileName: upload.fileName });
  await insertStoredFile(trx, {
    key,
    fileName: upload.fileName,
    contentType: PDF,
    size,
    createdBy: access.user.professionalId,
  });
  return {
    signedFileKey: key,
    legalClosureDocumentAttachFile: upload.fileName,
    unsignedFileKey: null,
    unSignatureFilename: null,
    signedStatus: statusAfterSubmit(3),
  } satisfies repo.ClosureValues;
}

/**
 * Runs `work` in one transaction on the locked record; files written meanwhile are deleted again if it fails,
 * the files it replaced after it commits (unless the engine's audit trail names them).
 */
async function withDocument(
  deps: ClosureDeps,
  projectId: number,
  work: (trx: DB, rec: repo.ClosureRow, written: string[]) => Promise<repo.ClosureValues | null>,
) {
  const written: string[] = [];
  let discarded: string[] = [];
  let current: repo.ClosureRow;
  try {
    current = await deps.db.transaction().execute(async (trx) => {
      const rec = await repo.closure.ensure(trx, projectId, true);
      const values = await work(trx, rec, written);
      if (values) {
        await repo.closure.update(trx, projectId, values);
        const replaced = [rec.unsignedFileKey, rec.signedFileKey].filter(
          (k) => k && k !== values.unsignedFileKey && k !== values.signedFileKey,
        );
        discarded = await repo.discardStoredFiles(trx, replaced);
      }
      return (await repo.closure.find(trx, projectId))!;
    });
  } catch (e) {
    await deleteBytes(deps, written);
    throw e;
  }
  await deleteBytes(deps, discarded);
  return toClosure(current);
}

/**
 * POST submit (002 §2.4, §5): the wizard's last step, multipart `file` (a file is always needed for the legal
 * document: 'Please, select a file'). Type 2 sends the PDF for signature through the engine (signedStatus
 * 'sent'; the engine later completes it); type 3 stores the already signed PDF (signedStatus 'completed').
 */
export async function submit(deps: ClosureDeps, access: ProjectAccess, upload: PdfUpload | undefined) {
  const projectId = access.project.id;
  return withDocument(deps, projectId, async (trx, rec, written) => {
    const recipients = await repo.listRecipients(trx, projectId);
    const refusal = submitRefusal(
      'legal-document',
      { signedStatus: rec.signedStatus, signedType: rec.signedType },
      { hasFile: !!upload, recipients: recipients.length },
    );
    if (refusal) throw httpError(refusal.status, refusal.message);
    const file = upload!;
    if (rec.signedType === 3) {
      const values = await storeSignedDocument(deps, trx, access, file, written);
      await recordChange(
        trx,
        callerChange(access, AREA, 'uploaded', `Signed legal closure document ${file.fileName}`),
      );
      return values;
    }
    const project = (await projectHeader(trx, projectId))!;
    const { documentKey } = await deps.esign.request(trx, {
      owner: owner(projectId),
      projectId,
      subject: `Legal closure document — ${project.code}`,
      message: `Please review and sign the legal closure document of the project ${project.name} (${project.code}).`,
      document: file.buffer,
      documentName: file.fileName,
      recipients: recipients.map((r) => ({ id: r.id, name: r.name, email: r.email })),
      createdBy: access.user.professionalId,
    });
    await recordChange(
      trx,
      callerChange(access, AREA, 'uploaded', `Legal closure document sent to sign: ${file.fileName}`),
    );
    return {
      signedStatus: statusAfterSubmit(2),
      unsignedFileKey: documentKey,
      unSignatureFilename: file.fileName,
      signedFileKey: null,
      legalClosureDocumentAttachFile: null,
    };
  });
}

/**
 * POST legal-documents/file: a PDF uploaded as the legal document itself, already signed — the effect of a
 * type 3 submit (signedType 3, completed), only while the wizard is editable (409).
 */
export async function uploadSigned(deps: ClosureDeps, access: ProjectAccess, upload: PdfUpload) {
  return withDocument(deps, access.project.id, async (trx, rec, written) => {
    if (!isSignatureEditable(rec.signedStatus)) throw httpError(409, SIGNATURE_MESSAGES.locked);
    const values = await storeSignedDocument(deps, trx, access, upload, written);
    await recordChange(
      trx,
      callerChange(access, AREA, 'uploaded', `Signed legal closure document ${upload.fileName}`),
    );
    return { ...values, signedType: 3 };
  });
}

/** Whether the record has a document to download or remove. */
const hasDocument = (rec: repo.ClosureRow) =>
  !!(
    rec.signedFileKey ||
    rec.unsignedFileKey ||
    rec.legalClosureDocumentAttachFile ||
    rec.unSignatureFilename
  );

/**
 * DELETE legal-documents/file — Remove Document (002 §2.4: "there is no resend feature; to resend, remove the
 * document and upload it again"): voids an open envelope, forgets the files, clears the file fields, sets the
 * signed status back to absent and resets the recipients' signatures, so the wizard is editable again (the
 * signed type and the recipients stay). 404 when there is nothing to remove; If-Match → 412.
 */
export async function removeDocument(deps: ClosureDeps, access: ProjectAccess, expectedVersion?: number) {
  const projectId = access.project.id;
  let stale: ClosureExternal | undefined;
  const current = await withDocument(deps, projectId, async (trx, rec) => {
    if (!hasDocument(rec) && isSignatureEditable(rec.signedStatus))
      throw httpError(404, SIGNATURE_MESSAGES.noFile);
    if (expectedVersion !== undefined && rec.version !== expectedVersion) {
      stale = toClosure(rec);
      return null;
    }
    await deps.esign.void(trx, owner(projectId), REMOVED_REASON);
    await repo.resetRecipientSignatures(trx, projectId);
    const subject =
      `Legal closure document ${rec.legalClosureDocumentAttachFile ?? rec.unSignatureFilename ?? ''}`.trim();
    await recordChange(trx, callerChange(access, AREA, 'removed', subject));
    return {
      signedStatus: null,
      signedFileKey: null,
      unsignedFileKey: null,
      legalClosureDocumentAttachFile: null,
      unSignatureFilename: null,
    };
  });
  return stale ? { removed: false, current: stale } : { removed: true, current };
}

/** GET legal-documents/file: the signed document when there is one, else the unsigned one sent; 404 otherwise. */
export async function openDocument(
  deps: Pick<ClosureDeps, 'db' | 'files'>,
  projectId: number,
): Promise<{ stream: Readable; fileName: string; contentType: string; size: number }> {
  const rec = await repo.closure.find(deps.db, projectId);
  const key = rec?.signedFileKey ?? rec?.unsignedFileKey;
  if (!rec || !key) throw httpError(404, SIGNATURE_MESSAGES.noFile);
  const [row, file] = await Promise.all([findStoredFile(deps.db, key), deps.files.get(key)]);
  if (!file) throw httpError(404, SIGNATURE_MESSAGES.noFile);
  const name = rec.signedFileKey ? rec.legalClosureDocumentAttachFile : rec.unSignatureFilename;
  return {
    stream: file.stream,
    fileName: name ?? row?.fileName ?? file.fileName,
    contentType: row?.contentType ?? file.contentType,
    size: file.size,
  };
}

/** GET legal-documents/template: the generated template PDF and its name. */
export async function template(db: DB, projectId: number) {
  const project = await projectHeader(db, projectId);
  if (!project) throw httpError(404, `Project ${projectId} not found`);
  return { buffer: legalClosureTemplate(project), fileName: templateFileName(project.code) };
}
