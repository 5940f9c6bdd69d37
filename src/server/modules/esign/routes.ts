import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeclineBody, INVALID_SIGNING_LINK, SignBody, SigningView } from '@domain/contract';
import { endpoints } from '@domain/contract/endpoints';
import { hashToken } from '@server/adapters/esign/builtin';
import type { DB } from '@server/db';
import { httpError } from '@server/http';
import { on } from '@server/platform/endpoint';
import { sendError } from '@server/platform/errors';
import * as repo from './repo';

const tags = ['e-signature'];
const E = endpoints.esign;

type Row = Awaited<ReturnType<typeof findByToken>>;

async function findByToken(db: DB, token: string, lock = false) {
  const row = await repo.findRecipientByTokenHash(db, hashToken(token), lock);
  if (!row) throw httpError(404, INVALID_SIGNING_LINK);
  return row;
}

function stateOf(r: NonNullable<Row>): SigningView['state'] {
  if (r.envelopeStatus === 'voided' || r.status === 'voided') return 'voided';
  if (r.status === 'signed') return r.envelopeStatus === 'completed' ? 'completed' : 'signed';
  if (r.status === 'declined' || r.envelopeStatus === 'declined') return 'declined';
  if (r.expiresAt && r.expiresAt.getTime() < Date.now()) return 'expired';
  return 'pending';
}

async function viewOf(db: DB, r: NonNullable<Row>): Promise<SigningView> {
  const signers = await repo.listSigners(db, r.envelopeId);
  return {
    state: stateOf(r),
    subject: r.subject,
    documentName: r.documentName,
    documentSha256: r.documentSha256,
    recipient: { name: r.name, email: r.email },
    sender: `Project Portal — ${r.code} ${r.projectName}`,
    expiresAt: r.expiresAt ? r.expiresAt.toISOString() : null,
    signedAt: r.signedAt ? r.signedAt.toISOString() : null,
    signers: signers.map((s) => ({ name: s.name, signed: s.status === 'signed' })),
  };
}

const clientOf = (req: FastifyRequest) => ({
  ip: req.ip ?? null,
  userAgent: (req.headers['user-agent'] ?? '').slice(0, 500) || null,
});

/**
 * The portal's public signing page API (built-in engine): the link's token is the credential (no portal
 * sign-in). Every open, signature and decline is recorded with the IP address, the user agent and the
 * document's SHA-256; a signature or decline queues the envelope's status sync (the owner follows there).
 * Also the DocuSign Connect webhook (HMAC verified).
 */
