import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAdminArea } from '../../auth/guards';
import { parseBody } from '../../http';
import { supervisionRows, type SupervisionTotals } from './service';

const SupervisionQuery = z.object({
  search: z.string().max(200).optional(),
  status: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? undefined : (Array.isArray(v) ? v : v.split(',')).map(Number)))
    .refine((v) => v === undefined || v.every((n) => Number.isInteger(n) && n >= 1 && n <= 6), 'must be status ids 1 to 6'),
  skip: z.coerce.number().int().min(0).default(0),
  take: z.coerce.number().int().min(1).max(1000).default(100),
});

function totalsHeaders(reply: FastifyReply, t: SupervisionTotals) {
  reply
    .header('x-total', String(t.total))
    .header('x-total-green', String(t.green))
    .header('x-total-yellow', String(t.yellow))
    .header('x-total-red', String(t.red))
    .header('x-total-notsubmitted', String(t.notSubmitted))
    .header('access-control-expose-headers', 'x-total, x-total-green, x-total-yellow, x-total-red, x-total-notsubmitted');
}

/** Supervision lists (spec 002 §2.9, §7): admin data, for holders of Admin, IDOne, KNW or PDC. */
export default async function supervisionModule(app: FastifyInstance) {
  app.addHook('preHandler', app.authenticate);
  app.addHook('preHandler', requireAdminArea());

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const q = parseBody(SupervisionQuery, request.query, 'Invalid query');
    const { rows, totals } = await supervisionRows(app.db, q);
    totalsHeaders(reply, totals);
    return rows;
  };
  app.get('/api/weekly-supervision', handler);
  app.get('/api/allocation-supervision', handler);
  app.get('/api/pdc-supervision', handler);
}
