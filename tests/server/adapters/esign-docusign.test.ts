import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHash, createHmac, generateKeyPairSync } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { importSPKI, jwtVerify, decodeProtectedHeader } from 'jose';
import { PDFDocument } from 'pdf-lib';
import {
  consentUrl,
  createDocusignProvider,
  parseConnectEvent,
  resolvePrivateKey,
  signerSlot,
  TOKEN_MARGIN_MS,
  verifyConnectSignature,
} from '@server/adapters/esign/docusign';
import type { ProviderEnvelope } from '@server/adapters/esign';
import type { DocusignConfig } from '@server/config';
import { renderPdf } from '@server/adapters/documents';

// DocuSign's eSignature REST API and its OAuth service mocked at the HTTP boundary (msw intercepts the
// SDK's axios requests over node:http) with the documented request and response shapes.

const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});

const BASE = 'https://demo.docusign.net/restapi';
const OAUTH = 'account-d.docusign.com';
const ACCOUNT = '1f2e3d4c-0000-4000-8000-00000000acc1';
const ENV_ID = '93be49ab-0000-4000-8000-0000000e0001';
const ENVELOPES = `${BASE}/v2.1/accounts/${ACCOUNT}/envelopes`;

const config: DocusignConfig = {
  accountId: ACCOUNT,
  integrationKey: '7c2b8d7e-0000-4000-8000-0000000000ik',
  userId: '4be5a6c1-0000-4000-8000-00000000user',
  privateKey,
  basePath: BASE,
  oauthHost: OAUTH,
  connectHmacKey: 'connect-secret',
};

const document = renderPdf({
  title: 'Weekly status — DEMO-DURING',
  blocks: [{ type: 'paragraph', text: 'On track.' }],
});

function envelope(over: Partial<ProviderEnvelope> = {}): ProviderEnvelope {
  return {
    id: 7,
    providerRef: ENV_ID,
    subject: 'Weekly status — DEMO-DURING',
    message: 'Please sign the weekly status.',
    documentName: 'weekly-status.pdf',
    documentSha256: createHash('sha256').update(document).digest('hex'),
    document: () => Promise.resolve(document),
    recipients: [
      { id: 11, name: 'Ana Cliente', email: 'ana@client.example', routingOrder: 1 },
      { id: 12, name: 'João Gestão', email: 'joao@client.example', routingOrder: 2 },
    ],
    ...over,
  };
}

interface Seen {
  method: string;
  url: URL;
  auth: string | null;
  body: unknown;
}
let seen: Seen[] = [];
let tokenRequests: URLSearchParams[] = [];
let tokenSeconds = 3600;

const server = setupServer(
  http.post(`https://${OAUTH}/oauth/token`, async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    tokenRequests.push(form);
    return HttpResponse.json({
      access_token: `token-${tokenRequests.length}`,
      token_type: 'Bearer',
      expires_in: tokenSeconds,
    });
  }),
);

async function record(request: Request) {
  const text = request.method === 'GET' ? '' : await request.text();
  seen.push({
    method: request.method,
    url: new URL(request.url),
    auth: request.headers.get('authorization'),
    body: text ? (JSON.parse(text) as unknown) : undefined,
  });
}

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen = [];
  tokenRequests = [];
  tokenSeconds = 3600;
});
afterAll(() => server.close());

const pdfText = (pdf: Buffer) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ds-')), 'p.pdf');
  fs.writeFileSync(file, pdf);
  const out = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return out;
};

