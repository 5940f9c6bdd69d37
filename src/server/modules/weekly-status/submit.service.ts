import type { WeeklyStatus } from '@domain/contract';
import {
  statusAfterSubmit,
  submitRefusal,
  weeklyStatusActions,
  SIGNATURE_MESSAGES,
  type ProjectAccess,
} from '@domain/rules';
import { PDF_CONTENT_TYPE } from '@server/adapters/documents';
import { httpError } from '@server/http';
import { newFileKey, type PdfUpload } from '@server/platform/files';
import { insertStoredFile } from '@server/platform/stored-files';
import { generatePdf } from './files.service';
import {
  change,
  label,
  lockedWrite,
  owner,
  record,
  toWeeklyStatus,
  unchanged,
  type Versioned,
  type WeeklyStatusDeps,
} from './record';
import * as repo from './repo';

/** The weekly status's signing round: submit (sent to sign, or the signed file uploaded) and resend. */

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
        const project = document.project ?? (await repo.findProjectName(trx, row.projectId));
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
        const internal = await repo.findProfessionalsByEmail(
          trx,
          recipients.map((r) => r.email),
        );
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
