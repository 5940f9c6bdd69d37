import type { Signer } from 'docusign-esign';
import type { ProviderEnvelopeStatus, ProviderRecipientStatus, ProviderStatus } from './index';

/** DocuSign's envelope and recipient statuses mapped to the engine's. */

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
export function recipientStatusOf(
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

/** The envelope's status and our signers' (`ours`, by recipientId): signed or declined time, reason, code. */
export function statusOf(
  envelopeStatus: string | undefined,
  signers: Signer[],
  ours: Set<number>,
): ProviderStatus {
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
