import { idone } from '@web/api/endpoints/idone';
import { REPORT_FILE_NAMES } from '@domain/rules/admin';
import { apiPath } from '@web/api/endpoint';
import { getHost } from '@web/host';

/** GET /api/reports/idone (002 §7 "Report downloads"): id-one.xlsx with the grid's search applied. */
export const idOneReportPath = (search: string) =>
  apiPath(idone.report, { query: { search: search.trim() } });

/** Downloads the report through the host (a blob in the browser, a short-lived link in Teams). */
export const downloadIdOneReport = (search: string) =>
  getHost().download(idOneReportPath(search), REPORT_FILE_NAMES.idone);
