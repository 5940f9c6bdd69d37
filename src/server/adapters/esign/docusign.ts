import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import docusign from 'docusign-esign';
import type { EnvelopeDefinition, Signer } from 'docusign-esign';
import PDFDocument from 'pdfkit';
import type { DocusignConfig } from '@server/config';
import { FONT_FILES } from '../documents';
import type {
  EsignProvider,
  ProviderEnvelope,
  ProviderEnvelopeStatus,
  ProviderRecipientStatus,
  ProviderStatus,
} from './index';

/**
 * DocuSign as the e-signature provider ("DocuSign when configured"), through `docusign-esign`:
 * - auth: the JWT grant (RS256 assertion for the integration key impersonating DOCUSIGN_USER_ID, scopes
 *   `signature impersonation`); the access token is kept until `TOKEN_MARGIN_MS` before it expires and shared by
 *   concurrent calls; a 401 from the API drops it (the job queue's retry gets a fresh one);
 * - the REST base is DOCUSIGN_BASE_PATH (the account's base URI + `/restapi`), the account DOCUSIGN_ACCOUNT_ID;
 * - send: one envelope with two documents — 1 = our PDF exactly as the engine hashed it, 2 = a "Signatures"
 *   page generated here listing the signers; every signer's SignHere tab is placed by PAGE POSITION on that
 *   page (no anchor text: uploaded PDFs carry none, and no signature lands on the document's own content);
 * - signed document: the combined PDF (both documents plus DocuSign's certificate of completion).
 * Errors from DocuSign are thrown as `DocusignError` with its errorCode and message (the job queue retries).
 */

export const DOCUSIGN_SCOPES = ['signature', 'impersonation'];
/** Lifetime asked for the JWT assertion (DocuSign accepts at most one hour). */
const ASSERTION_SECONDS = 3600;
/** A token is renewed this long before it expires. */
export const TOKEN_MARGIN_MS = 5 * 60_000;

/** An error answered by DocuSign (or its OAuth service): HTTP status, DocuSign's errorCode and message. */
export class DocusignError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly errorCode: string | undefined,
  ) {
    super(message);
    this.name = 'DocusignError';
  }
}

export interface DocusignProviderOptions {
  /** The clock (tests). */
  now?: () => number;
}

/** The private key's PEM text: DOCUSIGN_PRIVATE_KEY is the PEM itself (`\n` escapes allowed) or a path to a .pem file. */
export function resolvePrivateKey(value: string): string {
  const text = value.includes('-----BEGIN') ? value : readKeyFile(value);
  return text.replace(/\\n/g, '\n');
}

function readKeyFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    throw new Error(`DOCUSIGN_PRIVATE_KEY is neither a PEM key nor a readable .pem file: ${file}`);
  }
}

/** The consent URL the DocuSign user opens once so the app may impersonate them (JWT grant). */
export function consentUrl(
  config: Pick<DocusignConfig, 'oauthHost' | 'integrationKey'>,
  redirectUri: string,
): string {
  const q = new URLSearchParams({
    response_type: 'code',
    scope: DOCUSIGN_SCOPES.join(' '),
    client_id: config.integrationKey,
    redirect_uri: redirectUri,
  });
  return `https://${oauthHostOf(config.oauthHost)}/oauth/auth?${q.toString().replace(/\+/g, '%20')}`;
}

