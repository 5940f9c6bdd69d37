import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OutboxMessage, OutboxQuery } from '@domain/contract';
import { RULES } from '@domain/rules';
import * as service from './service';

const tags = ['outbox'];

/** The mail outbox for administrators: what the portal sent or still has to send (`x-total`: all messages). */
export default async function outboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/mail-outbox',
    {
      config: { access: RULES.admin },
      schema: { tags, querystring: OutboxQuery, response: { 200: z.array(OutboxMessage) } },
    },
    async (req, reply) => {
      const { rows, total } = await service.list(app.db, req.query.skip, req.query.take);
      reply.header('x-total', String(total)).header('access-control-expose-headers', 'x-total');
      return rows;
    },
  );
}
