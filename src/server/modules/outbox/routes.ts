import type { FastifyInstance } from 'fastify';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { on } from '@server/platform/endpoint';
import * as service from './service';

const tags = ['outbox'];

/** The mail outbox for administrators: what the portal sent or still has to send (`x-total`: all messages). */
export default async function outboxRoutes(app: FastifyInstance) {
  on(app, endpoints.outbox.list, { tags, config: { access: RULES.admin } }, async (req, reply) => {
    const { rows, total } = await service.list(app.db, req.query.skip, req.query.take);
    reply.header('x-total', String(total)).header('access-control-expose-headers', 'x-total');
    return rows;
  });
}
