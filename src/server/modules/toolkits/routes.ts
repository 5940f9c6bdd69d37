import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ProjectToolkitCreate,
  ProjectToolkitRow,
  ProjectToolkitUpdate,
  ToolkitPermissions,
} from '@domain/contract';
import { RULES, canEditToolkits, toolkitStatusOptions } from '@domain/rules';
import { IdParam, IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag } from '../../platform/versions';
import * as service from './service';

const RowParams = z.object({ id: IdParam, toolkitId: IdParam });
const StatusId = z
  .string()
  .regex(/^[0-3]$/, 'must be a toolkit status 0 to 3')
  .transform(Number);
const tags = ['toolkits'];

/** Toolkits (spec 000 §7): `{toolkitId}` in the paths is the project-toolkit record id. */
export default async function toolkitsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, mailer: app.mailer, config: app.config };
  const read = { access: RULES.projectRead };
  const edit = { access: RULES.toolkitsEdit };

  app.get(
    '/api/project/:id/toolkits',
    { config: read, schema: { tags, params: IdParams, response: { 200: z.array(ProjectToolkitRow) } } },
    (req) => service.list(app.db, req.params.id),
  );

  app.get(
    '/api/project/:id/toolkits/permissions',
    { config: read, schema: { tags, params: IdParams, response: { 200: ToolkitPermissions } } },
    (req) => {
      const a = req.projectAccess;
      const canEdit = canEditToolkits(a.user, a.team, a.project.idStatus);
      return { canEdit, options: canEdit ? toolkitStatusOptions(a.user, a.team) : [] };
    },
  );

  app.get(
    '/api/project/:id/toolkits/:toolkitId',
    { config: read, schema: { tags, params: RowParams, response: { 200: ProjectToolkitRow } } },
    async (req, reply) => {
      const row = await service.getOne(app.db, req.params.id, req.params.toolkitId);
      setEtag(reply, row.version);
      return row;
    },
  );

  app.post(
    '/api/project/:id/toolkits',
    {
      config: edit,
      schema: { tags, params: IdParams, body: ProjectToolkitCreate, response: { 201: ProjectToolkitRow } },
    },
    async (req, reply) => {
      const row = await service.add(deps, req.user, req.projectAccess, req.body);
      setEtag(reply, row.version);
      return reply.code(201).send(row);
    },
  );

  app.put(
    '/api/project/:id/toolkits/:toolkitId',
    {
      config: edit,
      schema: { tags, params: RowParams, body: ProjectToolkitUpdate, response: { 200: ProjectToolkitRow } },
    },
    async (req, reply) => {
      return answerVersioned(
        reply,
        await service.update(
          deps,
          req.user,
          req.projectAccess,
          req.params.toolkitId,
          req.body,
          expectedVersion(req),
        ),
      );
    },
  );

  app.delete(
    '/api/project/:id/toolkits/:toolkitId',
    { config: edit, schema: { tags, params: RowParams } },
    async (req, reply) => {
      await service.remove(deps, req.user, req.projectAccess, req.params.toolkitId);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/project/:id/toolkits/:toolkitId/change/:statusId',
    {
      config: edit,
      schema: {
        tags,
        params: RowParams.extend({ statusId: StatusId }),
        response: { 200: ProjectToolkitRow },
      },
    },
    async (req, reply) => {
      const row = await service.change(
        deps,
        req.user,
        req.projectAccess,
        req.params.toolkitId,
        req.params.statusId,
      );
      setEtag(reply, row.version);
      return row;
    },
  );

  app.put(
    '/api/project/:id/toolkits/change-all/:statusId',
    {
      config: edit,
      schema: {
        tags,
        params: IdParams.extend({ statusId: StatusId }),
        response: { 200: z.array(ProjectToolkitRow) },
      },
    },
    (req) => service.changeAll(deps, req.user, req.projectAccess, req.params.statusId),
  );
}