const oauthHostOf = (host: string) => host.replace(/^https?:\/\//, '').replace(/\/+$/, '');

export function createDocusignProvider(
  config: DocusignConfig,
  opts: DocusignProviderOptions = {},
): EsignProvider {
  const now = opts.now ?? Date.now;
  const privateKey = resolvePrivateKey(config.privateKey);
  const client = new docusign.ApiClient({ basePath: config.basePath });
  // the constructor derives the OAuth host from the base path: set ours after it
  client.setOAuthBasePath(oauthHostOf(config.oauthHost));
  const envelopes = new docusign.EnvelopesApi(client);
  const accountId = config.accountId;

  let token: { value: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function requestToken(): Promise<string> {
    try {
      const res = await client.requestJWTUserToken(
        config.integrationKey,
        config.userId,
        DOCUSIGN_SCOPES,
        privateKey,
        ASSERTION_SECONDS,
      );
      const seconds = Number(res.body.expires_in ?? 3600) || 3600;
      token = { value: res.body.access_token, renewAt: now() + seconds * 1000 - TOKEN_MARGIN_MS };
      return token.value;
    } catch (e) {
      throw await docusignError(e, 'OAuth token');
    }
  }

  function accessToken(): Promise<string> {
    if (token && now() < token.renewAt) return Promise.resolve(token.value);
    pending ??= requestToken().finally(() => (pending = undefined));
    return pending;
  }

  /** Runs one API call with a valid token; DocuSign's errors become DocusignError. */
  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    client.addDefaultHeader('Authorization', `Bearer ${await accessToken()}`);
    try {
      return await run();
    } catch (e) {
      const err = await docusignError(e, what);
      if (err.status === 401) token = undefined;
      throw err;
    }
  }

  const refOf = (envelope: ProviderEnvelope) => {
    if (!envelope.providerRef) throw new Error(`Envelope ${envelope.id} has not been sent to DocuSign yet`);
    return envelope.providerRef;
  };

  return {
    kind: 'docusign',

    async send(envelope) {
      const definition = envelopeDefinition(envelope, await envelope.document());
      const summary = await call('createEnvelope', () =>
        envelopes.createEnvelope(accountId, { envelopeDefinition: definition }),
      );
      if (!summary?.envelopeId)
        throw new DocusignError('DocuSign createEnvelope: no envelopeId in the answer', 200, undefined);
      return { providerRef: summary.envelopeId };
    },

    async resend(envelope) {
      const id = refOf(envelope);
      await call('resend', () => envelopes.update(accountId, id, { resendEnvelope: 'true', envelope: {} }));
    },

    async void(envelope, reason) {
      const id = refOf(envelope);
      await call('void', () =>
        envelopes.update(accountId, id, { envelope: { status: 'voided', voidedReason: reason || 'Voided' } }),
      );
    },

    async status(envelope) {
      const id = refOf(envelope);
      const env = await call('getEnvelope', () => envelopes.getEnvelope(accountId, id));
      const recipients = await call('listRecipients', () => envelopes.listRecipients(accountId, id));
      return statusOf(env.status, recipients.signers ?? [], new Set(envelope.recipients.map((r) => r.id)));
    },

    async signedDocument(envelope) {
      const id = refOf(envelope);
      const bytes = await call('getDocument', () =>
        envelopes.getDocument(accountId, id, 'combined', { certificate: 'true' }),
      );
      const pdf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes ?? '', 'latin1');
      if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') {
        throw new DocusignError('DocuSign getDocument: the combined document is not a PDF', 200, undefined);
      }
      return pdf;
    },
  };
}

// --- the envelope ---------------------------------------------------------------------------------

/** Where the signature page puts things (PDF points = DocuSign pixels at 72 dpi, origin top left, A4). */
const PAGE = { width: 595.28, height: 841.89, left: 56, top: 56, bottom: 64, firstRow: 150, row: 104 };
/** The SignHere tab's offset inside a signer's row (below the name and e-mail lines). */
const TAB = { x: PAGE.left, dy: 36 };

/** Page number (1-based) and row top of the n-th signer (0-based) on the signature page(s). */
export function signerSlot(n: number): { page: number; y: number } {
  const perFirst = Math.floor((PAGE.height - PAGE.bottom - PAGE.firstRow) / PAGE.row);
  const perNext = Math.floor((PAGE.height - PAGE.bottom - PAGE.top) / PAGE.row);
  if (n < perFirst) return { page: 1, y: PAGE.firstRow + n * PAGE.row };
  const k = n - perFirst;
  return { page: 2 + Math.floor(k / perNext), y: PAGE.top + (k % perNext) * PAGE.row };
}

