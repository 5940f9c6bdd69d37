import { dashboards } from '@web/api/endpoints/dashboards';
import { apiPath } from '@web/api/endpoint';
import type { FileRef } from '@web/ui/file-download';

/** GET /api/project-dashboards/{id}/pdf (beyond the spec): the dashboard as a PDF. */
export const dashboardPdfFile = (id: number): FileRef => ({
  path: apiPath(dashboards.pdf, { params: { dashboardId: id } }),
  name: `dashboard-${id}.pdf`,
});
