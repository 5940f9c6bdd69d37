import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import { ClosureExternal, Recipient } from '@domain/contract';
import { SIGNATURE_MESSAGES } from '@domain/rules';
import { renderPdf } from '@server/adapters/documents';
import { modules } from '@server/modules';
import closureExternal from '@server/modules/closure-external/routes';
import { createTestContext, demoIds, type TestContext } from '../helpers';
import { request, type Method } from '../request';
import { multipartBody, type FormPart } from '../multipart';

/**
 * Closure With Client: the record and its items, the signed type,
 * recipients, submit (type 2 through the built-in engine to completed, type 3 at once), the legal document
 * file (download, direct upload, Remove Document) and the template; forbidden and bad input.
 */
if (!modules.includes(closureExternal)) modules.push(closureExternal);

let ctx: TestContext;
let CLOSURE: number; // DEMO-CLOSURE (status 4): the main project
let CLOSEOUT: number; // DEMO-CLOSEOUT: the type 3 path
let DRAFT: number; // DEMO-DRAFT: Oscar is on its team here (a member of another project)
let FINISHED: number; // DEMO-FINISHED: direct upload
let PAUSED: number; // DEMO-PAUSED: remove while sent (void)
const who: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  const ids = await demoIds(ctx.db);
  CLOSURE = ids.project['DEMO-CLOSURE']!;
  CLOSEOUT = ids.project['DEMO-CLOSEOUT']!;
  DRAFT = ids.project['DEMO-DRAFT']!;
  FINISHED = ids.project['DEMO-FINISHED']!;
  PAUSED = ids.project['DEMO-PAUSED']!;
  Object.assign(who, ids.person);
  await ctx.db
    .insertInto('projectTeam')
    .values({ projectId: DRAFT, professionalId: who['oscar.outsider']! })
    .execute();
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  await ctx.app.esign.drain();
  await ctx.db.deleteFrom('mailOutbox').execute();
});

const base = (id: number) => `/api/project-closure-external/project/${id}`;
const fileUrl = (id: number) => `/api/projects/${id}/legal-documents/file`;
const pdf = (title: string) =>
  renderPdf({ title, blocks: [{ type: 'paragraph', text: 'Termo de encerramento — São Paulo' }] });
const upload = (login: string, url: string, parts: FormPart[]) => request(ctx, login).upload(url, parts);
const pdfPart = (fileName: string, data: Buffer) => [
  { name: 'file', filename: fileName, contentType: 'application/pdf', data },
];
const record = async (id: number) => {
  const res = await request(ctx, 'marcos.manager').get(base(id));
  expect(res.statusCode).toBe(200);
  return ClosureExternal.parse(res.json());
};
const recipients = async (id: number) =>
  (await request(ctx, 'marcos.manager').get(`${base(id)}/recipients`)).json() as Recipient[];
const mails = () =>
  ctx.db.selectFrom('mailOutbox').select(['toAddress', 'subject', 'body']).orderBy('id').execute();

