import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdOneCentreQuery, IdOneCentreRow, ProjectIdOne, ProjectIdOneBody } from '@domain/contract';
import { REPORT_FILE_NAMES } from '@domain/rules/admin';
import { RULES, reportRule } from '@domain/rules';
import { sendWorkbook } from '../../adapters/reports';
import { httpError } from '../../http';
import { projectOfRecord } from '../../platform/access';
import { IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag } from '../../platform/versions';
import { centreRows, idOneReportSheets } from './centre';
import { projectOfIdOne } from './repo';
import * as service from './service';

const tags = ['id-one'];
const ofRecord = projectOfRecord('ID One record', projectOfIdOne);
const ofBody = (req: FastifyRequest) => {
  const id = (req.body as ProjectIdOneBody).idProject;
  if (!id) throw httpError(400, 'Invalid request: idProject: is required');
  return id;
};

/** ID One records (spec 000 §7); the ID One Accredited Centre and its report (spec 002 §2.9, §7). */
export default async function idOneRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    '/api/project-id-ones/project/:id',
    {
      config: { access: RULES.projectRead },
      schema: { tags, params: IdParams, response: { 200: z.array(ProjectIdOne) } },
    },
    (req) => service.list(db, req.params.id),
  );

  app.post(
    '/api/project-id-ones',
    {
      config: { access: RULES.idOneEdit, project: ofBody },
      schema: { tags, body: ProjectIdOneBody, response: { 201: ProjectIdOne } },
    },
    async (req, reply) => {
      const row = await service.create(db, req.projectAccess.project.id, req.body);
      setEtag(reply, row.version);
      return reply.code(201).send(row);
    },
  );

  app.put(
    '/api/project-id-ones/:id',
    {
      config: { access: RULES.idOneEdit, project: ofRecord },
      schema: { tags, params: IdParams, body: ProjectIdOneBody, response: { 200: ProjectIdOne } },
    },
    async (req, reply) => {
      return answerVersioned(reply, await service.update(db, req.params.id, req.body, expectedVersion(req)));
    },
  );

  app.delete(
    '/api/project-id-ones/:id',
    { config: { access: RULES.idOneEdit, project: ofRecord }, schema: { tags, params: IdParams } },
    async (req, reply) => {
      await service.remove(db, req.params.id);
      return reply.code(204).send();
    },
  );

  // ID One Accredited Centre (002 §2.9): holders of Admin or IDOne (ADMIN_SCREEN_SCOPES.idOneCentre)
  app.get(
    '/api/id-one-centre',
    {
      config: { access: RULES.idOneCentre },
      schema: { tags, querystring: IdOneCentreQuery, response: { 200: z.array(IdOneCentreRow) } },
    },
    (req) => centreRows(db, req.query),
  );

  // its Excel report (002 §7 "Report downloads": id-one.xlsx), the grid's search applied, streamed
  app.get(
    '/api/reports/idone',
    { config: { access: reportRule('idone') }, schema: { tags, querystring: IdOneCentreQuery } },
    (req, reply) => sendWorkbook(reply, REPORT_FILE_NAMES.idone, idOneReportSheets(db, req.query)),
  );
}