/** The envelope definition DocuSign documents for POST /v2.1/accounts/{accountId}/envelopes. */
export function envelopeDefinition(envelope: ProviderEnvelope, document: Buffer): EnvelopeDefinition {
  const signers = [...envelope.recipients].sort((a, b) => a.routingOrder - b.routingOrder || a.id - b.id);
  return {
    emailSubject: envelope.subject.slice(0, 100), // DocuSign's limit
    emailBlurb: envelope.message || undefined,
    status: 'sent',
    documents: [
      {
        documentBase64: document.toString('base64'),
        documentId: '1',
        fileExtension: 'pdf',
        name: envelope.documentName,
      },
      {
        documentBase64: signaturePage(envelope, signers).toString('base64'),
        documentId: '2',
        fileExtension: 'pdf',
        name: 'Signatures',
      },
    ],
    recipients: {
      signers: signers.map((r, n) => {
        const slot = signerSlot(n);
        return {
          email: r.email,
          name: r.name,
          recipientId: String(r.id),
          routingOrder: String(r.routingOrder),
          tabs: {
            signHereTabs: [
              {
                documentId: '2',
                pageNumber: String(slot.page),
                xPosition: String(TAB.x),
                yPosition: String(Math.round(slot.y + TAB.dy)),
                recipientId: String(r.id),
                tabLabel: `signature-${r.id}`,
              },
            ],
          },
        };
      }),
    },
  };
}

/** The "Signatures" page: the document's name and SHA-256, then a row per signer with room for the signature. */
export function signaturePage(envelope: ProviderEnvelope, signers: ProviderEnvelope['recipients']): Buffer {
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: true, info: { Title: 'Signatures' } });
  doc.registerFont('R', FONT_FILES.regular);
  doc.registerFont('B', FONT_FILES.bold);
  const width = PAGE.width - 2 * PAGE.left;
  doc.font('B').fontSize(16).fillColor('#222222').text('Signatures', PAGE.left, PAGE.top, { width });
  doc
    .font('R')
    .fontSize(9.5)
    .fillColor('#666666')
    .text(`${envelope.subject}\nDocument: ${envelope.documentName}\nSHA-256: ${envelope.documentSha256}`, {
      width,
      height: PAGE.firstRow - PAGE.top - 40,
      ellipsis: true,
    });
  let page = 1;
  signers.forEach((r, n) => {
    const slot = signerSlot(n);
    while (page < slot.page) {
      doc.addPage({ size: 'A4', margin: 0 });
      page++;
    }
    doc.font('B').fontSize(11).fillColor('#222222');
    doc.text(`${n + 1}. ${r.name}`, PAGE.left, slot.y, { width, lineBreak: false, ellipsis: true });
    doc.font('R').fontSize(9.5).fillColor('#666666');
    doc.text(r.email, PAGE.left, slot.y + 15, { width, lineBreak: false, ellipsis: true });
    const lineY = slot.y + TAB.dy + 48;
    doc
      .moveTo(PAGE.left, lineY)
      .lineTo(PAGE.left + 240, lineY)
      .lineWidth(0.75)
      .strokeColor('#999999')
      .stroke();
    doc.fontSize(8).text('Signature', PAGE.left, lineY + 3, { lineBreak: false });
  });
  doc.end();
  const chunks: Buffer[] = [];
  let chunk: Buffer | null;
  while ((chunk = doc.read() as Buffer | null) !== null) chunks.push(chunk);
  return Buffer.concat(chunks);
}

// --- the status ----------------------------------------------------------------------------------

/** DocuSign's envelope status → ours: sent/delivered (and anything still in flight) → sent. */
export function envelopeStatusOf(status: string | undefined): ProviderEnvelopeStatus {
  switch ((status ?? '').toLowerCase()) {
    case 'completed':
      return 'completed';
    case 'declined':
      return 'declined';
    case 'voided':
    case 'deleted':
      return 'voided';
    default:
      return 'sent';
  }
}

/** DocuSign's recipient status → ours (signed and completed are both a signature). */
function recipientStatusOf(
  status: string | undefined,
  envelope: ProviderEnvelopeStatus,
): ProviderRecipientStatus {
  switch ((status ?? '').toLowerCase()) {
    case 'signed':
    case 'completed':
      return 'signed';
    case 'declined':
      return 'declined';
    case 'delivered':
      return envelope === 'voided' ? 'voided' : 'delivered';
    default:
      return envelope === 'voided' ? 'voided' : 'sent';
  }
}