export default async function esignRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const bad = { 400: z.any(), 404: z.any(), 409: z.any() };

  on(app, E.view, { tags, config: { access: 'public' }, errors: bad }, async (req) => {
    const row = await findByToken(app.db, req.params.token);
    if (stateOf(row) === 'pending' && row.status === 'sent') {
      const c = clientOf(req);
      await app.db.transaction().execute(async (t) => {
        await repo.updateRecipient(t, row.id, { status: 'delivered' }, 'sent');
        await repo.insertEvent(t, {
          envelopeId: row.envelopeId,
          recipientId: row.id,
          event: 'opened',
          ...c,
          documentSha256: row.documentSha256,
        });
      });
    }
    return viewOf(app.db, row);
  });

  on(app, E.document, { tags, config: { access: 'public' } }, async (req, reply) => {
    const row = await findByToken(app.db, req.params.token);
    const state = stateOf(row);
    if (state === 'voided') return sendError(reply, 410, 'This document was withdrawn by the sender.');
    const key = state === 'completed' && row.signedKey ? row.signedKey : row.documentKey;
    const file = await app.files.get(key);
    if (!file) return sendError(reply, 404, 'The document is no longer available');
    const name =
      key === row.signedKey ? row.documentName.replace(/\.pdf$/i, '') + '-signed.pdf' : row.documentName;
    return (
      reply
        .header('content-type', 'application/pdf')
        .header('content-length', file.size)
        .header(
          'content-disposition',
          `inline; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('cache-control', 'private, no-store')
        // the signing page shows the PDF in a frame: Chrome's viewer needs object-src on the PDF's own answer
        .header(
          'content-security-policy',
          "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
        )
        .header('x-file-name', encodeURIComponent(name))
        .send(file.stream)
    );
  });

  const act = (kind: 'sign' | 'decline') => async (req: FastifyRequest) => {
    const { token } = req.params as { token: string };
    const c = clientOf(req);
    await app.db.transaction().execute(async (t) => {
      const row = await findByToken(t, token, true);
      const state = stateOf(row);
      if (state === 'expired')
        throw httpError(409, 'This signing link has expired. Ask the sender for a new one.');
      if (state === 'voided') throw httpError(409, 'This document was withdrawn by the sender.');
      if (state !== 'pending')
        throw httpError(409, `This document was already ${state === 'declined' ? 'declined' : 'signed'}.`);
      if (kind === 'sign') {
        const body = req.body as z.infer<typeof SignBody>;
        await repo.updateRecipient(t, row.id, {
          status: 'signed',
          signedName: body.name,
          signedAt: new Date(),
          ...c,
        });
        await repo.insertEvent(t, {
          envelopeId: row.envelopeId,
          recipientId: row.id,
          event: 'signed',
          ...c,
          documentSha256: row.documentSha256,
          detail: JSON.stringify({ typedName: body.name, consent: true }),
        });
      } else {
        const body = req.body as z.infer<typeof DeclineBody>;
        await repo.updateRecipient(t, row.id, {
          status: 'declined',
          declinedAt: new Date(),
          declineReason: body.reason,
          ...c,
        });
        await repo.insertEvent(t, {
          envelopeId: row.envelopeId,
          recipientId: row.id,
          event: 'declined',
          ...c,
          documentSha256: row.documentSha256,
          detail: JSON.stringify({ reason: body.reason }),
        });
      }
      await app.esign.queueSync(t, row.envelopeId);
    });
    return viewOf(app.db, await findByToken(app.db, token));
  };

  on(app, E.sign, { tags, config: { access: 'public' }, errors: bad }, act('sign'));
  on(app, E.decline, { tags, config: { access: 'public' }, errors: bad }, act('decline'));

  // DocuSign Connect: the raw body is needed for the HMAC, so this route reads JSON as bytes (its own scope).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 2 * 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/esign/docusign/connect',
      { config: { access: 'public' }, schema: { tags, hide: false } },
      async (req, reply) => {
        const cfg = app.config.docusign;
        if (!cfg || app.esign.provider !== 'docusign')
          return sendError(reply, 404, 'DocuSign is not configured');
        if (!cfg.connectHmacKey) return sendError(reply, 401, 'DocuSign Connect HMAC key is not configured');
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
        const { verifyConnectSignature, parseConnectEvent } = await import('@server/adapters/esign/docusign');
        if (!verifyConnectSignature(raw, req.headers, cfg.connectHmacKey))
          return sendError(reply, 401, 'Invalid DocuSign Connect signature');
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          return sendError(reply, 400, 'Invalid JSON');
        }
        const ev = parseConnectEvent(body);
        if (!ev) return sendError(reply, 400, 'Not a DocuSign Connect envelope event');
        const envelopeId = await repo.findDocusignEnvelope(app.db, ev.envelopeId);
        // an envelope of another system on the same account: acknowledged, nothing to do
        if (envelopeId === undefined) return reply.code(200).send({ received: true, known: false });
        await app.db.transaction().execute(async (t) => {
          await repo.insertEvent(t, {
            envelopeId,
            event: 'webhook',
            ip: req.ip,
            detail: JSON.stringify({ event: ev.event }),
          });
          await app.esign.queueSync(t, envelopeId);
        });
        return reply.code(200).send({ received: true, known: true });
      },
    );
  });
}
