import crypto from 'node:crypto';
import { sha256Hex } from '../../platform/secrets';
import type { DB } from '../../db';
import type { Mailer } from '../../mail';
import type { EsignProvider, ProviderEnvelope, ProviderStatus } from './index';
import { withCertificate } from './certificate';

/**
 * The built-in e-signature engine (the default; works on a fresh machine). Each recipient gets an e-mail
 * through the outbox with a personal link `<PUBLIC_URL>/sign/<token>`: 32 random bytes, base64url; only its
 * SHA-256 is stored (signature_recipients.token_hash), so neither the database nor the portal's answers can
 * be used to sign for someone. Links expire after ESIGN_LINK_DAYS (30); a resend issues new links (the old ones
 * stop working). The public signing page (src/server/modules/esign/routes.ts) records every event with the IP
 * address, user agent and the document's SHA-256. The signed PDF is the original plus a certificate page.
 */
export interface BuiltinOptions {
  db: DB;
  mailer: Mailer;
  publicUrl: string;
  linkDays: number;
}

/** What a signing link's token is stored as. */
export const hashToken = sha256Hex;
export const newToken = () => crypto.randomBytes(32).toString('base64url');

export function signingLink(publicUrl: string, token: string) {
  return `${publicUrl}/sign/${token}`;
}

export function createBuiltinProvider(opts: BuiltinOptions): EsignProvider {
  const { db, mailer } = opts;

  /** New links for the recipients still to sign, mailed through the outbox, in one transaction. */
  async function issueLinks(envelope: ProviderEnvelope, event: 'sent' | 'resent') {
    await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('signatureRecipients')
        .select(['id', 'name', 'email', 'status'])
        .where('envelopeId', '=', envelope.id)
        .where('status', 'in', ['created', 'sent', 'delivered'])
        .orderBy('id')
        .execute();
      const expires = new Date(Date.now() + opts.linkDays * 86_400_000);
      for (const r of rows) {
        const token = newToken();
        await trx
          .updateTable('signatureRecipients')
          .set({
            tokenHash: hashToken(token),
            expiresAt: expires,
            status: r.status === 'created' ? 'sent' : r.status,
          })
          .where('id', '=', r.id)
          .execute();
        const link = signingLink(opts.publicUrl, token);
        await mailer.enqueue(
          {
            to: r.email,
            subject: `${event === 'resent' ? 'Reminder: ' : ''}Please sign: ${envelope.subject}`,
            body: [
              `Hello ${r.name},`,
              '',
              envelope.message || `You are asked to sign "${envelope.documentName}".`,
              '',
              `Open your personal signing link to read and sign the document:`,
              link,
              '',
              `The link is personal: do not forward it. It is valid until ${expires.toISOString().slice(0, 10)}.`,
              `Document fingerprint (SHA-256): ${envelope.documentSha256}`,
            ].join('\n'),
          },
          trx,
        );
        await trx
          .insertInto('signatureEvents')
          .values({
            envelopeId: envelope.id,
            recipientId: r.id,
            event,
            documentSha256: envelope.documentSha256,
          })
          .execute();
      }
    });
  }

  return {
    kind: 'builtin',
    async send(envelope) {
      await issueLinks(envelope, 'sent');
      return { providerRef: `builtin-${envelope.id}` };
    },
    async resend(envelope) {
      await issueLinks(envelope, 'resent');
    },
    async void(envelope, reason) {
      await db.transaction().execute(async (trx) => {
        const open = await trx
          .updateTable('signatureRecipients')
          .set({ status: 'voided' })
          .where('envelopeId', '=', envelope.id)
          .where('status', 'in', ['created', 'sent', 'delivered'])
          .returning(['id', 'name', 'email'])
          .execute();
        for (const r of open) {
          await mailer.enqueue(
            {
              to: r.email,
              subject: `Withdrawn: ${envelope.subject}`,
              body: `Hello ${r.name},\n\nThe document "${envelope.documentName}" sent to you for signature was withdrawn by the sender (${reason}). Your signing link no longer works; there is nothing for you to do.`,
            },
            trx,
          );
        }
        await trx
          .insertInto('signatureEvents')
          .values({ envelopeId: envelope.id, event: 'voided', detail: JSON.stringify({ reason }) })
          .execute();
      });
    },
    async status(envelope): Promise<ProviderStatus> {
      const [env, rows] = await Promise.all([
        db.selectFrom('signatureEnvelopes').select('status').where('id', '=', envelope.id).executeTakeFirst(),
        db
          .selectFrom('signatureRecipients')
          .select(['id', 'status', 'signedAt', 'declinedAt', 'declineReason', 'tokenHash'])
          .where('envelopeId', '=', envelope.id)
          .execute(),
      ]);
      const recipients = rows.map((r) => ({
        id: r.id,
        status: (r.status === 'created'
          ? 'sent'
          : r.status) as ProviderStatus['recipients'][number]['status'],
        at: (r.signedAt ?? r.declinedAt)?.toISOString(),
        declineReason: r.declineReason ?? undefined,
        code: r.tokenHash ?? undefined,
      }));
      const status: ProviderStatus['status'] =
        env?.status === 'voided'
          ? 'voided'
          : recipients.some((r) => r.status === 'declined')
            ? 'declined'
            : recipients.length > 0 && recipients.every((r) => r.status === 'signed')
              ? 'completed'
              : 'sent';
      return { status, recipients };
    },
    async signedDocument(envelope) {
      const env = await db
        .selectFrom('signatureEnvelopes')
        .select(['id', 'createdAt', 'completedAt'])
        .where('id', '=', envelope.id)
        .executeTakeFirstOrThrow();
      const sent = await db
        .selectFrom('signatureEvents')
        .select('at')
        .where('envelopeId', '=', envelope.id)
        .where('event', '=', 'sent')
        .orderBy('at')
        .executeTakeFirst();
      const signers = await db
        .selectFrom('signatureRecipients')
        .select(['name', 'email', 'signedName', 'signedAt', 'ip', 'userAgent'])
        .where('envelopeId', '=', envelope.id)
        .orderBy('signedAt')
        .orderBy('id')
        .execute();
      return withCertificate(await envelope.document(), {
        envelopeId: envelope.id,
        subject: envelope.subject,
        documentName: envelope.documentName,
        documentSha256: envelope.documentSha256,
        sentAt: sent?.at ?? env.createdAt,
        completedAt: env.completedAt ?? new Date(),
        signers,
      });
    },
  };
}