describe('DocuSign provider: JWT grant', () => {
  it('asks for a token with an RS256 assertion (iss = integration key, sub = user, aud = OAuth host, scope)', async () => {
    server.use(
      http.post(ENVELOPES, async ({ request }) => {
        await record(request);
        return HttpResponse.json(
          { envelopeId: ENV_ID, status: 'sent', uri: `/envelopes/${ENV_ID}` },
          { status: 201 },
        );
      }),
    );
    const provider = createDocusignProvider(config);
    await provider.send(envelope({ providerRef: null }));

    expect(tokenRequests).toHaveLength(1);
    const form = tokenRequests[0];
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const assertion = form.get('assertion')!;
    expect(decodeProtectedHeader(assertion).alg).toBe('RS256');
    const { payload } = await jwtVerify(assertion, await importSPKI(publicKey, 'RS256'), {
      issuer: config.integrationKey,
      subject: config.userId,
      audience: OAUTH,
    });
    expect(payload.scope).toBe('signature impersonation');
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(3600);
    expect(seen[0].auth).toBe('Bearer token-1');
  });

  it('reuses the token for several calls and renews it shortly before it expires', async () => {
    let clock = Date.parse('2026-03-02T12:00:00Z');
    server.use(
      http.get(`${ENVELOPES}/:id`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ envelopeId: ENV_ID, status: 'sent' });
      }),
      http.get(`${ENVELOPES}/:id/recipients`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ signers: [], recipientCount: '0' });
      }),
      http.put(`${ENVELOPES}/:id`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ envelopeId: ENV_ID });
      }),
    );
    const provider = createDocusignProvider(config, { now: () => clock });
    await Promise.all([provider.status(envelope()), provider.resend(envelope())]);
    await provider.status(envelope());
    expect(tokenRequests).toHaveLength(1);
    expect(seen).toHaveLength(5);
    expect(seen.every((s) => s.auth === 'Bearer token-1')).toBe(true);

    clock += 3600_000 - TOKEN_MARGIN_MS - 1000; // still valid
    await provider.resend(envelope());
    expect(tokenRequests).toHaveLength(1);

    clock += 2000; // inside the renewal margin
    await provider.resend(envelope());
    expect(tokenRequests).toHaveLength(2);
    expect(seen.at(-1)!.auth).toBe('Bearer token-2');
  });

  it('surfaces the OAuth error (consent_required) with a hint', async () => {
    server.use(
      http.post(`https://${OAUTH}/oauth/token`, () =>
        HttpResponse.json({ error: 'consent_required' }, { status: 400 }),
      ),
    );
    const provider = createDocusignProvider(config);
    await expect(provider.resend(envelope())).rejects.toThrow(
      /OAuth token failed \(400 consent_required\).*consent URL/,
    );
  });
});

