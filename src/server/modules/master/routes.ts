import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Client,
  ClientItem,
  DuringType,
  IdName,
  MasterProfessional,
  MasterProfessionalsQuery,
  MasterToolkit,
  Methodology,
} from '@domain/contract';
import { RULES } from '@domain/rules';
import { IdParams } from '../../platform/params';
import * as service from './service';

const tags = ['master'];

/** The master-data service of the integration API (spec 000/001/002 §7, `ID`/`Name` casing), plus the portal's own lookups. */
export default async function masterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const config = { access: RULES.signedIn };

  for (const [path, table] of service.SIMPLE_LISTS) {
    app.get(`/master/${path}`, { config, schema: { tags, response: { 200: z.array(IdName) } } }, () =>
      service.simpleList(db, table),
    );
  }

  app.get(
    '/master/methodologies',
    { config, schema: { tags, response: { 200: z.array(Methodology) } } },
    () => service.methodologies(db),
  );

  app.get('/master/toolkits', { config, schema: { tags, response: { 200: z.array(MasterToolkit) } } }, () =>
    service.toolkits(db),
  );

  app.get(
    '/master/professionals',
    {
      config,
      schema: { tags, querystring: MasterProfessionalsQuery, response: { 200: z.array(MasterProfessional) } },
    },
    (req) => service.professionals(db, req.query),
  );

  app.get('/master/clients', { config, schema: { tags, response: { 200: z.array(Client) } } }, () =>
    service.clients(db),
  );

  app.get(
    '/master/clients/:id',
    { config, schema: { tags, params: IdParams, response: { 200: Client } } },
    (req) => service.client(db, req.params.id),
  );

  app.get('/api/during-types', { config, schema: { tags, response: { 200: z.array(DuringType) } } }, () =>
    service.duringTypes(db),
  );

  app.get('/api/clients', { config, schema: { tags, response: { 200: z.array(ClientItem) } } }, () =>
    service.clientNames(db),
  );
}