function statusOf(envelopeStatus: string | undefined, signers: Signer[], ours: Set<number>): ProviderStatus {
  const status = envelopeStatusOf(envelopeStatus);
  const recipients: ProviderStatus['recipients'] = [];
  for (const s of signers) {
    const id = Number(s.recipientId);
    if (!ours.has(id)) continue; // only the signers we sent
    const st = recipientStatusOf(s.status, status);
    const at = st === 'signed' ? s.signedDateTime : st === 'declined' ? s.declinedDateTime : undefined;
    recipients.push({
      id,
      status: st,
      ...(at ? { at: new Date(at).toISOString() } : {}),
      ...(st === 'declined' && s.declinedReason ? { declineReason: s.declinedReason } : {}),
      ...(s.recipientIdGuid ? { code: s.recipientIdGuid } : {}),
    });
  }
  return { status, recipients };
}

// --- errors --------------------------------------------------------------------------------------

interface AxiosLikeError {
  message?: string;
  response?: { status?: number; data?: unknown };
}

async function bodyOf(data: unknown): Promise<unknown> {
  if (data instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const c of data) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(String(c)));
    data = Buffer.concat(chunks);
  }
  if (Buffer.isBuffer(data)) data = data.toString('utf8');
  if (typeof data === 'string') {
    try {
      return JSON.parse(data) as unknown;
    } catch {
      return data;
    }
  }
  return data;
}

/** DocuSign's answer to a failed call as an Error: `DocuSign <what> failed (<status> <errorCode>): <message>`. */
async function docusignError(e: unknown, what: string): Promise<DocusignError> {
  if (e instanceof DocusignError) return e;
  const err = (e ?? {}) as AxiosLikeError;
  const status = err.response?.status;
  if (status === undefined) {
    return new DocusignError(`DocuSign ${what} failed: ${err.message ?? String(e)}`, undefined, undefined);
  }
  const body = (await bodyOf(err.response?.data).catch(() => undefined)) as
    { errorCode?: string; message?: string; error?: string; error_description?: string } | string | undefined;
  const b = typeof body === 'object' && body !== null ? body : {};
  const errorCode = b.errorCode ?? b.error;
  let message =
    b.message ?? b.error_description ?? (typeof body === 'string' && body ? body.slice(0, 300) : undefined);
  if (errorCode === 'consent_required') {
    message = `${message ?? 'consent required'} — open the consent URL once as the DocuSign user (see README)`;
  }
  return new DocusignError(
    `DocuSign ${what} failed (${status}${errorCode ? ` ${errorCode}` : ''}): ${message ?? err.message ?? 'no message'}`,
    status,
    errorCode,
  );
}

// --- Connect (webhooks) --------------------------------------------------------------------------

/**
 * DocuSign Connect's HMAC: the base64 HMAC-SHA256 of the raw body under the Connect key arrives in
 * X-DocuSign-Signature-1 … -N (one per active key); one match is enough. Compared in constant time.
 */
export function verifyConnectSignature(
  rawBody: Buffer | string,
  headers: Record<string, string | string[] | undefined>,
  hmacKey: string,
): boolean {
  if (!hmacKey) return false;
  const expected = createHmac('sha256', hmacKey)
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest();
  let ok = false;
  for (const [name, value] of Object.entries(headers)) {
    if (!/^x-docusign-signature-\d+$/i.test(name) || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      const given = Buffer.from(v.trim(), 'base64');
      if (given.length === expected.length && timingSafeEqual(given, expected)) ok = true;
    }
  }
  return ok;
}

/**
 * The envelope and event of a Connect message: JSON "SIM" `{ event: 'envelope-completed', data: { envelopeId } }`,
 * or the legacy `{ envelopeId, status: 'Completed' }` read as event `envelope-completed`. Undefined otherwise.
 */
export function parseConnectEvent(body: unknown): { envelopeId: string; event: string } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as {
    event?: unknown;
    data?: { envelopeId?: unknown };
    envelopeId?: unknown;
    status?: unknown;
  };
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const simId = str(b.data?.envelopeId) ?? str(b.envelopeId);
  const event = str(b.event);
  if (event && simId) return { envelopeId: simId, event: event.toLowerCase() };
  const status = str(b.status);
  const legacyId = str(b.envelopeId);
  if (status && legacyId) return { envelopeId: legacyId, event: `envelope-${status.toLowerCase()}` };
  return undefined;
}