describe('DocuSign provider: envelopes', () => {
  it('send → POST envelopes with the document, one signer per recipient, a SignHere tab, status sent', async () => {
    server.use(
      http.post(ENVELOPES, async ({ request }) => {
        await record(request);
        return HttpResponse.json(
          {
            envelopeId: ENV_ID,
            status: 'sent',
            statusDateTime: '2026-03-02T12:00:00.0000000Z',
            uri: `/envelopes/${ENV_ID}`,
          },
          { status: 201 },
        );
      }),
    );
    const provider = createDocusignProvider(config);
    expect(provider.kind).toBe('docusign');
    // recipients handed out of routing order come back sorted
    const env = envelope({ providerRef: null });
    env.recipients.reverse();
    await expect(provider.send(env)).resolves.toEqual({ providerRef: ENV_ID });

    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url.pathname).toBe(`/restapi/v2.1/accounts/${ACCOUNT}/envelopes`);
    const body = seen[0].body as {
      emailSubject: string;
      emailBlurb: string;
      status: string;
      documents: { documentBase64: string; documentId: string; name: string; fileExtension: string }[];
      recipients: {
        signers: {
          email: string;
          name: string;
          recipientId: string;
          routingOrder: string;
          tabs: { signHereTabs: Record<string, string>[] };
        }[];
      };
    };
    expect(body.status).toBe('sent');
    expect(body.emailSubject).toBe('Weekly status — DEMO-DURING');
    expect(body.emailBlurb).toBe('Please sign the weekly status.');
    expect(body.documents[0]).toMatchObject({
      documentId: '1',
      name: 'weekly-status.pdf',
      fileExtension: 'pdf',
    });
    expect(Buffer.from(body.documents[0].documentBase64, 'base64').equals(document)).toBe(true);
    expect(body.documents[1]).toMatchObject({ documentId: '2', name: 'Signatures', fileExtension: 'pdf' });

    const signatures = Buffer.from(body.documents[1].documentBase64, 'base64');
    expect((await PDFDocument.load(signatures)).getPageCount()).toBe(1);
    const text = pdfText(signatures);
    expect(text).toContain('1. Ana Cliente');
    expect(text).toContain('2. João Gestão');
    expect(text).toContain(env.documentSha256);

    expect(body.recipients.signers.map((s) => [s.email, s.name, s.recipientId, s.routingOrder])).toEqual([
      ['ana@client.example', 'Ana Cliente', '11', '1'],
      ['joao@client.example', 'João Gestão', '12', '2'],
    ]);
    const [t1, t2] = body.recipients.signers.map((s) => s.tabs.signHereTabs);
    expect(t1).toEqual([
      {
        documentId: '2',
        pageNumber: '1',
        xPosition: '56',
        yPosition: String(signerSlot(0).y + 36),
        recipientId: '11',
        tabLabel: 'signature-11',
      },
    ]);
    expect(t2[0]).toMatchObject({ documentId: '2', pageNumber: '1', recipientId: '12' });
    expect(Number(t2[0].yPosition)).toBeGreaterThan(Number(t1[0].yPosition));
  });

  it('puts many signers on further signature pages', async () => {
    server.use(
      http.post(ENVELOPES, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ envelopeId: ENV_ID, status: 'sent' }, { status: 201 });
      }),
    );
    const recipients = Array.from({ length: 12 }, (_, i) => ({
      id: 100 + i,
      name: `Signer ${i + 1}`,
      email: `s${i + 1}@client.example`,
      routingOrder: 1,
    }));
    await createDocusignProvider(config).send(envelope({ providerRef: null, recipients }));
    const body = seen[0].body as {
      documents: { documentBase64: string }[];
      recipients: { signers: { tabs: { signHereTabs: { pageNumber: string; yPosition: string }[] } }[] };
    };
    const pages = (
      await PDFDocument.load(Buffer.from(body.documents[1].documentBase64, 'base64'))
    ).getPageCount();
    const tabPages = body.recipients.signers.map((s) => Number(s.tabs.signHereTabs[0].pageNumber));
    expect(pages).toBe(2);
    expect(Math.max(...tabPages)).toBe(2);
    for (const s of body.recipients.signers) {
      const y = Number(s.tabs.signHereTabs[0].yPosition);
      expect(y).toBeGreaterThan(50);
      expect(y + 60).toBeLessThan(842);
    }
  });

  it('resend → PUT envelopes/{id}?resend_envelope=true', async () => {
    server.use(
      http.put(`${ENVELOPES}/:id`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ envelopeId: ENV_ID });
      }),
    );
    await createDocusignProvider(config).resend(envelope());
    expect(seen).toHaveLength(1);
    expect(seen[0].url.pathname).toBe(`/restapi/v2.1/accounts/${ACCOUNT}/envelopes/${ENV_ID}`);
    expect(seen[0].url.searchParams.get('resend_envelope')).toBe('true');
    expect(seen[0].body).toEqual({});
  });

  it('void → PUT envelopes/{id} with status voided and the reason', async () => {
    server.use(
      http.put(`${ENVELOPES}/:id`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ envelopeId: ENV_ID });
      }),
    );
    await createDocusignProvider(config).void(envelope(), 'Weekly status deleted');
    expect(seen[0].method).toBe('PUT');
    expect(seen[0].url.pathname).toBe(`/restapi/v2.1/accounts/${ACCOUNT}/envelopes/${ENV_ID}`);
    expect(seen[0].url.searchParams.has('resend_envelope')).toBe(false);
    expect(seen[0].body).toEqual({ status: 'voided', voidedReason: 'Weekly status deleted' });
  });

  it('refuses to act on an envelope never sent', async () => {
    const provider = createDocusignProvider(config);
    await expect(provider.resend(envelope({ providerRef: null }))).rejects.toThrow(/not been sent/);
    expect(seen).toHaveLength(0);
  });

  const signer = (over: Record<string, string>) => ({
    creationReason: 'sender',
    requireIdLookup: 'false',
    routingOrder: '1',
    deliveryMethod: 'email',
    ...over,
  });

  function statusHandlers(envelopeStatus: string, signers: Record<string, string>[]) {
    server.use(
      http.get(`${ENVELOPES}/:id`, async ({ request, params }) => {
        await record(request);
        return HttpResponse.json({
          envelopeId: params.id,
          status: envelopeStatus,
          emailSubject: 'Weekly status — DEMO-DURING',
          sentDateTime: '2026-03-02T12:00:00.0000000Z',
        });
      }),
      http.get(`${ENVELOPES}/:id/recipients`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({
          signers,
          agents: [],
          editors: [],
          carbonCopies: [],
          certifiedDeliveries: [],
          recipientCount: String(signers.length),
          currentRoutingOrder: '2',
        });
      }),
    );
  }

  it('status → GET envelope + recipients, mapped (delivered → sent; signed time, recipientIdGuid as code)', async () => {
    statusHandlers('delivered', [
      signer({
        recipientId: '11',
        recipientIdGuid: 'aaaa1111-0000-4000-8000-000000000011',
        email: 'ana@client.example',
        name: 'Ana Cliente',
        status: 'completed',
        signedDateTime: '2026-03-02T13:14:15.1230000Z',
        deliveredDateTime: '2026-03-02T13:10:00.0000000Z',
      }),
      signer({
        recipientId: '12',
        recipientIdGuid: 'bbbb2222-0000-4000-8000-000000000012',
        email: 'joao@client.example',
        name: 'João Gestão',
        status: 'delivered',
        routingOrder: '2',
      }),
      signer({ recipientId: '99', recipientIdGuid: 'cccc', status: 'sent' }), // not ours: ignored
    ]);
    const status = await createDocusignProvider(config).status(envelope());
    expect(seen.map((s) => s.url.pathname)).toEqual([
      `/restapi/v2.1/accounts/${ACCOUNT}/envelopes/${ENV_ID}`,
      `/restapi/v2.1/accounts/${ACCOUNT}/envelopes/${ENV_ID}/recipients`,
    ]);
    expect(status).toEqual({
      status: 'sent',
      recipients: [
        {
          id: 11,
          status: 'signed',
          at: '2026-03-02T13:14:15.123Z',
          code: 'aaaa1111-0000-4000-8000-000000000011',
        },
        { id: 12, status: 'delivered', code: 'bbbb2222-0000-4000-8000-000000000012' },
      ],
    });
  });

  it('status: completed, declined (time and reason) and voided', async () => {
    const provider = createDocusignProvider(config);
    statusHandlers('completed', [
      signer({
        recipientId: '11',
        recipientIdGuid: 'g11',
        status: 'completed',
        signedDateTime: '2026-03-02T13:00:00Z',
      }),
      signer({
        recipientId: '12',
        recipientIdGuid: 'g12',
        status: 'completed',
        signedDateTime: '2026-03-02T14:00:00Z',
      }),
    ]);
    expect(await provider.status(envelope())).toMatchObject({
      status: 'completed',
      recipients: [
        { id: 11, status: 'signed', at: '2026-03-02T13:00:00.000Z' },
        { id: 12, status: 'signed', at: '2026-03-02T14:00:00.000Z' },
      ],
    });

    statusHandlers('declined', [
      signer({
        recipientId: '11',
        recipientIdGuid: 'g11',
        status: 'declined',
        declinedDateTime: '2026-03-02T15:00:00Z',
        declinedReason: 'Numbers are wrong',
      }),
      signer({ recipientId: '12', recipientIdGuid: 'g12', status: 'created' }),
    ]);
    expect(await provider.status(envelope())).toEqual({
      status: 'declined',
      recipients: [
        {
          id: 11,
          status: 'declined',
          at: '2026-03-02T15:00:00.000Z',
          declineReason: 'Numbers are wrong',
          code: 'g11',
        },
        { id: 12, status: 'sent', code: 'g12' },
      ],
    });

    statusHandlers('voided', [
      signer({
        recipientId: '11',
        recipientIdGuid: 'g11',
        status: 'completed',
        signedDateTime: '2026-03-02T13:00:00Z',
      }),
      signer({ recipientId: '12', recipientIdGuid: 'g12', status: 'sent' }),
    ]);
    expect(await provider.status(envelope())).toMatchObject({
      status: 'voided',
      recipients: [
        { id: 11, status: 'signed' },
        { id: 12, status: 'voided' },
      ],
    });
  });

  it('signedDocument → GET documents/combined, the PDF bytes as a Buffer', async () => {
    const signed = renderPdf({
      title: 'Signed',
      blocks: [{ type: 'paragraph', text: 'Certificate of completion' }],
    });
    server.use(
      http.get(`${ENVELOPES}/:id/documents/:doc`, async ({ request, params }) => {
        await record(request);
        expect(params.doc).toBe('combined');
        return new HttpResponse(signed, { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    const pdf = await createDocusignProvider(config).signedDocument(envelope());
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.equals(signed)).toBe(true);
    expect(seen[0].url.pathname).toBe(
      `/restapi/v2.1/accounts/${ACCOUNT}/envelopes/${ENV_ID}/documents/combined`,
    );
    expect(seen[0].url.searchParams.get('certificate')).toBe('true');
    expect(seen[0].auth).toBe('Bearer token-1');
  });

  it("an API error surfaces DocuSign's errorCode and message (also on the PDF download)", async () => {
    server.use(
      http.get(`${ENVELOPES}/:id`, () =>
        HttpResponse.json(
          {
            errorCode: 'ENVELOPE_DOES_NOT_EXIST',
            message: 'The envelope specified either does not exist or you have no rights to it.',
          },
          { status: 404 },
        ),
      ),
      http.get(`${ENVELOPES}/:id/documents/:doc`, () =>
        HttpResponse.json(
          { errorCode: 'ENVELOPE_IS_INCOMPLETE', message: 'The envelope is not complete.' },
          { status: 400 },
        ),
      ),
      http.post(ENVELOPES, () =>
        HttpResponse.json(
          {
            errorCode: 'INVALID_EMAIL_ADDRESS_FOR_RECIPIENT',
            message: 'The email address for the recipient is invalid.',
          },
          { status: 400 },
        ),
      ),
    );
    const provider = createDocusignProvider(config);
    const err = await provider.status(envelope()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ status: 404, errorCode: 'ENVELOPE_DOES_NOT_EXIST' });
    expect((err as Error).message).toBe(
      'DocuSign getEnvelope failed (404 ENVELOPE_DOES_NOT_EXIST): The envelope specified either does not exist or you have no rights to it.',
    );
    await expect(provider.signedDocument(envelope())).rejects.toThrow(
      'DocuSign getDocument failed (400 ENVELOPE_IS_INCOMPLETE): The envelope is not complete.',
    );
    await expect(provider.send(envelope({ providerRef: null }))).rejects.toThrow(
      /INVALID_EMAIL_ADDRESS_FOR_RECIPIENT\): The email address for the recipient is invalid/,
    );
  });

  it('a 401 drops the cached token: the next call asks for a new one', async () => {
    let fail = true;
    server.use(
      http.put(`${ENVELOPES}/:id`, () =>
        fail
          ? HttpResponse.json(
              { errorCode: 'USER_AUTHENTICATION_FAILED', message: 'expired' },
              { status: 401 },
            )
          : HttpResponse.json({ envelopeId: ENV_ID }),
      ),
    );
    const provider = createDocusignProvider(config);
    await expect(provider.resend(envelope())).rejects.toThrow(/401 USER_AUTHENTICATION_FAILED/);
    fail = false;
    await provider.resend(envelope());
    expect(tokenRequests).toHaveLength(2);
  });
});

