import type { FastifyInstance } from 'fastify';
import { newFileKey } from '../../platform/files';
import { insertStoredFile } from '../../platform/stored-files';
import { renderPdf } from '../../adapters/documents';
import * as weeklyRepo from '../../modules/weekly-status/repo';
import { generatePdf } from '../../modules/weekly-status/service';

/**
 * The seeded weekly statuses' documents (run once, right after a fresh demo seed, by main.ts): the seed writes
 * rows only, so the completed ones get their signed file (the template PDF of their own sections, stored as
 * uploaded already signed: they are type 3) and the sent ones go to the e-signature engine for real (their
 * recipient gets a link in the outbox), so every seeded status downloads, resends and can be signed. The complete
 * cases the closure seed names get a short case document.
 */
export async function seedSignatureFiles(app: FastifyInstance) {
  const { db, files, esign } = app;
  const rows = await db
    .selectFrom('weeklyStatuses')
    .select(['id', 'signedStatus'])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('signedStatus', '=', 'completed'),
          eb('signedFileKey', 'is', null),
          eb('signatureFilename', 'is not', null),
        ]),
        eb.and([eb('signedStatus', '=', 'sent'), eb('unsignedFileKey', 'is', null)]),
      ]),
    )
    .orderBy('id')
    .execute();
  for (const { id, signedStatus } of rows) {
    const row = (await weeklyRepo.findWeeklyStatus(db, id))!;
    const pdf = await generatePdf(db, row);
    if (signedStatus === 'completed') {
      const key = newFileKey(`weekly-status/${id}/signed`);
      const fileName = row.signatureFilename ?? pdf.fileName;
      const { size } = await files.put(key, pdf.buffer, { contentType: 'application/pdf', fileName });
      await db.transaction().execute(async (trx) => {
        await insertStoredFile(trx, { key, fileName, contentType: 'application/pdf', size });
        await trx.updateTable('weeklyStatuses').set({ signedFileKey: key }).where('id', '=', id).execute();
      });
      continue;
    }
    const recipients = await weeklyRepo.listActiveRecipients(db, id);
    if (recipients.length === 0) continue;
    await db.transaction().execute(async (trx) => {
      const { documentKey } = await esign.request(trx, {
        owner: { type: 'weekly-status', id },
        projectId: row.projectId,
        subject: `Weekly status — ${pdf.project.code}`,
        document: pdf.buffer,
        documentName: pdf.fileName,
        recipients: recipients.map((r) => ({ id: r.id, name: r.name, email: r.email })),
        createdBy: null,
      });
      await trx
        .updateTable('weeklyStatuses')
        .set({ unsignedFileKey: documentKey, unSignatureFilename: pdf.fileName })
        .where('id', '=', id)
        .execute();
    });
  }
  // the complete cases the seed names (DEMO-CLOSEOUT, DEMO-FINISHED): a short case document each
  const cases = await db
    .selectFrom('closureInternal')
    .innerJoin('projects', 'projects.id', 'closureInternal.projectId')
    .select([
      'closureInternal.projectId',
      'closureInternal.formCompleteCaseAttach',
      'projects.code',
      'projects.name',
    ])
    .where('closureInternal.formCompleteCaseAttach', 'is not', null)
    .where('closureInternal.formCompleteCaseFileKey', 'is', null)
    .execute();
  for (const c of cases) {
    const fileName = c.formCompleteCaseAttach!;
    const buffer = renderPdf({
      title: `Case — ${c.code}`,
      subtitle: c.name,
      blocks: [
        { type: 'heading', text: 'Context' },
        { type: 'paragraph', text: 'A retail bank wanted to grow its small-business lending in São Paulo.' },
        { type: 'heading', text: 'What we did' },
        { type: 'paragraph', text: 'Diagnosis, a new credit journey and a pilot with two branches.' },
        { type: 'heading', text: 'Results' },
        {
          type: 'paragraph',
          text: 'Approval time down from nine days to two; the pilot is being rolled out.',
        },
      ],
    });
    const key = newFileKey(`closure-internal/${c.projectId}/complete-case`);
    const { size } = await files.put(key, buffer, { contentType: 'application/pdf', fileName });
    await db.transaction().execute(async (trx) => {
      await insertStoredFile(trx, { key, fileName, contentType: 'application/pdf', size });
      await trx
        .updateTable('closureInternal')
        .set({ formCompleteCaseFileKey: key })
        .where('projectId', '=', c.projectId)
        .execute();
    });
  }
  return rows.length + cases.length;
}
