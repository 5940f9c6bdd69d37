import { idone } from '@web/api/endpoints/idone';
import { REPORT_FILE_NAMES } from '@domain/rules/admin';
import { apiPath } from '@web/api/endpoint';
import type { FileRef } from '@web/ui/file-download';

/** GET /api/reports/idone (002 §7 "Report downloads"): id-one.xlsx with the grid's search applied. */
export const idOneReportPath = (search: string) =>
  apiPath(idone.report, { query: { search: search.trim() } });

export const idOneReportFile = (search: string): FileRef => ({
  path: idOneReportPath(search),
  name: REPORT_FILE_NAMES.idone,
});
