import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUPERVISION_HEADERS,
  SupervisionFilterQuery,
  SupervisionGridQuery,
  SupervisionRow,
} from '@domain/contract';
import { RULES } from '@domain/rules';
import { sendWorkbook } from '../../adapters/reports';
import { WEEKLY_SUPERVISION_EXPORT_FILE, weeklySupervisionExportSheets } from './export';
import { supervisionRows, type SupervisionTotals } from './service';

const tags = ['supervision'];

function totalsHeaders(reply: FastifyReply, t: SupervisionTotals) {
  reply
    .header(SUPERVISION_HEADERS.total, String(t.total))
    .header(SUPERVISION_HEADERS.green, String(t.green))
    .header(SUPERVISION_HEADERS.yellow, String(t.yellow))
    .header(SUPERVISION_HEADERS.red, String(t.red))
    .header(SUPERVISION_HEADERS.notSubmitted, String(t.notSubmitted))
    .header('access-control-expose-headers', Object.values(SUPERVISION_HEADERS).join(', '));
}

/** Supervision lists (spec 002 §2.9, §7): admin data, for holders of Admin, IDOne, KNW or PDC. */
export default async function supervisionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: RULES.adminArea };

  for (const url of ['/api/weekly-supervision', '/api/allocation-supervision', '/api/pdc-supervision']) {
    app.get(
      url,
      {
        config,
        schema: { tags, querystring: SupervisionGridQuery, response: { 200: z.array(SupervisionRow) } },
      },
      async (req, reply) => {
        const { rows, totals } = await supervisionRows(app.db, req.query);
        totalsHeaders(reply, totals);
        return rows;
      },
    );
  }

  // the grid's rows for the same filters, every page, as an Excel file streamed while it is read
  app.get(
    '/api/weekly-supervision/export',
    { config, schema: { tags, querystring: SupervisionFilterQuery } },
    (req, reply) =>
      sendWorkbook(reply, WEEKLY_SUPERVISION_EXPORT_FILE, weeklySupervisionExportSheets(app.db, req.query)),
  );
}
