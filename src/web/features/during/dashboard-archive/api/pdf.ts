import { dashboards } from '@web/api/endpoints/dashboards';
import { apiPath } from '@web/api/endpoint';
import { getHost } from '@web/host';

/** GET /api/project-dashboards/{id}/pdf (beyond the spec): the dashboard as a PDF through the host. */
export const dashboardPdfPath = (id: number) => apiPath(dashboards.pdf, { params: { dashboardId: id } });
export const downloadDashboardPdf = (id: number) =>
  getHost().download(dashboardPdfPath(id), `dashboard-${id}.pdf`);
