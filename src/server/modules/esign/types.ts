import type { DB } from '@server/db';

/** Whose document an envelope signs: a weekly status (its id) or a project's legal closure document (the project id). */
export type EsignOwner = { type: 'weekly-status'; id: number } | { type: 'legal-document'; id: number };

export interface SignatureRequest {
  owner: EsignOwner;
  projectId: number;
  /** The e-mail subject and the signing page's heading, e.g. "Weekly status — DEMO-DURING". */
  subject: string;
  /** A line for the recipients (the e-mail's body above the link). */
  message?: string;
  document: Buffer;
  documentName: string;
  /** The owner's active recipient rows (weekly_status_recipients / closure_external_recipients). */
  recipients: { id: number; name: string; email: string }[];
  createdBy: number | null;
}

/**
 * The e-signature engine (`app.esign`, src/server/modules/esign/service.ts). Owner modules call it inside
 * their own transaction; everything that talks to a provider runs later on the job queue, never inside the
 * request. The engine keeps the owner's `signedStatus`, the signed file and each recipient's
 * `isSigned` / `signedCode` in step with the provider.
 */
export interface Esign {
  readonly provider: 'builtin' | 'docusign';
  /**
   * Stores the document (file store + stored_files, hashed), creates the envelope and its recipients in
   * `trx`, and queues the sending. The owner module sets its own signedStatus 'sent', unsigned file
   * key (`documentKey`) and name in the same transaction.
   */
  request(
    trx: DB,
    req: SignatureRequest,
  ): Promise<{ envelopeId: number; documentKey: string; sha256: string }>;
  /** Queues a resend of the owner's open (sent) envelope; 409 when it has none. */
  resend(trx: DB, owner: EsignOwner): Promise<void>;
  /**
   * Voids the owner's open envelope, if any (queued for the provider). The owner module sets its own status
   * ('deleted', or back to absent for a removed legal document); later provider news about a voided envelope
   * never changes the owner again.
   */
  void(trx: DB, owner: EsignOwner, reason: string): Promise<void>;
  /** Without a job queue attached (tests): runs every queued engine job now, in order; returns how many ran. */
  drain(): Promise<number>;
}
