import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Client,
  ClientItem,
  ClientPut,
  ClientPutQuery,
  ClientRecord,
  DuringType,
  IdName,
  KnmClientSegmentsBody,
  MasterProfessional,
  MasterProfessionalsQuery,
  MasterToolkit,
  Methodology,
} from '@domain/contract';
import { RULES } from '@domain/rules';
import { IdParams } from '../../platform/params';
import { answerVersioned, expectedVersion, setEtag } from '../../platform/versions';
import * as service from './service';
import * as clients from './client.service';

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

  /** One client with its version (ETag); ClientDescription and ClientCulture as sanitised HTML. */
  app.get(
    '/master/clients/:id',
    { config, schema: { tags, params: IdParams, response: { 200: ClientRecord } } },
    async (req, reply) => {
      const client = await clients.clientRecord(db, req.params.id);
      setEtag(reply, client.version);
      return client;
    },
  );

  /**
   * PUT /master/clients/{id} (001 §7: the whole object with one field changed), from Setup › Client with
   * `?projectId=N`, or by Admin / KNW without it — see client.service.ts. If-Match → 412 when stale.
   */
  app.put(
    '/master/clients/:id',
    {
      config: { access: clients.CLIENT_EDIT_RULE },
      schema: {
        tags,
        params: IdParams,
        querystring: ClientPutQuery,
        body: ClientPut,
        response: { 200: ClientRecord },
      },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await clients.updateClient(
          db,
          req.user,
          req.params.id,
          req.body,
          req.query.projectId,
          expectedVersion(req),
        ),
      ),
  );

  // --- knm: the client's segments (KNM › Edit Client, 002 §2.10, §7): holders of Admin or KNW
  /** DELETE /master/clients/{id}/segments: removes every segment of the client; answers the client. */
  app.delete(
    '/master/clients/:id/segments',
    { config: { access: RULES.knm }, schema: { tags, params: IdParams, response: { 200: ClientRecord } } },
    async (req, reply) =>
      answerVersioned(reply, await clients.replaceSegments(db, req.params.id, [], expectedVersion(req))),
  );

  /** POST /master/clients/{id}/segments: the client's segments become the list (at most one primary; 400). */
  app.post(
    '/master/clients/:id/segments',
    {
      config: { access: RULES.knm },
      schema: { tags, params: IdParams, body: KnmClientSegmentsBody, response: { 200: ClientRecord } },
    },
    async (req, reply) =>
      answerVersioned(
        reply,
        await clients.replaceSegments(db, req.params.id, req.body, expectedVersion(req)),
      ),
  );
  // --- end knm

  app.get('/api/during-types', { config, schema: { tags, response: { 200: z.array(DuringType) } } }, () =>
    service.duringTypes(db),
  );

  app.get('/api/clients', { config, schema: { tags, response: { 200: z.array(ClientItem) } } }, () =>
    service.clientNames(db),
  );
}
