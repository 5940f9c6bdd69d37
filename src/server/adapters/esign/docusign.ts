import docusign from 'docusign-esign';
import type { DocusignConfig } from '@server/config';
import { jwtTokens, oauthHostOf, resolvePrivateKey } from './docusign-auth';
import { envelopeDefinition } from './docusign-envelope';
import { DocusignError, docusignError } from './docusign-errors';
import { statusOf } from './docusign-status';
import type { EsignProvider, ProviderEnvelope } from './index';

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
 *
 * This file builds the provider; its pieces are `docusign-auth.ts` (JWT grant, token cache),
 * `docusign-envelope.ts` (the envelope and its signature page), `docusign-status.ts` (status mapping),
 * `docusign-errors.ts` (DocuSign's errors) and `docusign-webhook.ts` (Connect's HMAC and events).
 */

export { consentUrl, DOCUSIGN_SCOPES, resolvePrivateKey, TOKEN_MARGIN_MS } from './docusign-auth';
export { envelopeDefinition, signaturePage, signerSlot } from './docusign-envelope';
export { DocusignError } from './docusign-errors';
export { envelopeStatusOf } from './docusign-status';
export { parseConnectEvent, verifyConnectSignature } from './docusign-webhook';

export interface DocusignProviderOptions {
  /** The clock (tests). */
  now?: () => number;
}

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

  const tokens = jwtTokens(client, config, privateKey, now);

  /** Runs one API call with a valid token; DocuSign's errors become DocusignError. */
  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    client.addDefaultHeader('Authorization', `Bearer ${await tokens.accessToken()}`);
    try {
      return await run();
    } catch (e) {
      const err = await docusignError(e, what);
      if (err.status === 401) tokens.drop();
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
