import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OnePageListRow, OnePagePatch, OnePageRecord, OnePageSubmit, TeamMember } from '@domain/contract';
import { RULES } from '@domain/rules';
import { projectFromParam, projectOfRecord } from '../../platform/access';
import { IdParam, IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag } from '../../platform/versions';
import { projectOfOnePage } from './repo';
import * as service from './service';

const tags = ['one-pages'];
const ofOnePage = projectOfRecord('One-Page', projectOfOnePage);

/**
 * One-pages (spec 001 §7, 002 §7): the list (onePageList), one one-page (onePageOpen), one field and submit
 * (onePageFill; 409 once submitted), undo (onePageUndo: the governance scope), and Grant access (onePageGrant).
 */
export default async function onePagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const fill = { access: RULES.onePageFill, project: ofOnePage };

  app.get(
    '/api/one-pages/project/:projectId',
    {
      config: { access: RULES.onePageList, project: projectFromParam('projectId') },
      schema: {
        tags,
        params: z.object({ projectId: IdParam }),
        response: { 200: z.array(OnePageListRow) },
      },
    },
    (req) => service.list(db, req.params.projectId),
  );

  app.get(
    '/api/one-pages/:id',
    {
      config: { access: RULES.onePageOpen, project: ofOnePage },
      schema: { tags, params: IdParams, response: { 200: OnePageRecord } },
    },
    async (req, reply) => {
      const r = await service.getOne(db, req.projectAccess, req.params.id);
      setEtag(reply, r.version);
      return r;
    },
  );

  app.patch(
    '/api/one-pages/:id',
    {
      config: fill,
      schema: { tags, params: IdParams, body: OnePagePatch, response: { 200: OnePageRecord } },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.patch(db, req.projectAccess, req.params.id, req.body, expectedVersion(req)),
      ),
  );

  app.patch(
    '/api/one-pages/:id/submit',
    {
      config: fill,
      schema: {
        tags,
        params: IdParams,
        body: OnePageSubmit.nullish(),
        // a refusal is a 400 { statusCode, error, message, fields } (OnePageSubmitRefusal)
        response: { 200: OnePageRecord },
      },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.submit(db, req.projectAccess, req.params.id, req.body ?? {}, expectedVersion(req)),
      ),
  );

  app.patch(
    '/api/one-pages/:id/unsubmit',
    {
      config: { access: RULES.onePageUndo, project: ofOnePage },
      schema: { tags, params: IdParams, response: { 200: OnePageRecord } },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.unsubmit(db, req.projectAccess, req.params.id, expectedVersion(req)),
      ),
  );

  app.patch(
    '/api/projects/:id/project-team/grant/:teamMemberId',
    {
      config: { access: RULES.onePageGrant },
      schema: {
        tags,
        params: z.object({ id: IdParam, teamMemberId: IdParam }),
        response: { 200: TeamMember },
      },
    },
    (req) => service.toggleAccess(db, req.projectAccess, req.params.teamMemberId, app.notifications),
  );
}
