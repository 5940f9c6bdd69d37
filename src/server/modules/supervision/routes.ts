import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SupervisionAllocationStatusPatch,
  SUPERVISION_HEADERS,
  SupervisionFilters,
  SupervisionGridRow,
  SupervisionPageQuery,
  SupervisionPriorityPatch,
} from '@domain/contract';
import { RULES } from '@domain/rules';
import { sendWorkbook } from '../../adapters/reports';
import { IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion } from '../../platform/versions';
import {
  ALLOCATION_SUPERVISION_EXPORT_FILE,
  WEEKLY_SUPERVISION_EXPORT_FILE,
  allocationSupervisionExportSheets,
  weeklySupervisionExportSheets,
} from './export';
import * as service from './service';

const tags = ['supervision'];

function totalsHeaders(reply: FastifyReply, t: service.SupervisionTotals) {
  reply
    .header(SUPERVISION_HEADERS.total, String(t.total))
    .header(SUPERVISION_HEADERS.green, String(t.green))
    .header(SUPERVISION_HEADERS.yellow, String(t.yellow))
    .header(SUPERVISION_HEADERS.red, String(t.red))
    .header(SUPERVISION_HEADERS.notSubmitted, String(t.notSubmitted))
    .header('access-control-expose-headers', [...Object.values(SUPERVISION_HEADERS), 'etag'].join(', '));
}

/**
 * Supervision (spec 002 §2.9, §7 "Admin and supervision"). The three lists and the two exports are admin data
 * (RULES.adminArea: Admin, IDOne, KNW or PDC); the Weekly and Allocation edits are Admin's
 * (RULES.supervisionEdit). PDC's pdcPriority goes through PATCH /api/projects/{id} (projects module).
 */
export default async function supervisionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = { access: RULES.adminArea };
  const edit = { access: RULES.supervisionEdit };

  for (const url of ['/api/weekly-supervision', '/api/allocation-supervision', '/api/pdc-supervision']) {
    app.get(
      url,
      {
        config: read,
        schema: { tags, querystring: SupervisionPageQuery, response: { 200: z.array(SupervisionGridRow) } },
      },
      async (req, reply) => {
        const { rows, totals } = await service.supervisionRows(app.db, req.query);
        totalsHeaders(reply, totals);
        return rows;
      },
    );
  }

  // the grid's rows for the same filters, every page, as an Excel file streamed while it is read
  app.get(
    '/api/weekly-supervision/export',
    { config: read, schema: { tags, querystring: SupervisionFilters } },
    (req, reply) =>
      sendWorkbook(reply, WEEKLY_SUPERVISION_EXPORT_FILE, weeklySupervisionExportSheets(app.db, req.query)),
  );
  app.get(
    '/api/allocation-supervision/export',
    { config: read, schema: { tags, querystring: SupervisionFilters } },
    (req, reply) =>
      sendWorkbook(
        reply,
        ALLOCATION_SUPERVISION_EXPORT_FILE,
        allocationSupervisionExportSheets(app.db, req.query),
      ),
  );

  app.patch(
    '/api/projects/:id/priority',
    {
      config: edit,
      schema: {
        tags,
        params: IdParams,
        body: SupervisionPriorityPatch,
        response: { 200: SupervisionGridRow },
      },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.patchPriority(
          app.db,
          req.user.professionalId ?? null,
          req.params.id,
          req.body,
          expectedVersion(req),
        ),
      ),
  );

  app.patch(
    '/api/projects/:id/allocation-status',
    {
      config: edit,
      schema: {
        tags,
        params: IdParams,
        body: SupervisionAllocationStatusPatch,
        response: { 200: SupervisionGridRow },
      },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.patchAllocationStatus(
          app.db,
          req.user.professionalId ?? null,
          req.params.id,
          req.body,
          expectedVersion(req),
        ),
      ),
  );
}
