import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ID_ONE_CENTRE_HEADERS, type ProjectIdOneBody } from '@domain/contract';
import { endpoints } from '@domain/contract/endpoints';
import { REPORT_FILE_NAMES } from '@domain/rules/admin';
import { RULES, reportRule } from '@domain/rules';
import { sendWorkbook } from '../../adapters/reports';
import { httpError } from '../../http';
import { projectOfRecord } from '../../platform/access';
import { on } from '../../platform/endpoint';
import { created, versionedWrite } from '../../platform/versions';
import { centrePage, centrePeople, idOneReportSheets } from './centre';
import { projectOfIdOne } from './repo';
import * as service from './service';

const tags = ['id-one'];
const E = endpoints.idone;
const ofRecord = projectOfRecord('ID One record', projectOfIdOne);
const ofBody = (req: FastifyRequest) => {
  const id = (req.body as ProjectIdOneBody).idProject;
  if (!id) throw httpError(400, 'Invalid request: idProject: is required');
  return id;
};

/** ID One records (spec 000 §7); the ID One Accredited Centre and its report (spec 002 §2.9, §7). */
export default async function idOneRoutes(app: FastifyInstance) {
  const { db } = app;

  on(app, E.list, { tags, config: { access: RULES.projectRead } }, (req) => service.list(db, req.params.id));

  on(app, E.create, { tags, config: { access: RULES.idOneEdit, project: ofBody } }, async (req, reply) =>
    created(reply, await service.create(db, req.projectAccess.project.id, req.body)),
  );

  on(app, E.update, { tags, config: { access: RULES.idOneEdit, project: ofRecord } }, (req, reply) =>
    versionedWrite(req, reply, (v) => service.update(db, req.params.id, req.body, v)),
  );

  on(app, E.remove, { tags, config: { access: RULES.idOneEdit, project: ofRecord } }, async (req, reply) => {
    await service.remove(db, req.params.id);
    return reply.code(204).send();
  });

  // ID One Accredited Centre (002 §2.9): holders of Admin or IDOne (ADMIN_SCREEN_SCOPES.idOneCentre); one page of
  // the filtered projects, x-total counting them all
  const centre = { access: RULES.idOneCentre };
  on(app, E.centre, { tags, config: centre }, async (req, reply) => {
    const { rows, total } = await centrePage(db, req.query);
    reply
      .header(ID_ONE_CENTRE_HEADERS.total, String(total))
      .header('access-control-expose-headers', ID_ONE_CENTRE_HEADERS.total);
    return rows;
  });

  // the options of its Responsible and Project Manager header filters
  on(app, E.people, { tags, config: centre }, () => centrePeople(db));

  // its Excel report (002 §7 "Report downloads": id-one.xlsx), the grid's filters applied, streamed
  on(app, E.report, { tags, config: { access: reportRule('idone') } }, (req, reply) =>
    sendWorkbook(reply, REPORT_FILE_NAMES.idone, idOneReportSheets(db, req.query)),
  );
}
