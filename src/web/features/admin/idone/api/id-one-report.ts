import { idone } from '@web/api/endpoints/idone';
import { REPORT_FILE_NAMES } from '@domain/rules/admin';
import { apiPath } from '@web/api/endpoint';
import type { FileRef } from '@web/ui/file-download';
import { centreFilterQuery, type IdOneCentreFilters } from './filters';

/** GET /api/reports/idone (002 §7 "Report downloads"): id-one.xlsx with the grid's filters applied (every page). */
export const idOneReportPath = (filters: IdOneCentreFilters) =>
  apiPath(idone.report, { query: centreFilterQuery(filters) });

export const idOneReportFile = (filters: IdOneCentreFilters): FileRef => ({
  path: idOneReportPath(filters),
  name: REPORT_FILE_NAMES.idone,
});
