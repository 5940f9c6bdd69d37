import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DashboardAccessBulk } from '@domain/contract';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { projectFromParam, projectOfRecord, projectOfRecordIn } from '../../platform/access';
import { on } from '../../platform/endpoint';
import { sendStoredFile } from '../../platform/files';
import { setEtag, versionedWrite } from '../../platform/versions';
import { dashboardFileName, dashboardPdf } from './pdf';
import { projectOfAccess, projectOfDashboard } from './repo';
import * as service from './service';

const tags = ['dashboards'];
const E = endpoints.dashboards;
const ofDashboard = projectOfRecord('Dashboard', projectOfDashboard, 'dashboardId');
const ofOnePage = projectOfRecordIn('One-Page', 'onePages', 'onePageId');
const ofAccess = projectOfRecord('Dashboard access', projectOfAccess);

/**
 * The Dashboard Archive and its e-mail access (spec 002 §7 "Dashboard archive and e-mail access"). Reads:
 * RULES.projectRead; comments: RULES.dashboardCommentEdit (the PDC Resume comment: Admin or PDC, 409 for
 * others); the access list: RULES.dashboardEmailAccess. Beyond the spec: the dashboard as a PDF.
 */
export default async function dashboardsRoutes(app: FastifyInstance) {
  const { db } = app;

  on(app, E.list, { tags, config: { access: RULES.projectRead } }, (req) => service.list(db, req.params.id));

  const getOne = async (req: FastifyRequest<{ Params: { dashboardId: number } }>) =>
    service.get(db, req.user, req.params.dashboardId);

  /** One dashboard: anyone who may read its project. */
  const readDashboard = { tags, config: { access: RULES.projectRead, project: ofDashboard } };

  on(app, E.get, readDashboard, async (req, reply) => {
    const d = await getOne(req);
    // the comments' version: the If-Match of PATCH …/one-page/{onePageId}
    if (d.onePage) setEtag(reply, d.onePage.version);
    return d;
  });

  on(app, E.pdf, readDashboard, async (req, reply) => {
    const d = await getOne(req);
    const pdf = dashboardPdf(d);
    return sendStoredFile(reply, pdf, {
      fileName: dashboardFileName(d),
      contentType: 'application/pdf',
      size: pdf.length,
    });
  });

  on(
    app,
    E.comment,
    { tags, config: { access: RULES.dashboardCommentEdit, project: ofOnePage } },
    (req, reply) =>
      versionedWrite(req, reply, (v) =>
        service.patchComment(db, req.projectAccess, req.params.onePageId, req.body, v),
      ),
  );

  on(
    app,
    E.accessList,
    { tags, config: { access: RULES.projectRead, project: projectFromParam('projectId') } },
    (req) => service.listAccess(db, req.params.projectId),
  );

  on(
    app,
    E.accessAdd,
    {
      tags,
      config: {
        access: RULES.dashboardEmailAccess,
        project: (req) => (req.body as DashboardAccessBulk).IDProject,
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.addAccess(db, req.projectAccess, req.body.ProfessionalIds)),
  );

  on(
    app,
    E.accessRemove,
    { tags, config: { access: RULES.dashboardEmailAccess, project: ofAccess } },
    async (req, reply) => {
      await service.removeAccess(db, req.projectAccess, req.params.id);
      return reply.code(204).send();
    },
  );
}
