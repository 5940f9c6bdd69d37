import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireScopes } from '../../auth/guards';
import { parseBody } from '../../http';

const Query = z.object({ skip: z.coerce.number().int().min(0).default(0), take: z.coerce.number().int().min(1).max(500).default(100) });

/** The mail outbox for administrators: what the portal sent or still has to send. */
export default async function outboxModule(app: FastifyInstance) {
  app.addHook('preHandler', app.authenticate);
  app.addHook('preHandler', requireScopes('API.Portal.Admin'));
  app.get('/api/mail-outbox', async (request, reply) => {
    const q = parseBody(Query, request.query, 'Invalid query');
    const [rows, total] = await Promise.all([
      app.db.selectFrom('mailOutbox').selectAll().orderBy('id', 'desc').limit(q.take).offset(q.skip).execute(),
      app.db.selectFrom('mailOutbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    reply.header('x-total', String(Number(total.n)));
    return rows.map((m) => ({ id: m.id, to: m.toAddress, subject: m.subject, body: m.body, createdAt: new Date(m.createdAt).toISOString(), sentAt: m.sentAt ? new Date(m.sentAt).toISOString() : null, error: m.error, attempts: m.attempts }));
  });
}
