import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import type { EsignProvider, ProviderStatus } from '@server/adapters/esign';
import { renderPdf } from '@server/adapters/documents';
import { createTestContext, demoIds, type TestContext } from '../helpers';

/**
 * The DocuSign Connect webhook route: HMAC over the raw body verified (401 otherwise), the event queues a
 * status sync, and the sync brings the owner in step (here with a provider of kind 'docusign' standing in for
 * the HTTP adapter, which has its own tests against DocuSign's mocked API).
 */
const HMAC = 'connect-secret-key';
let ctx: TestContext;
let status: ProviderStatus = { status: 'sent', recipients: [] };
const signedPdf = renderPdf({ title: 'Combined', blocks: [] });
const calls: string[] = [];
const provider: EsignProvider = {
  kind: 'docusign',
  send: async (e) => {
    calls.push('send');
    return { providerRef: `ds-${e.id}` };
  },
  resend: async () => void calls.push('resend'),
  void: async () => void calls.push('void'),
  status: async () => {
    calls.push('status');
    return status;
  },
  signedDocument: async () => signedPdf,
};

beforeAll(async () => {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  ctx = await createTestContext({
    projects: 0,
    config: {
      docusign: {
        accountId: 'acc',
        integrationKey: 'ik',
        userId: 'uid',
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        basePath: 'https://demo.docusign.net/restapi',
        oauthHost: 'account-d.docusign.com',
        connectHmacKey: HMAC,
      },
    },
    esignProvider: provider,
  });
});
afterAll(() => ctx.close());

const sign = (body: string, key = HMAC) => crypto.createHmac('sha256', key).update(body).digest('base64');
const post = (body: string, signature?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/esign/docusign/connect',
    payload: body,
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-docusign-signature-1': signature } : {}),
    },
  });

describe('DocuSign Connect webhook', () => {
  it('refuses a bad or missing signature, accepts a good one and completes the owner', async () => {
    const projectId = (await demoIds(ctx.db)).project['DEMO-CLOSURE']!;
    await ctx.db
      .insertInto('closureExternal')
      .values({ projectId, signedType: 2, signedStatus: 'draft' })
      .onConflict((oc) => oc.column('projectId').doUpdateSet({ signedType: 2, signedStatus: 'draft' }))
      .execute();
    const [r] = await ctx.db
      .insertInto('closureExternalRecipients')
      .values({ projectId, name: 'Hugo Cliente', email: 'hugo@client.example' })
      .returning(['id', 'name', 'email'])
      .execute();
    const { envelopeId } = await ctx.db.transaction().execute(async (trx) => {
      const res = await ctx.app.esign.request(trx, {
        owner: { type: 'legal-document', id: projectId },
        projectId,
        subject: 'Legal closure document',
        document: renderPdf({ title: 'Legal', blocks: [] }),
        documentName: 'legal.pdf',
        recipients: [r!],
        createdBy: null,
      });
      await trx
        .updateTable('closureExternal')
        .set({ signedStatus: 'sent' })
        .where('projectId', '=', projectId)
        .execute();
      return res;
    });
    await ctx.app.esign.drain();
    expect(calls).toEqual(['send', 'status']);
    const sr = await ctx.db
      .selectFrom('signatureRecipients')
      .select('id')
      .where('envelopeId', '=', envelopeId)
      .executeTakeFirstOrThrow();

    const body = JSON.stringify({ event: 'envelope-completed', data: { envelopeId: `ds-${envelopeId}` } });
    expect((await post(body)).statusCode).toBe(401);
    expect((await post(body, sign(body, 'wrong'))).statusCode).toBe(401);
    expect((await post(body + ' ', sign(body))).statusCode).toBe(401);
    expect(await ctx.app.esign.drain()).toBe(0);

    status = {
      status: 'completed',
      recipients: [{ id: sr.id, status: 'signed', at: new Date().toISOString(), code: 'guid-1' }],
    };
    const ok = await post(body, sign(body));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ received: true, known: true });
    expect(await ctx.app.esign.drain()).toBe(1);
    const rec = await ctx.db
      .selectFrom('closureExternal')
      .select(['signedStatus', 'legalClosureDocumentAttachFile', 'signedFileKey'])
      .where('projectId', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(rec).toMatchObject({
      signedStatus: 'completed',
      legalClosureDocumentAttachFile: 'legal-signed.pdf',
    });
    const owner = await ctx.db
      .selectFrom('closureExternalRecipients')
      .select(['isSigned', 'signedCode'])
      .where('id', '=', r!.id)
      .executeTakeFirstOrThrow();
    expect(owner).toEqual({ isSigned: true, signedCode: 'guid-1' });

    // an unknown envelope is acknowledged; a body that is no envelope event is a 400
    const other = JSON.stringify({ event: 'envelope-sent', data: { envelopeId: 'not-ours' } });
    expect((await post(other, sign(other))).json()).toEqual({ received: true, known: false });
    const junk = JSON.stringify({ hello: 1 });
    expect((await post(junk, sign(junk))).statusCode).toBe(400);
  });
});
