import { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import {
  DashboardAccess,
  DashboardAccessBulk,
  DashboardListRow,
  DashboardOnePage,
  DashboardOnePagePatch,
  DashboardParams,
  OnePageIdParams,
  ProjectDashboardRecord,
} from '../onepages';
import { IdParams, ProjectIdParams } from '../params';

/** The Dashboard Archive and its e-mail access (spec 002 §7): src/server/modules/dashboards. */
export const dashboards = {
  /** The project's archive (`:id` is the project). */
  list: endpoint({
    method: 'GET',
    path: '/api/project-dashboards/project/:id',
    params: IdParams,
    response: z.array(DashboardListRow),
  }),
  /** One dashboard with its one-page (ETag: the one-page's version) and staffing. */
  get: endpoint({
    method: 'GET',
    path: '/api/project-dashboards/:dashboardId',
    params: DashboardParams,
    response: ProjectDashboardRecord,
  }),
  /** The dashboard as a PDF (beyond the spec). */
  pdf: endpoint({
    method: 'GET',
    path: '/api/project-dashboards/:dashboardId/pdf',
    params: DashboardParams,
    file: true,
  }),
  /** One of the four comments of the dashboard's one-page (If-Match). */
  comment: endpoint({
    method: 'PATCH',
    path: '/api/project-dashboards/one-page/:onePageId',
    params: OnePageIdParams,
    body: DashboardOnePagePatch,
    response: DashboardOnePage,
  }),
  /** Who receives the project's dashboard e-mails. */
  accessList: endpoint({
    method: 'GET',
    path: '/api/professional-dashboard-access/project/:projectId',
    params: ProjectIdParams,
    response: z.array(DashboardAccess),
  }),
  /** Adds professionals to the e-mail list (201: the added rows). */
  accessAdd: endpoint({
    method: 'POST',
    path: '/api/professional-dashboard-access/bulk',
    body: DashboardAccessBulk,
    response: z.array(DashboardAccess),
    status: 201,
  }),
  /** Removes one professional from the e-mail list (204). */
  accessRemove: endpoint({
    method: 'DELETE',
    path: '/api/professional-dashboard-access/:id',
    params: IdParams,
    status: 204,
  }),
} satisfies Record<string, EndpointDef>;
