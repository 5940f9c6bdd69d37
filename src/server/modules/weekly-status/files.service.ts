import type { Readable } from 'node:stream';
import { SIGNATURE_MESSAGES } from '@domain/rules';
import { PDF_CONTENT_TYPE } from '@server/adapters/documents';
import { mergePdfs } from '@server/adapters/documents/merge';
import type { DB } from '@server/db';
import { httpError } from '@server/http';
import { toDateString, toIso } from '@server/platform/dates';
import { weeklyStatusPdf } from './document';
import { record, type WeeklyStatusDeps } from './record';
import * as repo from './repo';

/** Weekly status files: the template PDF, the signed or unsigned file, the project's signed files merged. */

export const NO_SIGNED_WEEKLY_STATUSES = 'There are no signed weekly statuses yet';

export interface FileToSend {
  stream: Readable | Buffer;
  fileName: string;
  contentType: string;
  size?: number;
}

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
  const { code } = await repo.findProjectName(deps.db, projectId);
  return {
    stream: merged,
    fileName: `weekly-statuses-${code}.pdf`,
    contentType: PDF_CONTENT_TYPE,
    size: merged.length,
  };
}
