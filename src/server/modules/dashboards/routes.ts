import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DashboardAccess,
  DashboardAccessBulk,
  DashboardListRow,
  DashboardOnePage,
  DashboardOnePagePatch,
  ProjectDashboardRecord,
} from '@domain/contract';
import { RULES } from '@domain/rules';
import { projectFromParam, projectOfRecord } from '../../platform/access';
import { sendStoredFile } from '../../platform/files';
import { IdParam, IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag } from '../../platform/versions';
import { projectOfOnePage } from '../one-pages/repo';
import { dashboardFileName, dashboardPdf } from './pdf';
import { projectOfAccess, projectOfDashboard } from './repo';
import * as service from './service';

const tags = ['dashboards'];
const DashboardParams = z.object({ dashboardId: IdParam });
const ofDashboard = projectOfRecord('Dashboard', projectOfDashboard, 'dashboardId');
const ofOnePage = projectOfRecord('One-Page', projectOfOnePage, 'onePageId');
const ofAccess = projectOfRecord('Dashboard access', projectOfAccess);

/**
 * The Dashboard Archive and its e-mail access (spec 002 §7 "Dashboard archive and e-mail access"). Reads:
 * RULES.projectRead; comments: RULES.dashboardCommentEdit (the PDC Resume comment: Admin or PDC, 409 for
 * others); the access list: RULES.dashboardEmailAccess. Beyond the spec: the dashboard as a PDF.
 */
export default async function dashboardsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    '/api/project-dashboards/project/:id',
    {
      config: { access: RULES.projectRead },
      schema: { tags, params: IdParams, response: { 200: z.array(DashboardListRow) } },
    },
    (req) => service.list(db, req.params.id),
  );

  const getOne = async (req: FastifyRequest<{ Params: { dashboardId: number } }>) =>
    service.get(db, req.user, req.params.dashboardId);

  app.get(
    '/api/project-dashboards/:dashboardId',
    {
      config: { access: RULES.projectRead, project: ofDashboard },
      schema: { tags, params: DashboardParams, response: { 200: ProjectDashboardRecord } },
    },
    async (req, reply) => {
      const d = await getOne(req);
      // the comments' version: the If-Match of PATCH …/one-page/{onePageId}
      if (d.onePage) setEtag(reply, d.onePage.version);
      return d;
    },
  );

  app.get(
    '/api/project-dashboards/:dashboardId/pdf',
    {
      config: { access: RULES.projectRead, project: ofDashboard },
      schema: { tags, params: DashboardParams, produces: ['application/pdf'] },
    },
    async (req, reply) => {
      const d = await getOne(req);
      const pdf = dashboardPdf(d);
      return sendStoredFile(reply, pdf, {
        fileName: dashboardFileName(d),
        contentType: 'application/pdf',
        size: pdf.length,
      });
    },
  );

  app.patch(
    '/api/project-dashboards/one-page/:onePageId',
    {
      config: { access: RULES.dashboardCommentEdit, project: ofOnePage },
      schema: {
        tags,
        params: z.object({ onePageId: IdParam }),
        body: DashboardOnePagePatch,
        response: { 200: DashboardOnePage },
      },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.patchComment(
          db,
          req.projectAccess,
          req.params.onePageId,
          req.body,
          expectedVersion(req),
        ),
      ),
  );

  app.get(
    '/api/professional-dashboard-access/project/:projectId',
    {
      config: { access: RULES.projectRead, project: projectFromParam('projectId') },
      schema: {
        tags,
        params: z.object({ projectId: IdParam }),
        response: { 200: z.array(DashboardAccess) },
      },
    },
    (req) => service.listAccess(db, req.params.projectId),
  );

  app.post(
    '/api/professional-dashboard-access/bulk',
    {
      config: {
        access: RULES.dashboardEmailAccess,
        project: (req) => (req.body as DashboardAccessBulk).IDProject,
      },
      schema: {
        tags,
        body: DashboardAccessBulk,
        response: { 201: z.array(DashboardAccess) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.addAccess(db, req.projectAccess, req.body.ProfessionalIds)),
  );

  app.delete(
    '/api/professional-dashboard-access/:id',
    { config: { access: RULES.dashboardEmailAccess, project: ofAccess }, schema: { tags, params: IdParams } },
    async (req, reply) => {
      await service.removeAccess(db, req.projectAccess, req.params.id);
      return reply.code(204).send();
    },
  );
}
