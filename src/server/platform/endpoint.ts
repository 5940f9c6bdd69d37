import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import type { EndpointDef, EndpointResponse } from '@domain/contract/endpoint';
import { readOnlyKeys } from '@domain/contract/common';

type Out<T> = T extends z.ZodType ? z.output<T> : unknown;

/** The request a handler of endpoint `E` receives: params, query and body as its schemas output them. */
export type EndpointRequest<E extends EndpointDef> = FastifyRequest<{
  Params: Out<E['params']>;
  Querystring: Out<E['query']>;
  Body: Out<E['body']>;
}>;

export interface EndpointOptions extends Omit<RouteShorthandOptions, 'schema'> {
  /** The OpenAPI group. */
  tags: string[];
  /** Other answers the route documents (400, 404, 409, 412…). */
  errors?: Record<number, z.ZodType>;
  summary?: string;
}

/** The Fastify schema of an endpoint (what validation, serialisation and the OpenAPI document use). */
export function schemaOf(e: EndpointDef, opts: Pick<EndpointOptions, 'tags' | 'errors' | 'summary'>) {
  const schema: Record<string, unknown> = { tags: opts.tags };
  if (opts.summary) schema.summary = opts.summary;
  if (e.params) schema.params = e.params;
  if (e.query) schema.querystring = e.query;
  if (e.body) schema.body = e.body;
  if (e.multipart) schema.consumes = ['multipart/form-data'];
  const response: Record<number, z.ZodType> = { ...(opts.errors ?? {}) };
  if (e.response) response[e.status ?? 200] = e.response;
  if (Object.keys(response).length) schema.response = response;
  return schema as NonNullable<RouteOptions['schema']>;
}

/**
 * Registers the route of endpoint `e` (src/domain/contract/endpoints): its method, path and schemas come from
 * the entry — declared once, shared with the web — and its access rule (`config.access`) is declared here,
 * beside the handler. The handler's request is typed by the entry's schemas and its answer by the response.
 */
export function on<E extends EndpointDef>(
  app: FastifyInstance,
  e: E,
  opts: EndpointOptions,
  handler: (
    req: EndpointRequest<E>,
    reply: FastifyReply,
  ) => Promise<EndpointResponse<E> | FastifyReply | undefined> | EndpointResponse<E> | FastifyReply,
): void {
  const { tags, errors, summary, ...rest } = opts;
  // the one write policy: the record's read-only fields a PUT accepts never reach the handler
  const readOnly = readOnlyKeys(e.body);
  const handle = readOnly.length
    ? (req: EndpointRequest<E>, reply: FastifyReply) => {
        const body = req.body as Record<string, unknown>;
        // the record's version, taken back as its GET gave it, is the write's precondition when no If-Match
        // names one: a stale copy is refused (412 with the current record), never written over a newer change
        if (
          readOnly.includes('version') &&
          req.headers['if-match'] === undefined &&
          Number.isSafeInteger(body.version) &&
          (body.version as number) > 0
        )
          req.headers['if-match'] = `"${body.version as number}"`;
        for (const key of readOnly) delete body[key];
        return handler(req, reply);
      }
    : handler;
  app.route({
    ...rest,
    method: e.method,
    url: e.path,
    schema: schemaOf(e, { tags, errors, summary }),
    handler: handle as unknown as RouteOptions['handler'],
  });
}