describe('the closure record (GET / PATCH api/project-closure-external/project/{id})', () => {
  it('answers the seeded record with its ETag to anyone signed in, and creates a default one when missing', async () => {
    const res = await request(ctx, 'oscar.outsider').get(base(CLOSURE));
    expect(res.statusCode).toBe(200);
    const rec = ClosureExternal.parse(res.json());
    expect(res.headers.etag).toBe(`"${rec.version}"`);
    expect(rec).toMatchObject({
      signedType: 2,
      signedStatus: 'draft',
      legalClosureDocumentAttachFile: null,
      legalClosureDocument: {
        IDPersonResponsible: who['paula.partner'],
        LogoAuthorization: true,
        Status: false,
      },
      thankYouLetter: { IDPersonResponsible: who['carla.consultant'], Status: false },
    });

    await ctx.db.deleteFrom('closureExternal').where('projectId', '=', DRAFT).execute();
    const fresh = await record(DRAFT);
    expect(fresh).toEqual({
      signedType: null,
      signedStatus: null,
      legalClosureDocumentAttachFile: null,
      unSignatureFilename: null,
      signedWeeklyStatus: { IDPersonResponsible: null, Status: false, AttachFile: null },
      legalClosureDocument: { IDPersonResponsible: null, Status: false, LogoAuthorization: null },
      clientTestimonial: { IDPersonResponsible: null, Status: false, ResponsibleRequested: null },
      thankYouLetter: { IDPersonResponsible: null, Status: false, TeamOffer: null },
      version: 1,
    });
    expect((await request(ctx, 'marcos.manager').get(base(999_999))).statusCode).toBe(404);
    expect(
      (await request(ctx, 'marcos.manager').get(`/api/project-closure-external/project/abc`)).statusCode,
    ).toBe(400);
  });

  it('saves one field at a time for the team (If-Match, history), team-only responsibles, 403 for others', async () => {
    const before = await record(CLOSURE);
    const res = await request(ctx, 'carla.consultant').patch(
      base(CLOSURE),
      { thankYouLetterTeamOffer: true },
      { ifMatch: `"${before.version}"` },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().thankYouLetter.TeamOffer).toBe(true);
    expect(res.json().version).toBe(before.version + 1);
    expect(res.headers.etag).toBe(`"${before.version + 1}"`);
    const history = await ctx.db
      .selectFrom('projectChanges')
      .select(['area', 'action', 'subject'])
      .where('projectId', '=', CLOSURE)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(history).toEqual({
      area: 'Closure With Client',
      action: 'changed',
      subject: 'Thank You Letter/Gift: team offer',
    });

    // stale version → 412 with the current record
    const stale = await request(ctx, 'carla.consultant').patch(
      base(CLOSURE),
      { clientTestimonialStatus: true },
      { ifMatch: `"${before.version}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current.thankYouLetter.TeamOffer).toBe(true);

    const dora = await request(ctx, 'alice.admin').patch(base(CLOSURE), {
      clientTestimonialIDPersonResponsible: who['dora.director'],
    });
    expect(dora.statusCode).toBe(200);
    expect(dora.json().clientTestimonial.IDPersonResponsible).toBe(who['dora.director']);
    const nobody = await request(ctx, 'marcos.manager').patch(base(CLOSURE), {
      signedWeeklyStatusIDPersonResponsible: null,
    });
    expect(nobody.json().signedWeeklyStatus.IDPersonResponsible).toBeNull();

    const outsider = await request(ctx, 'marcos.manager').patch(base(CLOSURE), {
      legalClosureDocumentIDPersonResponsible: who['oscar.outsider'],
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().message).toBe('The person responsible must be a member of the project team');

    for (const bad of [
      {},
      { a: 1 },
      { thankYouLetterStatus: 'yes' },
      { thankYouLetterStatus: true, clientTestimonialStatus: true },
    ])
      expect((await request(ctx, 'marcos.manager').patch(base(CLOSURE), bad)).statusCode).toBe(400);
    expect(
      (
        await request(ctx, 'marcos.manager').patch(
          base(CLOSURE),
          { thankYouLetterStatus: true },
          { ifMatch: 'x' },
        )
      ).statusCode,
    ).toBe(400);

    // Oscar is a member of DEMO-DRAFT, not of DEMO-CLOSURE
    expect(
      (await request(ctx, 'oscar.outsider').patch(base(CLOSURE), { thankYouLetterStatus: true })).statusCode,
    ).toBe(403);
    expect(
      (await request(ctx, 'oscar.outsider').patch(base(DRAFT), { thankYouLetterStatus: true })).statusCode,
    ).toBe(200);
    expect(
      (await request(ctx, 'gil.governance').patch(base(CLOSURE), { thankYouLetterStatus: true })).statusCode,
    ).toBe(403);
    expect((await record(CLOSURE)).thankYouLetter.Status).toBe(false);
  });
});

describe('signed type and recipients', () => {
  it('sets the type while editable (absent → draft), refuses type 1, a stale version and outsiders', async () => {
    const draftRec = await record(DRAFT); // created with defaults above: no status
    expect(draftRec.signedStatus).toBeNull();
    const set = await request(ctx, 'oscar.outsider').patch(`${base(DRAFT)}/signed-type`, { signedType: 3 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ signedType: 3, signedStatus: 'draft' });
    const one = await request(ctx, 'marcos.manager').patch(`${base(CLOSURE)}/signed-type`, { signedType: 1 });
    expect(one.statusCode).toBe(400);
    for (const bad of [{}, { signedType: 4 }, { signedType: '2' }])
      expect(
        (await request(ctx, 'marcos.manager').patch(`${base(CLOSURE)}/signed-type`, bad)).statusCode,
      ).toBe(400);
    const stale = await request(ctx, 'marcos.manager').patch(
      `${base(CLOSURE)}/signed-type`,
      { signedType: 2 },
      { ifMatch: '"999"' },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current.signedType).toBe(2);
    expect(
      (await request(ctx, 'oscar.outsider').patch(`${base(CLOSURE)}/signed-type`, { signedType: 3 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await request(ctx, 'marcos.manager').patch(`${base(999_999)}/signed-type`, { signedType: 3 }))
        .statusCode,
    ).toBe(404);
  });

  it('lists active recipients; adds, edits and deletes them with validation, versions and 404s', async () => {
    expect((await recipients(CLOSURE)).map((r) => r.name)).toEqual(['Helena Souza']);
    const noName = await request(ctx, 'marcos.manager').post(`${base(CLOSURE)}/recipients`, {
      name: ' ',
      email: 'a@b.com',
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain('Recipient name is required');
    const badMail = await request(ctx, 'marcos.manager').post(`${base(CLOSURE)}/recipients`, {
      name: 'Ana',
      email: 'ana',
    });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json().message).toContain('email');
    expect(
      (await request(ctx, 'marcos.manager').post(`${base(CLOSURE)}/recipients`, { name: 'Ana' })).statusCode,
    ).toBe(400);

    const added = await request(ctx, 'carla.consultant').post(`${base(CLOSURE)}/recipients`, {
      name: 'Ana Cliente',
      email: 'ana@client.example.com',
    });
    expect(added.statusCode).toBe(201);
    const ana = Recipient.parse(added.json());
    expect(ana).toMatchObject({
      name: 'Ana Cliente',
      isSigned: false,
      isActive: true,
      signedCode: null,
      version: 1,
    });
    expect(added.headers.etag).toBe('"1"');

    const put = await request(ctx, 'carla.consultant').put(
      `${base(CLOSURE)}/recipients/${ana.id}`,
      { name: 'Ana Cliente Silva', email: 'ana.silva@client.example.com' },
      { ifMatch: '"1"' },
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      name: 'Ana Cliente Silva',
      email: 'ana.silva@client.example.com',
      version: 2,
    });
    const stale = await request(ctx, 'carla.consultant').put(
      `${base(CLOSURE)}/recipients/${ana.id}`,
      { name: 'Old', email: 'old@client.example.com' },
      { ifMatch: '"1"' },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current.name).toBe('Ana Cliente Silva');

    // a recipient of another project is not found here
    const other = (await recipients(CLOSEOUT))[0]!;
    expect(
      (
        await request(ctx, 'marcos.manager').put(`${base(CLOSURE)}/recipients/${other.id}`, {
          name: 'X',
          email: 'x@y.com',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await request(ctx, 'marcos.manager').delete(`${base(CLOSURE)}/recipients/${other.id}`)).statusCode,
    ).toBe(404);

    const extra = Recipient.parse(
      (
        await request(ctx, 'marcos.manager').post(`${base(CLOSURE)}/recipients`, {
          name: 'To go',
          email: 'go@client.example.com',
        })
      ).json(),
    );
    expect(
      (
        await request(ctx, 'marcos.manager').delete(`${base(CLOSURE)}/recipients/${extra.id}`, {
          ifMatch: '"7"',
        })
      ).statusCode,
    ).toBe(412);
    expect(
      (await request(ctx, 'marcos.manager').delete(`${base(CLOSURE)}/recipients/${extra.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await request(ctx, 'marcos.manager').delete(`${base(CLOSURE)}/recipients/${extra.id}`)).statusCode,
    ).toBe(404);
    const gone = await ctx.db
      .selectFrom('closureExternalRecipients')
      .select('isActive')
      .where('id', '=', extra.id!)
      .executeTakeFirstOrThrow();
    expect(gone.isActive).toBe(false);
    expect((await recipients(CLOSURE)).map((r) => r.name)).toEqual(['Helena Souza', 'Ana Cliente Silva']);

    // outsiders (a member of another project) may read but not write
    expect((await request(ctx, 'oscar.outsider').get(`${base(CLOSURE)}/recipients`)).statusCode).toBe(200);
    expect(
      (
        await request(ctx, 'oscar.outsider').post(`${base(CLOSURE)}/recipients`, {
          name: 'O',
          email: 'o@x.com',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await request(ctx, 'oscar.outsider').put(`${base(CLOSURE)}/recipients/${ana.id}`, {
          name: 'O',
          email: 'o@x.com',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await request(ctx, 'oscar.outsider').delete(`${base(CLOSURE)}/recipients/${ana.id}`)).statusCode,
    ).toBe(403);
  });
});

describe('Upload and eSign (type 2) through the built-in engine', () => {
  it('refuses a submit without a file, a non-PDF, and without recipients; outsiders get 403', async () => {
    const none = await upload('marcos.manager', `${base(CLOSURE)}/submit`, [{ name: 'other', data: 'x' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please, select a file');
    const png = await upload(
      'marcos.manager',
      `${base(CLOSURE)}/submit`,
      pdfPart('fake.pdf', Buffer.from('\x89PNG\r\n', 'binary')),
    );
    expect(png.statusCode).toBe(400);
    expect(png.json().message).toBe('Only PDF files is allowed');
    expect(
      (await upload('oscar.outsider', `${base(CLOSURE)}/submit`, pdfPart('a.pdf', pdf('A')))).statusCode,
    ).toBe(403);

    // PAUSED without recipients
    await ctx.db
      .updateTable('closureExternalRecipients')
      .set({ isActive: false })
      .where('projectId', '=', PAUSED)
      .execute();
    const empty = await upload('marcos.manager', `${base(PAUSED)}/submit`, pdfPart('a.pdf', pdf('A')));
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(SIGNATURE_MESSAGES.noRecipients);
    // a record with no type yet
    await ctx.db
      .updateTable('closureExternal')
      .set({ signedType: null })
      .where('projectId', '=', PAUSED)
      .execute();
    const noType = await upload('marcos.manager', `${base(PAUSED)}/submit`, pdfPart('a.pdf', pdf('A')));
    expect(noType.statusCode).toBe(409);
    expect(noType.json().message).toBe(SIGNATURE_MESSAGES.noType);
  });

  it('sends to the recipients, locks the wizard, completes when all sign, and downloads the signed PDF', async () => {
    const document = pdf('Legal closure document');
    const res = await upload(
      'marcos.manager',
      `${base(CLOSURE)}/submit`,
      pdfPart('Termo de Encerramento.pdf', document),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      signedType: 2,
      signedStatus: 'sent',
      unSignatureFilename: 'Termo de Encerramento.pdf',
    });
    expect(res.headers.etag).toBe(`"${res.json().version}"`);

    // the unsigned document sent downloads before anyone signs
    const unsigned = await request(ctx, 'oscar.outsider').get(fileUrl(CLOSURE));
    expect(unsigned.statusCode).toBe(200);
    expect(decodeURIComponent(String(unsigned.headers['x-file-name']))).toBe('Termo de Encerramento.pdf');
    expect(unsigned.rawPayload.equals(document)).toBe(true);

    // locked: type, recipients (add, edit, delete), submit again, direct upload → 409; the items stay editable
    const locked = [
      await request(ctx, 'marcos.manager').patch(`${base(CLOSURE)}/signed-type`, { signedType: 3 }),
      await request(ctx, 'marcos.manager').post(`${base(CLOSURE)}/recipients`, {
        name: 'Late',
        email: 'late@client.example.com',
      }),
      await request(ctx, 'marcos.manager').put(
        `${base(CLOSURE)}/recipients/${(await recipients(CLOSURE))[0]!.id}`,
        {
          name: 'Helena',
          email: 'helena@client.example.com',
        },
      ),
      await request(ctx, 'marcos.manager').delete(
        `${base(CLOSURE)}/recipients/${(await recipients(CLOSURE))[0]!.id}`,
      ),
      await upload('marcos.manager', `${base(CLOSURE)}/submit`, pdfPart('again.pdf', document)),
      await upload('marcos.manager', fileUrl(CLOSURE), pdfPart('again.pdf', document)),
    ];
    expect(locked.map((r) => r.statusCode)).toEqual([409, 409, 409, 409, 409, 409]);
    expect(locked[0]!.json().message).toBe(SIGNATURE_MESSAGES.locked);
    expect(
      (await request(ctx, 'marcos.manager').patch(base(CLOSURE), { legalClosureDocumentStatus: true }))
        .statusCode,
    ).toBe(200);

    // the engine sends one e-mail per recipient
    await ctx.app.esign.drain();
    const sent = await mails();
    expect(sent.map((m) => m.toAddress).sort()).toEqual([
      'ana.silva@client.example.com',
      'helena.souza@client.example.com',
    ]);
    expect(sent[0]!.subject).toContain('Legal closure document — DEMO-CLOSURE');
    const tokens = sent.map((m) => /\/sign\/([A-Za-z0-9_-]+)/.exec(m.body)![1]!);
    for (const [i, token] of tokens.entries()) {
      const s = await ctx.app.inject({
        method: 'POST',
        url: `/api/esign/sign/${token}/sign`,
        payload: { name: `Signer ${i}`, consent: true },
      });
      expect(s.statusCode).toBe(200);
    }
    await ctx.app.esign.drain();
    const done = await record(CLOSURE);
    expect(done.signedStatus).toBe('completed');
    expect(done.legalClosureDocumentAttachFile).toBeTruthy();
    expect((await recipients(CLOSURE)).every((r) => r.isSigned && r.signedCode)).toBe(true);

    const signed = await request(ctx, 'marcos.manager').get(fileUrl(CLOSURE));
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(signed.headers['x-file-name']))).toBe(
      done.legalClosureDocumentAttachFile,
    );
    expect((await PDFDocument.load(signed.rawPayload)).getPageCount()).toBe(
      (await PDFDocument.load(document)).getPageCount() + 1,
    );

    // Remove Document: editable again, the signatures reset, the type and recipients kept
    expect((await request(ctx, 'oscar.outsider').delete(fileUrl(CLOSURE))).statusCode).toBe(403);
    expect(
      (await request(ctx, 'marcos.manager').delete(fileUrl(CLOSURE), { ifMatch: '"1"' })).statusCode,
    ).toBe(412);
    const removed = await request(ctx, 'marcos.manager').delete(fileUrl(CLOSURE));
    expect(removed.statusCode).toBe(204);
    const after = await record(CLOSURE);
    expect(after).toMatchObject({
      signedType: 2,
      signedStatus: null,
      legalClosureDocumentAttachFile: null,
      unSignatureFilename: null,
      legalClosureDocument: { Status: true },
    });
    const rs = await recipients(CLOSURE);
    expect(rs.map((r) => [r.name, r.isSigned, r.signedCode])).toEqual([
      ['Helena Souza', false, null],
      ['Ana Cliente Silva', false, null],
    ]);
    const noFile = await request(ctx, 'marcos.manager').get(fileUrl(CLOSURE));
    expect(noFile.statusCode).toBe(404);
    expect(noFile.json().message).toBe(SIGNATURE_MESSAGES.noFile);
    expect((await request(ctx, 'marcos.manager').delete(fileUrl(CLOSURE))).statusCode).toBe(404);
    // the engine's audit trail keeps the document it sent
    const envelope = await ctx.db
      .selectFrom('signatureEnvelopes')
      .select(['status', 'documentKey'])
      .where('ownerType', '=', 'legal-document')
      .where('ownerId', '=', CLOSURE)
      .executeTakeFirstOrThrow();
    expect(envelope.status).toBe('completed');
    expect(await ctx.app.files.get(envelope.documentKey)).toBeDefined();
    // the wizard works again
    expect(
      (await request(ctx, 'marcos.manager').patch(`${base(CLOSURE)}/signed-type`, { signedType: 2 })).json()
        .signedStatus,
    ).toBe('draft');
    const history = await ctx.db
      .selectFrom('projectChanges')
      .select(['action', 'subject'])
      .where('projectId', '=', CLOSURE)
      .where('area', '=', 'Closure With Client')
      .execute();
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['added', 'uploaded', 'removed']));
  });

  it('Remove Document while sent voids the envelope: the links stop working', async () => {
    await ctx.db
      .updateTable('closureExternal')
      .set({ signedType: 2 })
      .where('projectId', '=', PAUSED)
      .execute();
    expect(
      (
        await request(ctx, 'paula.partner').post(`${base(PAUSED)}/recipients`, {
          name: 'Rui',
          email: 'rui@client.example.com',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await upload('paula.partner', `${base(PAUSED)}/submit`, pdfPart('doc.pdf', pdf('Doc')))).statusCode,
    ).toBe(200);
    await ctx.app.esign.drain();
    const token = /\/sign\/([A-Za-z0-9_-]+)/.exec((await mails())[0]!.body)![1]!;
    expect((await request(ctx, 'paula.partner').delete(fileUrl(PAUSED))).statusCode).toBe(204);
    await ctx.app.esign.drain();
    const env = await ctx.db
      .selectFrom('signatureEnvelopes')
      .select(['status', 'voidReason'])
      .where('ownerType', '=', 'legal-document')
      .where('ownerId', '=', PAUSED)
      .executeTakeFirstOrThrow();
    expect(env).toEqual({ status: 'voided', voidReason: 'Removed in the portal' });
    const view = await ctx.app.inject({ method: 'GET', url: `/api/esign/sign/${token}` });
    expect(view.json().state).toBe('voided');
    expect((await record(PAUSED)).signedStatus).toBeNull();
  });
});

describe('Upload your signed document (type 3) and the direct upload', () => {
  it('a type 3 submit completes at once; the file downloads; Remove Document makes it editable again', async () => {
    expect(
      (await request(ctx, 'dora.director').patch(`${base(CLOSEOUT)}/signed-type`, { signedType: 3 }))
        .statusCode,
    ).toBe(200);
    const document = pdf('Signed closure');
    const res = await upload(
      'dora.director',
      `${base(CLOSEOUT)}/submit`,
      pdfPart('Termo assinado.pdf', document),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      signedType: 3,
      signedStatus: 'completed',
      legalClosureDocumentAttachFile: 'Termo assinado.pdf',
      unSignatureFilename: null,
    });
    expect(await ctx.app.esign.drain()).toBe(0);
    expect(await mails()).toEqual([]);
    const got = await request(ctx, 'oscar.outsider').get(fileUrl(CLOSEOUT));
    expect(got.statusCode).toBe(200);
    expect(decodeURIComponent(String(got.headers['x-file-name']))).toBe('Termo assinado.pdf');
    expect(got.rawPayload.equals(document)).toBe(true);
    expect((await upload('dora.director', fileUrl(CLOSEOUT), pdfPart('x.pdf', document))).statusCode).toBe(
      409,
    );

    const key = (
      await ctx.db
        .selectFrom('closureExternal')
        .select('signedFileKey')
        .where('projectId', '=', CLOSEOUT)
        .executeTakeFirstOrThrow()
    ).signedFileKey!;
    expect((await request(ctx, 'dora.director').delete(fileUrl(CLOSEOUT))).statusCode).toBe(204);
    expect(await record(CLOSEOUT)).toMatchObject({
      signedStatus: null,
      signedType: 3,
      legalClosureDocumentAttachFile: null,
    });
    // an upload of our own is forgotten with its bytes
    expect(await ctx.app.files.get(key)).toBeUndefined();
    expect(
      await ctx.db.selectFrom('storedFiles').select('key').where('key', '=', key).executeTakeFirst(),
    ).toBeUndefined();
    expect((await request(ctx, 'dora.director').get(fileUrl(CLOSEOUT))).statusCode).toBe(404);
  });

  it('POST legal-documents/file stores an already signed PDF (type 3, completed); bad files are 400', async () => {
    const none = await upload('ivan.intern', fileUrl(FINISHED), [{ name: 'other', data: 'x' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please, select a file');
    const txt = await upload('ivan.intern', fileUrl(FINISHED), pdfPart('a.pdf', Buffer.from('hello')));
    expect(txt.json().message).toBe('Only PDF files is allowed');
    expect((await upload('oscar.outsider', fileUrl(FINISHED), pdfPart('a.pdf', pdf('A')))).statusCode).toBe(
      403,
    );
    const res = await upload(
      'ivan.intern',
      fileUrl(FINISHED),
      pdfPart('Signed by client.pdf', pdf('Signed')),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      signedType: 3,
      signedStatus: 'completed',
      legalClosureDocumentAttachFile: 'Signed by client.pdf',
    });
    expect((await request(ctx, 'ivan.intern').get(fileUrl(FINISHED))).statusCode).toBe(200);
    expect((await request(ctx, 'ivan.intern').get(fileUrl(999_999))).statusCode).toBe(404);
  });
});

describe('the legal closure document template', () => {
  it('is a PDF naming the project, its people and the Logo Authorization line', async () => {
    const res = await request(ctx, 'oscar.outsider').get(`/api/projects/${CLOSURE}/legal-documents/template`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(res.headers['x-file-name']))).toBe(
      'legal-closure-document-template-DEMO-CLOSURE.pdf',
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await PDFDocument.load(res.rawPayload)).getTitle()).toBe('Legal Closure Document');
    const text = execFileSync('pdftotext', ['-', '-'], { input: res.rawPayload }).toString();
    for (const s of [
      'Legal Closure Document',
      'DEMO-CLOSURE',
      'Marcos Moura',
      'Paula Pereira',
      'Logo Authorization',
      'Signatures',
    ])
      expect(text).toContain(s);
    expect(
      (await request(ctx, 'marcos.manager').get(`/api/projects/999999/legal-documents/template`)).statusCode,
    ).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Every write route × the DEMO people (the same examples as the permission matrix's, given to the lead).

/** The legal document wizard reset: editable, type `signedType`, no files; one fresh active recipient (its id). */
async function freshClosure(projectId: number, values: Record<string, unknown> = {}) {
  await ctx.db
    .updateTable('closureExternal')
    .set({
      signedType: 2,
      signedStatus: 'draft',
      signedFileKey: null,
      unsignedFileKey: null,
      legalClosureDocumentAttachFile: null,
      unSignatureFilename: null,
      ...values,
    })
    .where('projectId', '=', projectId)
    .execute();
  return (
    await ctx.db
      .insertInto('closureExternalRecipients')
      .values({ projectId, name: 'Permission Test', email: 'permission@client.example.com' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}
const pdfBody = () => multipartBody(pdfPart('permission.pdf', pdf('Permission test')));

const WRITES: Record<
  string,
  (p: number) => Promise<{ url: string; payload?: unknown; headers?: Record<string, string> }>
> = {
  'PATCH /api/project-closure-external/project/:id': async (p) => {
    await freshClosure(p);
    return { url: base(p), payload: { thankYouLetterTeamOffer: true } };
  },
  'PATCH /api/project-closure-external/project/:projectId/signed-type': async (p) => {
    await freshClosure(p, { signedStatus: null });
    return { url: `${base(p)}/signed-type`, payload: { signedType: 3 } };
  },
  'POST /api/project-closure-external/project/:projectId/recipients': async (p) => {
    await freshClosure(p);
    return {
      url: `${base(p)}/recipients`,
      payload: { name: 'Ana Cliente', email: 'ana@client.example.com' },
    };
  },
  'PUT /api/project-closure-external/project/:projectId/recipients/:id': async (p) => ({
    url: `${base(p)}/recipients/${await freshClosure(p)}`,
    payload: { name: 'Ana Cliente', email: 'ana@client.example.com' },
  }),
  'DELETE /api/project-closure-external/project/:projectId/recipients/:id': async (p) => ({
    url: `${base(p)}/recipients/${await freshClosure(p)}`,
  }),
  'POST /api/project-closure-external/project/:projectId/submit': async (p) => {
    await freshClosure(p, { signedType: 3 });
    const body = pdfBody();
    return { url: `${base(p)}/submit`, payload: body.payload, headers: body.headers };
  },
  'POST /api/projects/:id/legal-documents/file': async (p) => {
    await freshClosure(p);
    const body = pdfBody();
    return { url: fileUrl(p), payload: body.payload, headers: body.headers };
  },
  'DELETE /api/projects/:id/legal-documents/file': async (p) => {
    await freshClosure(p, {
      signedType: 3,
      signedStatus: 'completed',
      legalClosureDocumentAttachFile: 'signed.pdf',
    });
    return { url: fileUrl(p) };
  },
};

describe('permissions: every write route × the DEMO people', () => {
  it('covers every mutating route of the module', () => {
    const mine = ctx.app.routeCatalog
      .filter((r) => r.mutating && (r.url.includes('closure-external') || r.url.includes('legal-documents')))
      .map((r) => `${r.method} ${r.url}`);
    expect(mine.sort()).toEqual(Object.keys(WRITES).sort());
  });

  it("answers 2xx to the project's team and Admin only, 403 to everyone else", async () => {
    const team = ['marcos.manager', 'paula.partner', 'dora.director', 'carla.consultant', 'ivan.intern'];
    const others = ['oscar.outsider', 'gil.governance', 'kim.knm', 'ida.idone', 'pedro.pdc'];
    const seen: string[] = [];
    for (const [key, make] of Object.entries(WRITES)) {
      const method = key.split(' ')[0] as Method;
      for (const login of [...team, 'alice.admin', ...others]) {
        const a = await make(CLOSURE);
        const res = await request(ctx, login).send(method, a.url, a.payload, { headers: a.headers });
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        seen.push(`${key} ${login} ${ok ? 'ok' : res.statusCode}`);
        if (others.includes(login)) expect(res.statusCode, `${key} as ${login}`).toBe(403);
        else expect(ok, `${key} as ${login}: ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(true);
      }
    }
    expect(seen).toHaveLength(Object.keys(WRITES).length * 11);
  }, 120_000);
});
