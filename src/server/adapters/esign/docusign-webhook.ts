import { createHmac, timingSafeEqual } from 'node:crypto';

/** DocuSign Connect (webhooks): the HMAC check of a message and the envelope event it carries. */

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
