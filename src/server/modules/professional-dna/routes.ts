import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ProfessionalDnaCreate,
  ProfessionalDnaRecord,
  ProfessionalDnaUpdate,
  ProjectProfessionalDnaRecord,
} from '@domain/contract';
import { RULES } from '@domain/rules';
import { projectOfRecord } from '../../platform/access';
import { IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag } from '../../platform/versions';
import { projectOfDna } from './repo';
import * as service from './service';

const tags = ['professional-dna'];
/** PUT/DELETE find the project from the row; only setup rows (type 1) are found here (issue 11 adds type 2). */
const ofSetupDna = projectOfRecord('Professional DNA', (db, id) => projectOfDna(db, id, 1));

/**
 * Professional DNA — Setup (spec 001 §7). Session type 1 only: the paths say `session-type/1` literally, so
 * any other type answers 404 here (type 2, the During DNA, is issue 11's; it reuses ./repo).
 */
export default async function professionalDnaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const read = { access: RULES.projectRead };

  app.get(
    '/api/project-professional-dnas/project/:id/session-type/1',
    {
      config: read,
      schema: { tags, params: IdParams, response: { 200: z.array(ProjectProfessionalDnaRecord) } },
    },
    (req) => service.listSetupSessions(db, req.params.id),
  );

  app.get(
    '/api/professional-dnas/project/:id/session-type/1',
    { config: read, schema: { tags, params: IdParams, response: { 200: z.array(ProfessionalDnaRecord) } } },
    (req) => service.listSetupDnas(db, req.params.id),
  );

  app.post(
    '/api/professional-dnas/project/:id/session-type/1',
    {
      config: { access: RULES.setupEdit },
      schema: {
        tags,
        params: IdParams,
        body: ProfessionalDnaCreate,
        response: { 201: ProfessionalDnaRecord },
      },
    },
    async (req, reply) => {
      const row = await service.createSetupDna(db, req.projectAccess, req.user.professionalId, req.body);
      setEtag(reply, row.version);
      return reply.code(201).send(row);
    },
  );

  app.put(
    '/api/professional-dnas/:id',
    {
      config: { access: RULES.setupEdit, project: ofSetupDna },
      schema: {
        tags,
        params: IdParams,
        body: ProfessionalDnaUpdate,
        response: { 200: ProfessionalDnaRecord },
      },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await service.updateSetupDna(
          db,
          req.projectAccess,
          req.user.professionalId,
          req.params.id,
          req.body,
          expectedVersion(req),
        ),
      ),
  );

  app.delete(
    '/api/professional-dnas/:id',
    { config: { access: RULES.setupEdit, project: ofSetupDna }, schema: { tags, params: IdParams } },
    async (req, reply) => {
      await service.removeSetupDna(db, req.projectAccess, req.user.professionalId, req.params.id);
      return reply.code(204).send();
    },
  );
}