describe('DocuSign configuration helpers', () => {
  it('reads the private key as PEM text (with \\n escapes) or from a .pem file', () => {
    expect(resolvePrivateKey(privateKey.replace(/\n/g, '\\n'))).toBe(privateKey);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ds-key-'));
    const file = path.join(dir, 'private.pem');
    fs.writeFileSync(file, privateKey);
    try {
      expect(resolvePrivateKey(file)).toBe(privateKey);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(() => resolvePrivateKey('/nowhere/key.pem')).toThrow(/DOCUSIGN_PRIVATE_KEY/);
  });

  it('builds the consent URL', () => {
    expect(consentUrl(config, 'http://localhost:53000/')).toBe(
      `https://account-d.docusign.com/oauth/auth?response_type=code&scope=signature%20impersonation&client_id=${config.integrationKey}&redirect_uri=http%3A%2F%2Flocalhost%3A53000%2F`,
    );
  });
});

describe('DocuSign Connect', () => {
  const body = JSON.stringify({
    event: 'envelope-completed',
    apiVersion: 'v2.1',
    uri: `/restapi/v2.1/accounts/${ACCOUNT}/envelopes/${ENV_ID}`,
    retryCount: 0,
    configurationId: 10418,
    generatedDateTime: '2026-03-02T14:00:01.0000000Z',
    data: { accountId: ACCOUNT, userId: config.userId, envelopeId: ENV_ID },
  });
  const sign = (payload: string | Buffer, key = 'connect-secret') =>
    createHmac('sha256', key).update(payload).digest('base64');

  it('accepts a correct signature (raw body as Buffer or string, any of the numbered headers)', () => {
    expect(
      verifyConnectSignature(Buffer.from(body), { 'x-docusign-signature-1': sign(body) }, 'connect-secret'),
    ).toBe(true);
    expect(verifyConnectSignature(body, { 'X-DocuSign-Signature-1': sign(body) }, 'connect-secret')).toBe(
      true,
    );
    expect(
      verifyConnectSignature(
        body,
        { 'x-docusign-signature-1': sign(body, 'old-key'), 'x-docusign-signature-2': sign(body) },
        'connect-secret',
      ),
    ).toBe(true);
  });

  it('refuses a bad signature, a changed body, a missing header and an empty key', () => {
    expect(
      verifyConnectSignature(body, { 'x-docusign-signature-1': sign(body, 'wrong') }, 'connect-secret'),
    ).toBe(false);
    expect(
      verifyConnectSignature(body + ' ', { 'x-docusign-signature-1': sign(body) }, 'connect-secret'),
    ).toBe(false);
    expect(
      verifyConnectSignature(body, { 'x-docusign-signature-1': 'not base64 !!' }, 'connect-secret'),
    ).toBe(false);
    expect(verifyConnectSignature(body, { 'content-type': 'application/json' }, 'connect-secret')).toBe(
      false,
    );
    expect(verifyConnectSignature(body, { 'x-docusign-signature': sign(body) }, 'connect-secret')).toBe(
      false,
    );
    expect(verifyConnectSignature(body, { 'x-docusign-signature-1': sign(body, '') }, '')).toBe(false);
  });

  it('parses the JSON SIM event and the legacy { envelopeId, status } shape', () => {
    expect(parseConnectEvent(JSON.parse(body))).toEqual({ envelopeId: ENV_ID, event: 'envelope-completed' });
    expect(
      parseConnectEvent({ event: 'recipient-declined', data: { envelopeId: ENV_ID, recipientId: '11' } }),
    ).toEqual({ envelopeId: ENV_ID, event: 'recipient-declined' });
    expect(parseConnectEvent({ envelopeId: ENV_ID, status: 'Completed' })).toEqual({
      envelopeId: ENV_ID,
      event: 'envelope-completed',
    });
    expect(parseConnectEvent({ event: 'envelope-sent', data: {} })).toBeUndefined();
    expect(parseConnectEvent({ envelopeId: ENV_ID })).toBeUndefined();
    expect(parseConnectEvent('envelope-completed')).toBeUndefined();
    expect(parseConnectEvent(null)).toBeUndefined();
  });
});
