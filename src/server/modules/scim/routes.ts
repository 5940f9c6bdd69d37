import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../../http';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../../platform/errors';
import { authenticateScim, createRateLimiter, type ScimCaller } from './auth';
import { ScimError, scimError, sendScimError, SCIM_CONTENT_TYPE, type ScimType } from './errors';
import * as repo from './repo';
import { attributeList, project, wantsMembers } from './resources';
import { BODY_LIMIT, listResponse, resourceTypes, schemaDocuments, serviceProviderConfig } from './schemas';
import * as service from './service';

/**
 * The SCIM 2.0 endpoint (RFC 7643 / 7644) Microsoft Entra ID's provisioning service calls: Tenant URL
 * `https://<domain>/scim/v2`. Outside /api: its callers are provisioning tokens, not signed-in people, so it
 * authenticates them itself (auth.ts) and answers in SCIM's own media type and error shape.
 */

export const SCIM_PREFIX = '/scim/v2';

/** The access rule the SCIM routes declare (the permission table lists it). */
export const SCIM_ACCESS = {
  name: 'scimToken',
  description:
    'A provisioning token (SCIM): one created by an administrator on the People screen, or SCIM_BEARER_TOKEN',
};

declare module 'fastify' {
  interface FastifyRequest {
    scimCaller?: ScimCaller;
    scimDetail?: string;
  }
}

const tags = ['scim'];
const Params = z.object({ id: z.string().max(200) });
const ListQuery = z.object({
  filter: z.string().max(4000).optional(),
  startIndex: z.string().max(20).optional(),
  count: z.string().max(20).optional(),
  attributes: z.string().max(2000).optional(),
  excludedAttributes: z.string().max(2000).optional(),
});
const ReadQuery = ListQuery.pick({ attributes: true, excludedAttributes: true });
const Resource = z
  .looseObject({
    schemas: z.array(z.string()).optional(),
    externalId: z.unknown().optional(),
  })
  .describe('A SCIM resource (RFC 7643): User (with the enterprise extension) or Group');
const PatchOp = z
  .looseObject({ schemas: z.array(z.string()).optional(), Operations: z.array(z.unknown()).optional() })
  .describe('urn:ietf:params:scim:api:messages:2.0:PatchOp');

type Req = FastifyRequest<{
  Params: { id: string };
  Querystring: Record<string, string | undefined>;
  Body: unknown;
}>;

const PG_DATA_ERRORS = new Set([
  '22001',
  '22003',
  '22007',
  '22008',
  '22021',
  '22P02',
  '22P05',
  '23502',
  '23503',
  '23514',
]);

function fastifyScimType(e: FastifyError): [number, ScimType | undefined, string] | undefined {
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return [415, undefined, 'Unsupported Media Type: send application/scim+json (or application/json)'];
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return [413, undefined, `Payload Too Large: a SCIM request body is at most ${BODY_LIMIT} bytes`];
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return [400, 'invalidSyntax', 'The request body is empty'];
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return [400, 'invalidSyntax', `The request body is not valid JSON: ${e.message}`.slice(0, 300)];
    default:
      return undefined;
  }
}

