import { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import { IdParams } from '../params';
import {
  SupervisionAllocationStatusPatch,
  SupervisionFilters,
  SupervisionGridRow,
  SupervisionPageQuery,
  WeeklySupervisionPatch,
} from '../supervision';

/** One page of a supervision grid; the x-total* headers (SUPERVISION_HEADERS) count the whole filtered set. */
const grid = <P extends string>(path: P) =>
  endpoint({ method: 'GET', path, query: SupervisionPageQuery, response: z.array(SupervisionGridRow) });

/** The grid's rows for the same filters, every page, as an Excel file. */
const gridExport = <P extends string>(path: P) =>
  endpoint({ method: 'GET', path, query: SupervisionFilters, file: true });

/**
 * Supervision (spec 002 §2.9, §7 "Admin and supervision"): the three grids and two exports, and the Weekly and
 * Allocation edits. PDC's pdcPriority goes through PATCH /api/projects/{id} (projects).
 */
export const supervision = {
  /** Weekly Supervision's page. */
  weekly: grid('/api/weekly-supervision'),
  /** Allocation Supervision's page. */
  allocation: grid('/api/allocation-supervision'),
  /** PDC Supervision's page. */
  pdc: grid('/api/pdc-supervision'),
  /** Weekly Supervision's export (report-all-weekly-supervisions.xlsx). */
  weeklyExport: gridExport('/api/weekly-supervision/export'),
  /** Allocation Supervision's export (report-all-allocations.xlsx). */
  allocationExport: gridExport('/api/allocation-supervision/export'),
  /** The Weekly Edit (priority, internal, During Type, this week's one-page) with If-Match; answers the row. */
  weeklyEdit: endpoint({
    method: 'PATCH',
    path: '/api/projects/:id/priority',
    params: IdParams,
    body: WeeklySupervisionPatch,
    response: SupervisionGridRow,
  }),
  /** The Allocation Edit (allocation status) with If-Match; answers the row. */
  allocationStatus: endpoint({
    method: 'PATCH',
    path: '/api/projects/:id/allocation-status',
    params: IdParams,
    body: SupervisionAllocationStatusPatch,
    response: SupervisionGridRow,
  }),
} satisfies Record<string, EndpointDef>;
