import type { Readable } from 'node:stream';
import type { FileStore } from '@server/adapters/files';
import type { DB } from '@server/db';
import { httpError } from '@server/http';
import { newFileKey, type PdfUpload } from '@server/platform/files';
import { recordChange } from '@server/platform/history';
import { deleteStoredFile, insertStoredFile } from '../../platform/stored-files';
import { updateVersioned } from '../../platform/versioned-update';

/**
 * The project's proposal file (spec 001, Setup › Project › Proposal): `POST api/projects/{id}/proposal`
 * stores a PDF (read with `readPdfUpload`), `GET api/projects/{id}/proposal` streams it back
 * (`sendStoredFile`). The bytes live in the file store under a new key per upload; the database keeps the
 * `stored_files` row, `projects.proposal_file_key` and the name (`projects.proposal_filename`); each upload
 * is recorded in the project's history.
 */
export interface ProposalDeps {
  db: DB;
  files: FileStore;
  /** Where a failed clean-up of the replaced file is reported (the upload itself has succeeded). */
  log?: { warn(obj: object, msg: string): void };
}

export const NO_PROPOSAL_MESSAGE = 'This project has no proposal file';

const PDF = 'application/pdf';

/**
 * Stores `upload` as the project's proposal, replacing the previous one. The file is written first, then
 * one transaction records it and points the project at it (bumping the project's version); the previous
 * file's row goes in the same transaction and its bytes are deleted after the commit. If the transaction
 * fails the new file is deleted again, so the store never keeps a file no row names (short of a crash).
 */
export async function uploadProposal(
  deps: ProposalDeps,
  projectId: number,
  upload: PdfUpload,
  userId: number | null,
): Promise<{ key: string; fileName: string; size: number }> {
  const exists = await deps.db
    .selectFrom('projects')
    .select('id')
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!exists) throw httpError(404, `Project ${projectId} not found`);

  const key = newFileKey(`projects/${projectId}/proposal`);
  const { size } = await deps.files.put(key, upload.buffer, { contentType: PDF, fileName: upload.fileName });
  let previous: string | null;
  try {
    previous = await deps.db.transaction().execute(async (trx) => {
      const project = await trx
        .selectFrom('projects')
        .select('proposalFileKey')
        .where('id', '=', projectId)
        .forUpdate()
        .executeTakeFirst();
      if (!project) throw httpError(404, `Project ${projectId} not found`);
      await insertStoredFile(trx, {
        key,
        fileName: upload.fileName,
        contentType: PDF,
        size,
        createdBy: userId,
      });
      await updateVersioned(
        trx,
        'projects',
        { id: projectId },
        { proposalFileKey: key, proposalFilename: upload.fileName },
      );
      if (project.proposalFileKey) {
        await deleteStoredFile(trx, project.proposalFileKey);
      }
      // the project's history (Project Home): Proposal, uploaded, the file's name
      await recordChange(trx, {
        projectId,
        by: userId,
        area: 'Proposal',
        action: 'uploaded',
        subject: upload.fileName,
      });
      return project.proposalFileKey;
    });
  } catch (e) {
    await deps.files.delete(key).catch(() => undefined);
    throw e;
  }
  if (previous) {
    try {
      await deps.files.delete(previous);
    } catch (err) {
      deps.log?.warn({ err, key: previous }, 'proposal: the replaced file could not be deleted');
    }
  }
  return { key, fileName: upload.fileName, size };
}

/** The project's proposal file, ready to stream; 404 'This project has no proposal file' otherwise. */
export async function openProposal(
  deps: ProposalDeps,
  projectId: number,
): Promise<{ stream: Readable; fileName: string; contentType: string; size: number }> {
  const row = await deps.db
    .selectFrom('projects')
    .leftJoin('storedFiles', 'storedFiles.key', 'projects.proposalFileKey')
    .select([
      'projects.id',
      'projects.proposalFilename',
      'storedFiles.key',
      'storedFiles.fileName',
      'storedFiles.contentType',
    ])
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw httpError(404, `Project ${projectId} not found`);
  if (!row.key) throw httpError(404, NO_PROPOSAL_MESSAGE);
  const file = await deps.files.get(row.key);
  if (!file) throw httpError(404, NO_PROPOSAL_MESSAGE);
  return {
    stream: file.stream,
    fileName: row.proposalFilename ?? row.fileName ?? file.fileName,
    contentType: row.contentType ?? file.contentType,
    size: file.size,
  };
}