export async function scimRoutes(app: FastifyInstance) {
  const limiter = createRateLimiter(app.config.people.scimRequestsPerSecond);
  app.decorateRequest('scimCaller', undefined);
  app.decorateRequest('scimDetail', undefined);

  // the permission table: every SCIM route and the rule it declares (the portal's access step does not run here)
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url.includes('*')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.routeCatalog.push({
        method,
        url: route.url,
        rule: SCIM_ACCESS.name,
        description: SCIM_ACCESS.description,
        mutating: !['GET', 'HEAD', 'OPTIONS'].includes(method),
        schema: route.schema,
      });
    }
  });

  // bodies: application/scim+json and application/json, the same bounded JSON parser (depth checked first)
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', 'application/scim+json'],
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (request, body, done) => {
      const text = body as string;
      if (text.trim() === '') return done(null, undefined);
      if (jsonDepthExceeds(text))
        return done(
          scimError(400, 'invalidSyntax', `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`),
          undefined,
        );
      parse(request, text, done);
    },
  );

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const send = (status: number, scimType: ScimType | undefined, detail: string) => {
      request.scimDetail = detail;
      if (status === 401) reply.header('www-authenticate', 'Bearer realm="scim"');
      return sendScimError(reply, status, scimType, detail);
    };
    if (error instanceof ScimError) return send(error.status, error.scimType, error.message);
    if (error instanceof HttpError)
      return send(
        error.statusCode,
        error.statusCode === 409 ? 'uniqueness' : error.statusCode === 400 ? 'invalidValue' : undefined,
        error.message,
      );
    if (hasZodFastifySchemaValidationErrors(error)) {
      const parts = error.validation.map(
        (v) =>
          `${(v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body'}: ${v.message}`,
      );
      return send(
        400,
        error.validationContext === 'body' ? 'invalidSyntax' : 'invalidValue',
        `Invalid request: ${parts.join('; ')}`.slice(0, 500),
      );
    }
    const pg = (error as { code?: string }).code;
    if (pg === '23505')
      return send(409, 'uniqueness', 'This resource already exists (a unique value is taken)');
    if (pg === '40P01' || pg === '40001')
      return send(409, undefined, 'The resource was changed by another request at the same time: try again');
    if (pg && PG_DATA_ERRORS.has(pg))
      return send(400, 'invalidValue', 'A value is not valid for its attribute');
    const known = fastifyScimType(error);
    if (known) return send(...known);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      return send(error.statusCode, undefined, error.message);
    request.log.error({ err: error }, 'SCIM request failed');
    return send(500, undefined, 'Something went wrong on the server');
  });
  app.setNotFoundHandler((request, reply) => {
    request.scimDetail = 'no such endpoint';
    return sendScimError(
      reply,
      404,
      undefined,
      `No SCIM endpoint ${request.method} ${request.url.split('?')[0]}`,
    );
  });

  // who calls (before any body is read), then the per-token rate limit
  app.addHook('onRequest', async (request, reply) => {
    request.scimCaller = await authenticateScim(
      app.db,
      request.headers.authorization,
      app.config.people.scimBearerToken,
    );
    const wait = limiter.take(
      request.scimCaller.tokenId !== undefined ? `t${request.scimCaller.tokenId}` : 'configured',
    );
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw scimError(
        429,
        undefined,
        `Too many requests: try again in ${wait} second${wait === 1 ? '' : 's'}`,
      );
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    if (payload !== undefined && payload !== null && reply.statusCode !== 204) reply.type(SCIM_CONTENT_TYPE);
    return payload;
  });
  // every request in the provisioning log (the People screen shows whether Entra is connected)
  app.addHook('onResponse', async (request, reply) => {
    try {
      await repo.logRequest(app.db, {
        tokenName: request.scimCaller?.name ?? null,
        method: request.method,
        path: request.url.split('?')[0]!.slice(0, 300),
        status: reply.statusCode,
        detail: request.scimDetail?.slice(0, 300) ?? null,
      });
      if (Math.random() < 0.005) await repo.pruneRequests(app.db);
    } catch (e) {
      request.log.warn({ err: e }, 'SCIM request not logged');
    }
  });

  const ctx = (request: FastifyRequest): service.ScimContext => ({
    db: app.db,
    actor: request.scimCaller!.name,
    base: `${app.config.publicUrl}${SCIM_PREFIX}`,
    forgetDirectoryCache: () => app.forgetDirectoryCache?.(),
  });
  const ifMatch = (request: FastifyRequest) => {
    const h = request.headers['if-match'];
    return Array.isArray(h) ? h.join(',') : h;
  };
  const fields = (request: Req) => ({
    attributes: attributeList(request.query.attributes),
    excluded: attributeList(request.query.excludedAttributes),
  });
  const withEtag = (reply: FastifyReply, resource: { meta: { version: string } }) =>
    reply.header('etag', resource.meta.version);
  const list = (request: Req) => {
    if (request.query.filter) request.scimDetail = `filter ${request.query.filter}`;
    return { filter: request.query.filter, startIndex: request.query.startIndex, count: request.query.count };
  };

  // discovery -------------------------------------------------------------------------------------------------
  const base = () => `${app.config.publicUrl}${SCIM_PREFIX}`;
  app.get(
    '/ServiceProviderConfig',
    { schema: { tags, summary: 'SCIM service provider configuration' } },
    () => serviceProviderConfig(base()),
  );
  app.get('/ResourceTypes', { schema: { tags, summary: 'SCIM resource types' } }, () => {
    const all = resourceTypes(base());
    return listResponse(all, all.length, 1);
  });
  app.get('/ResourceTypes/:id', { schema: { tags, params: Params } }, (request: Req) => {
    const found = resourceTypes(base()).find((r) => r.id.toLowerCase() === request.params.id.toLowerCase());
    if (!found) throw scimError(404, undefined, `No resource type ${request.params.id}`);
    return found;
  });
  app.get('/Schemas', { schema: { tags, summary: 'SCIM schemas' } }, () => {
    const all = schemaDocuments(base());
    return listResponse(all, all.length, 1);
  });
  app.get('/Schemas/:id', { schema: { tags, params: Params } }, (request: Req) => {
    const found = schemaDocuments(base()).find((r) => r.id.toLowerCase() === request.params.id.toLowerCase());
    if (!found) throw scimError(404, undefined, `No schema ${request.params.id}`);
    return found;
  });

  // users -----------------------------------------------------------------------------------------------------
  app.get(
    '/Users',
    { schema: { tags, querystring: ListQuery, summary: 'List or find users (filter, paging)' } },
    async (request: Req) => {
      const { attributes, excluded } = fields(request);
      const r = await service.listUsers(ctx(request), list(request));
      return listResponse(
        r.resources.map((u) => project(u, 'User', attributes, excluded)),
        r.total,
        r.startIndex,
      );
    },
  );
  app.post(
    '/Users',
    { schema: { tags, body: Resource, summary: 'Provision a user (a professional)' } },
    async (request: Req, reply) => {
      const user = await service.createUser(ctx(request), request.body);
      request.scimDetail = `created ${user.userName}`;
      return withEtag(reply, user).code(201).header('location', user.meta.location).send(user);
    },
  );
  app.get(
    '/Users/:id',
    { schema: { tags, params: Params, querystring: ReadQuery } },
    async (request: Req, reply) => {
      const { attributes, excluded } = fields(request);
      const user = await service.getUser(ctx(request), request.params.id);
      return withEtag(reply, user).send(project(user, 'User', attributes, excluded));
    },
  );
  app.put(
    '/Users/:id',
    { schema: { tags, params: Params, body: Resource, summary: 'Replace a user' } },
    async (request: Req, reply) => {
      const user = await service.replaceUser(ctx(request), request.params.id, request.body, ifMatch(request));
      return withEtag(reply, user).send(user);
    },
  );
  app.patch(
    '/Users/:id',
    { schema: { tags, params: Params, body: PatchOp, summary: 'Change a user (PatchOp)' } },
    async (request: Req, reply) => {
      const user = await service.patchUserResource(
        ctx(request),
        request.params.id,
        request.body,
        ifMatch(request),
      );
      return withEtag(reply, user).send(user);
    },
  );
  app.delete(
    '/Users/:id',
    { schema: { tags, params: Params, summary: 'Deprovision a user: the professional becomes inactive' } },
    async (request: Req, reply) => {
      await service.deleteUser(ctx(request), request.params.id, ifMatch(request));
      return reply.code(204).send();
    },
  );

  // groups ----------------------------------------------------------------------------------------------------
  app.get(
    '/Groups',
    { schema: { tags, querystring: ListQuery, summary: 'List or find groups' } },
    async (request: Req) => {
      const { attributes, excluded } = fields(request);
      const r = await service.listGroups(ctx(request), list(request), wantsMembers(attributes, excluded));
      return listResponse(
        r.resources.map((g) => project(g, 'Group', attributes, excluded)),
        r.total,
        r.startIndex,
      );
    },
  );
  app.post(
    '/Groups',
    { schema: { tags, body: Resource, summary: 'Provision a group (it grants the scopes it maps to)' } },
    async (request: Req, reply) => {
      const group = await service.createGroup(ctx(request), request.body);
      request.scimDetail = `created group ${group.displayName}`;
      return withEtag(reply, group).code(201).header('location', group.meta.location).send(group);
    },
  );
  app.get(
    '/Groups/:id',
    { schema: { tags, params: Params, querystring: ReadQuery } },
    async (request: Req, reply) => {
      const { attributes, excluded } = fields(request);
      const group = await service.getGroup(
        ctx(request),
        request.params.id,
        wantsMembers(attributes, excluded),
      );
      return withEtag(reply, group).send(project(group, 'Group', attributes, excluded));
    },
  );
  app.put(
    '/Groups/:id',
    { schema: { tags, params: Params, body: Resource, summary: 'Replace a group' } },
    async (request: Req, reply) => {
      const group = await service.replaceGroup(
        ctx(request),
        request.params.id,
        request.body,
        ifMatch(request),
      );
      return withEtag(reply, group).send(group);
    },
  );
  app.patch(
    '/Groups/:id',
    { schema: { tags, params: Params, body: PatchOp, summary: 'Change a group or its members (PatchOp)' } },
    async (request: Req, reply) => {
      await service.patchGroupResource(ctx(request), request.params.id, request.body, ifMatch(request));
      return reply.code(204).send();
    },
  );
  app.delete(
    '/Groups/:id',
    { schema: { tags, params: Params, summary: 'Delete a group (its members lose the scopes it granted)' } },
    async (request: Req, reply) => {
      await service.deleteGroup(ctx(request), request.params.id, ifMatch(request));
      return reply.code(204).send();
    },
  );
}

/** The module's plugin: the SCIM endpoint under /scim/v2 (its own error shape, parsers and authentication). */
export default async function scim(app: FastifyInstance) {
  await app.register(scimRoutes, { prefix: SCIM_PREFIX });
}
