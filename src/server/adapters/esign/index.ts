/**
 * The e-signature engine's provider interface: send a PDF to recipients for signature, resend,
 * void, read the status, fetch the signed PDF. Two implementations:
 * - `builtin.ts` (the default, works on a fresh machine): personal signing links by e-mail (through the
 *   outbox), the portal's public signing page, every event recorded, a certificate page on the signed PDF;
 * - `docusign.ts` when `DOCUSIGN_*` is configured: envelopes through `docusign-esign` with the JWT grant.
 *
 * Providers never touch the owner records (weekly status, legal closure document): the engine
 * (src/server/modules/esign/service.ts) calls them from jobs on the queue and applies what they report.
 */

/** One signer, as the engine hands it to a provider. `id` is our `signature_recipients.id`. */
export interface ProviderRecipient {
  id: number;
  name: string;
  email: string;
  routingOrder: number;
}

/** One envelope, as the engine hands it to a provider. `id` is our `signature_envelopes.id`. */
export interface ProviderEnvelope {
  id: number;
  /** The provider's envelope id, once `send` returned it. */
  providerRef: string | null;
  subject: string;
  message: string;
  documentName: string;
  /** SHA-256 (hex) of `document`. */
  documentSha256: string;
  /** The PDF to sign (loaded by the engine from the file store). */
  document(): Promise<Buffer>;
  recipients: ProviderRecipient[];
}

export type ProviderEnvelopeStatus = 'sent' | 'completed' | 'declined' | 'voided';
export type ProviderRecipientStatus = 'sent' | 'delivered' | 'signed' | 'declined' | 'voided';

export interface ProviderStatus {
  status: ProviderEnvelopeStatus;
  recipients: {
    /** Our `signature_recipients.id`. */
    id: number;
    status: ProviderRecipientStatus;
    /** ISO time of the signature or the decline. */
    at?: string;
    declineReason?: string;
    /** A provider reference shown as the recipient's signedCode (DocuSign: its recipientIdGuid). */
    code?: string;
  }[];
}

export interface EsignProvider {
  readonly kind: 'builtin' | 'docusign';
  /** Sends the envelope to its recipients; returns the provider's reference for it. */
  send(envelope: ProviderEnvelope): Promise<{ providerRef: string }>;
  /** Sends the envelope again to the recipients who have not signed yet. */
  resend(envelope: ProviderEnvelope): Promise<void>;
  /** Voids (cancels) a sent envelope; its links stop working. */
  void(envelope: ProviderEnvelope, reason: string): Promise<void>;
  /** The envelope's status and each recipient's, as the provider knows it now. */
  status(envelope: ProviderEnvelope): Promise<ProviderStatus>;
  /** The signed PDF of a completed envelope (the document plus the provider's certificate). */
  signedDocument(envelope: ProviderEnvelope): Promise<Buffer>;
}
