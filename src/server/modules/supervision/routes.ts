import type { FastifyInstance, FastifyReply } from 'fastify';
import { SUPERVISION_HEADERS } from '@domain/contract';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { sendWorkbook } from '../../adapters/reports';
import { on } from '../../platform/endpoint';
import { versionedWrite } from '../../platform/versions';
import {
  ALLOCATION_SUPERVISION_EXPORT_FILE,
  WEEKLY_SUPERVISION_EXPORT_FILE,
  allocationSupervisionExportSheets,
  weeklySupervisionExportSheets,
} from './export';
import * as service from './service';

const tags = ['supervision'];
const E = endpoints.supervision;

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
export default async function supervisionRoutes(app: FastifyInstance) {
  const read = { access: RULES.adminArea };
  const edit = { access: RULES.supervisionEdit };

  for (const grid of [E.weekly, E.allocation, E.pdc]) {
    on(app, grid, { tags, config: read }, async (req, reply) => {
      const { rows, totals } = await service.supervisionRows(app.db, req.query);
      totalsHeaders(reply, totals);
      return rows;
    });
  }

  // the grid's rows for the same filters, every page, as an Excel file streamed while it is read
  on(app, E.weeklyExport, { tags, config: read }, (req, reply) =>
    sendWorkbook(reply, WEEKLY_SUPERVISION_EXPORT_FILE, weeklySupervisionExportSheets(app.db, req.query)),
  );
  on(app, E.allocationExport, { tags, config: read }, (req, reply) =>
    sendWorkbook(
      reply,
      ALLOCATION_SUPERVISION_EXPORT_FILE,
      allocationSupervisionExportSheets(app.db, req.query),
    ),
  );

  on(app, E.weeklyEdit, { tags, config: edit }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      service.patchWeeklySupervisionRow(app.db, req.user.professionalId ?? null, req.params.id, req.body, v),
    ),
  );

  on(app, E.allocationStatus, { tags, config: edit }, (req, reply) =>
    versionedWrite(req, reply, (v) =>
      service.patchAllocationStatus(app.db, req.user.professionalId ?? null, req.params.id, req.body, v),
    ),
  );
}
