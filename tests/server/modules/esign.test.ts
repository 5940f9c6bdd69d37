import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import { renderPdf } from '@server/adapters/documents';
import { hashToken } from '@server/adapters/esign/builtin';
import { createTestContext, demoIds, type TestContext } from '../helpers';

/**
 * The built-in e-signature engine end to end through the public signing API: request → mails in the outbox
 * with personal links → open, sign (typed name + consent) → completed → the signed PDF is the original plus a
 * certificate page with the signers and the document's SHA-256; a decline; a void; expiry; bad input.
 */
let ctx: TestContext;
let projectId: number;
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Test';

beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  projectId = (await demoIds(ctx.db)).project['DEMO-DURING']!;
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.app.esign.drain();
  await ctx.db.deleteFrom('mailOutbox').execute();
});

const pdf = (text: string) => renderPdf({ title: text, blocks: [{ type: 'paragraph', text: 'São Paulo' }] });

/** A weekly status with recipients, sent for signature through the engine as the module does it. */
async function sendWeekly(names: string[]) {
  const ws = await ctx.db
    .insertInto('weeklyStatuses')
    .values({ projectId, signedType: 1, signedStatus: 'draft' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const recipients = await ctx.db
    .insertInto('weeklyStatusRecipients')
    .values(
      names.map((n) => ({
        weeklyStatusId: ws.id,
        name: n,
        email: `${n.toLowerCase().replace(/\W/g, '')}@client.example`,
      })),
    )
    .returning(['id', 'name', 'email'])
    .execute();
  const document = pdf('Weekly status');
  const res = await ctx.db.transaction().execute(async (trx) => {
    const r = await ctx.app.esign.request(trx, {
      owner: { type: 'weekly-status', id: ws.id },
      projectId,
      subject: 'Weekly status — DEMO-DURING',
      document,
      documentName: 'weekly-status.pdf',
      recipients,
      createdBy: null,
    });
    await trx
      .updateTable('weeklyStatuses')
      .set({ signedStatus: 'sent', isSubmitted: true })
      .where('id', '=', ws.id)
      .execute();
    return r;
  });
  return { id: ws.id, recipients, document, ...res };
}

async function links() {
  const mails = await ctx.db
    .selectFrom('mailOutbox')
    .select(['toAddress', 'subject', 'body'])
    .orderBy('id')
    .execute();
  return mails.map((m) => ({ ...m, token: /\/sign\/([A-Za-z0-9_-]+)/.exec(m.body)?.[1] }));
}

const view = (token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/esign/sign/${token}`, headers: { 'user-agent': UA } });
const sign = (token: string, body: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/esign/sign/${token}/sign`,
    payload: body,
    headers: { 'user-agent': UA },
  });

describe('built-in engine', () => {
  it('sends personal links, records signatures and completes with a certificate page', async () => {
    const sent = await sendWeekly(['Ana Cliente', 'João Souza']);
    expect(await ctx.app.esign.drain()).toBeGreaterThanOrEqual(2); // send, then sync
    const mails = await links();
    expect(mails.map((m) => m.toAddress).sort()).toEqual([
      'anacliente@client.example',
      'joosouza@client.example',
    ]);
    expect(mails[0]!.subject).toBe('Please sign: Weekly status — DEMO-DURING');
    expect(mails[0]!.body).toContain(sent.sha256);
    const tokens = mails.map((m) => m.token!);
    // only the token's hash is stored, and it is the recipients' signedCode
    const stored = await ctx.db
      .selectFrom('signatureRecipients')
      .select('tokenHash')
      .where('envelopeId', '=', sent.envelopeId)
      .execute();
    expect(stored.map((s) => s.tokenHash).sort()).toEqual(tokens.map(hashToken).sort());
    const codes = await ctx.db
      .selectFrom('weeklyStatusRecipients')
      .select(['signedCode', 'isSigned'])
      .where('weeklyStatusId', '=', sent.id)
      .execute();
    expect(codes.map((c) => c.signedCode).sort()).toEqual(tokens.map(hashToken).sort());
    expect(codes.every((c) => !c.isSigned)).toBe(true);

    const v = await view(tokens[0]!);
    expect(v.statusCode).toBe(200);
    expect(v.json()).toMatchObject({
      state: 'pending',
      documentSha256: sent.sha256,
      documentName: 'weekly-status.pdf',
    });
    const doc = await ctx.app.inject({ method: 'GET', url: `/api/esign/sign/${tokens[0]}/document` });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(crypto.createHash('sha256').update(doc.rawPayload).digest('hex')).toBe(sent.sha256);

    // consent is required; a name is required
    expect((await sign(tokens[0]!, { name: 'Ana Cliente', consent: false })).statusCode).toBe(400);
    expect((await sign(tokens[0]!, { name: '  ', consent: true })).json().message).toMatch(
      /Type your full name/,
    );
    const s1 = await sign(tokens[0]!, { name: 'Ana Cliente', consent: true });
    expect(s1.statusCode).toBe(200);
    expect(s1.json().state).toBe('signed');
    expect((await sign(tokens[0]!, { name: 'Ana Cliente', consent: true })).statusCode).toBe(409);
    await ctx.app.esign.drain();
    let ws = await ctx.db
      .selectFrom('weeklyStatuses')
      .selectAll()
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(ws.signedStatus).toBe('sent');
    const half = await ctx.db
      .selectFrom('weeklyStatusRecipients')
      .select(['name', 'isSigned'])
      .where('weeklyStatusId', '=', sent.id)
      .orderBy('id')
      .execute();
    expect(half).toEqual([
      { name: 'Ana Cliente', isSigned: true },
      { name: 'João Souza', isSigned: false },
    ]);

    expect((await sign(tokens[1]!, { name: 'João Souza', consent: true })).statusCode).toBe(200);
    await ctx.app.esign.drain();
    ws = await ctx.db
      .selectFrom('weeklyStatuses')
      .selectAll()
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(ws.signedStatus).toBe('completed');
    expect(ws.signatureFilename).toBe('weekly-status-signed.pdf');
    expect(ws.signedFileKey).toBeTruthy();
    expect((await view(tokens[1]!)).json().state).toBe('completed');

    // the signed PDF: the original page + the certificate (signers, typed names, hash, IP, user agent)
    const file = await ctx.app.files.get(ws.signedFileKey!);
    const chunks: Buffer[] = [];
    for await (const c of file!.stream) chunks.push(Buffer.from(c as Buffer));
    const signed = Buffer.concat(chunks);
    const original = await PDFDocument.load(sent.document);
    const withCert = await PDFDocument.load(signed);
    expect(withCert.getPageCount()).toBe(original.getPageCount() + 1);
    const text = execFileSync('pdftotext', ['-', '-'], { input: signed }).toString();
    expect(text).toContain('Signature certificate');
    expect(text).toContain('Ana Cliente <anacliente@client.example>');
    expect(text).toContain('João Souza');
    expect(text.replace(/\s+/g, '')).toContain(sent.sha256);
    expect(text).toContain('iPhone');
    // the recipient's link now shows the signed document
    const after = await ctx.app.inject({ method: 'GET', url: `/api/esign/sign/${tokens[0]}/document` });
    expect(after.rawPayload.equals(signed)).toBe(true);

    const events = await ctx.db
      .selectFrom('signatureEvents')
      .select(['event', 'ip', 'userAgent', 'documentSha256'])
      .where('envelopeId', '=', sent.envelopeId)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.event)).toEqual([
      'created',
      'sent',
      'sent',
      'sent',
      'opened',
      'signed',
      'signed',
      'completed',
    ]);
    const signedEvents = events.filter((e) => e.event === 'signed');
    expect(signedEvents.every((e) => e.userAgent === UA && e.ip && e.documentSha256 === sent.sha256)).toBe(
      true,
    );
  });

  it('a decline ends the round: declined, with the reason recorded', async () => {
    const sent = await sendWeekly(['Bia Cliente', 'Caio Cliente']);
    await ctx.app.esign.drain();
    const [a] = await links();
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/esign/sign/${a!.token}/decline`,
      payload: { reason: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/why you decline/);
    const d = await ctx.app.inject({
      method: 'POST',
      url: `/api/esign/sign/${a!.token}/decline`,
      payload: { reason: 'Figures are wrong' },
    });
    expect(d.statusCode).toBe(200);
    expect(d.json().state).toBe('declined');
    await ctx.app.esign.drain();
    const ws = await ctx.db
      .selectFrom('weeklyStatuses')
      .select('signedStatus')
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(ws.signedStatus).toBe('declined');
    const r = await ctx.db
      .selectFrom('signatureRecipients')
      .select(['status', 'declineReason'])
      .where('envelopeId', '=', sent.envelopeId)
      .orderBy('id')
      .execute();
    expect(r[0]).toEqual({ status: 'declined', declineReason: 'Figures are wrong' });
  });

  it('a void withdraws the links (mail to the recipients) and later news never changes the owner', async () => {
    const sent = await sendWeekly(['Davi Cliente']);
    await ctx.app.esign.drain();
    const [m] = await links();
    await ctx.db.transaction().execute(async (trx) => {
      await ctx.app.esign.void(trx, { type: 'weekly-status', id: sent.id }, 'Deleted in the portal');
      await trx
        .updateTable('weeklyStatuses')
        .set({ signedStatus: 'deleted' })
        .where('id', '=', sent.id)
        .execute();
    });
    await ctx.app.esign.drain();
    expect((await view(m!.token!)).json().state).toBe('voided');
    expect((await sign(m!.token!, { name: 'Davi', consent: true })).json().message).toBe(
      'This document was withdrawn by the sender.',
    );
    const withdrawn = (await links()).find((l) => l.subject.startsWith('Withdrawn'));
    expect(withdrawn?.toAddress).toBe('davicliente@client.example');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/esign/sign/${m!.token}/document` })).statusCode,
    ).toBe(410);
    const ws = await ctx.db
      .selectFrom('weeklyStatuses')
      .select('signedStatus')
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(ws.signedStatus).toBe('deleted');
  });

  it('resend issues new links; the old ones stop working', async () => {
    const sent = await sendWeekly(['Eva Cliente']);
    await ctx.app.esign.drain();
    const [first] = await links();
    await ctx.db
      .transaction()
      .execute((trx) => ctx.app.esign.resend(trx, { type: 'weekly-status', id: sent.id }));
    await ctx.app.esign.drain();
    const all = await links();
    expect(all).toHaveLength(2);
    expect(all[1]!.subject).toBe('Reminder: Please sign: Weekly status — DEMO-DURING');
    expect((await view(first!.token!)).statusCode).toBe(404);
    expect((await view(all[1]!.token!)).json().state).toBe('pending');
  });

  it('expired links cannot sign; unknown and malformed tokens are 404/400', async () => {
    const sent = await sendWeekly(['Fabio Cliente']);
    await ctx.app.esign.drain();
    const [m] = await links();
    await ctx.db
      .updateTable('signatureRecipients')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('envelopeId', '=', sent.envelopeId)
      .execute();
    expect((await view(m!.token!)).json().state).toBe('expired');
    const s = await sign(m!.token!, { name: 'Fabio', consent: true });
    expect(s.statusCode).toBe(409);
    expect(s.json().message).toMatch(/expired/);
    expect((await view('A'.repeat(43))).statusCode).toBe(404);
    expect((await view('A'.repeat(43))).json().message).toBe('This signing link is not valid');
    expect((await view('short')).statusCode).toBe(400);
    expect((await sign('A'.repeat(43), { name: 'x', consent: true })).statusCode).toBe(404);
  });

  it('a sync working from an older status never takes back a signature committed meanwhile', async () => {
    // the cluster test's lost signature: the sync job read the status (one signer still out), the second
    // signer signed, then the job wrote its snapshot back over the new signature
    const sent = await sendWeekly(['Lia Cliente', 'Rui Cliente']);
    await ctx.app.esign.drain();
    const [a, b] = await links();
    expect((await sign(a!.token!, { name: 'Lia Cliente', consent: true })).statusCode).toBe(200);
    const provider = ctx.app.esign.providerImpl;
    const env = { id: sent.envelopeId } as Parameters<typeof provider.status>[0];
    const stale = await provider.status(env);
    expect(stale.status).toBe('sent');
    expect((await sign(b!.token!, { name: 'Rui Cliente', consent: true })).statusCode).toBe(200);
    const real = provider.status;
    provider.status = async () => stale;
    try {
      await ctx.app.esign.handlers['esign.sync'](
        { envelopeId: sent.envelopeId },
        { id: 'test', retryCount: 0 },
      );
    } finally {
      provider.status = real;
    }
    const rows = await ctx.db
      .selectFrom('signatureRecipients')
      .select('status')
      .where('envelopeId', '=', sent.envelopeId)
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['signed', 'signed']);
    await ctx.app.esign.drain(); // the syncs both signatures queued
    const ws = await ctx.db
      .selectFrom('weeklyStatuses')
      .select('signedStatus')
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(ws.signedStatus).toBe('completed');
  });

  it('resend without an open envelope is refused (409)', async () => {
    const ws = await ctx.db
      .insertInto('weeklyStatuses')
      .values({ projectId, signedType: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      ctx.db.transaction().execute((trx) => ctx.app.esign.resend(trx, { type: 'weekly-status', id: ws.id })),
    ).rejects.toMatchObject({ statusCode: 409 });
  });

  it('the DocuSign webhook is not there without DocuSign (404)', async () => {
    const r = await ctx.app.inject({
      method: 'POST',
      url: '/api/esign/docusign/connect',
      payload: { event: 'envelope-completed' },
    });
    expect(r.statusCode).toBe(404);
  });
});
