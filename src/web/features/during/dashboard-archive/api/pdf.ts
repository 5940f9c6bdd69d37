import { getHost } from '@web/host';

/** GET /api/project-dashboards/{id}/pdf (beyond the spec): the dashboard as a PDF through the host. */
export const dashboardPdfPath = (id: number) => `/api/project-dashboards/${id}/pdf`;
export const downloadDashboardPdf = (id: number) =>
  getHost().download(dashboardPdfPath(id), `dashboard-${id}.pdf`);
