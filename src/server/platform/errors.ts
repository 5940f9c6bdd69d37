import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { ZodError } from 'zod';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError, describeZodError } from '../http';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
export const statusText = (code: number) => STATUS_TEXT[code] ?? (code < 500 ? 'Bad Request' : 'Error');

/** Sends the one error shape `{ statusCode, error, message }` (plus `current` for 412). */
export function sendError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  extra?: Record<string, unknown>,
) {
  return reply
    .code(statusCode)
    .header('cache-control', 'no-store')
    .send({ statusCode, error: statusText(statusCode), message, ...extra });
}

/** PostgreSQL errors caused by the client's data (defence in depth: the contract refuses these first). */
const PG_CLIENT_ERRORS: Record<string, [number, string]> = {
  '22001': [400, 'Invalid request: a text is longer than its field allows'],
  '22003': [400, 'Invalid request: a number is out of range for its field'],
  '22007': [400, 'Invalid request: a date is not valid'],
  '22008': [400, 'Invalid request: a date is out of range'],
  '22021': [400, 'Invalid request: text must not contain NUL characters'],
  '22P02': [400, 'Invalid request: a value has the wrong type'],
  '22P05': [400, 'Invalid request: text must not contain NUL characters'],
  '23502': [400, 'Invalid request: a required field is missing'],
  '23503': [400, 'Invalid request: a referenced record does not exist'],
  '23505': [409, 'This record already exists'],
  '23514': [400, 'Invalid request: a value is not allowed for its field'],
};

/** Fastify's own refusals, with clear messages. */
function fastifyMessage(e: FastifyError): string | undefined {
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported Media Type: send application/json (or multipart/form-data for uploads)';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Payload Too Large: the request body is over the limit of this route';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return "Invalid request: body cannot be empty when content-type is set to 'application/json'";
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return `Invalid request: ${e.message}`;
    case 'FST_ERR_BAD_URL':
      return 'Invalid request: the URL is not valid (bad percent-encoding)';
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return 'Invalid request';
    default:
      return undefined;
  }
}

/**
 * Every error leaves in the one shape `{ statusCode, error, message }`: our HttpErrors, contract
 * (zod) refusals naming the field, Fastify's own refusals (bad JSON, media type, size, URL encoding),
 * and PostgreSQL's data errors; anything else is a logged 500 with a neutral message.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.message, error.extra);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext === 'querystring' ? 'query' : error.validationContext;
      const parts = error.validation.map((v) => {
        const path = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
        return `${path || where || 'body'}: ${v.message}`;
      });
      return sendError(reply, 400, `Invalid request: ${parts.join('; ')}`);
    }
    if (error instanceof ZodError)
      return sendError(reply, 400, `Invalid request: ${describeZodError(error)}`);
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its schema');
      return sendError(reply, 500, 'Something went wrong on the server');
    }
    const pg = (error as { code?: string }).code;
    if (pg && PG_CLIENT_ERRORS[pg]) {
      request.log.info({ err: error.message, code: pg }, 'database refused the data');
      const [status, message] = PG_CLIENT_ERRORS[pg]!;
      return sendError(reply, status, message);
    }
    const known = fastifyMessage(error);
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, 'Something went wrong on the server');
    }
    return sendError(reply, status, known ?? error.message ?? 'Bad request');
  });
}

/** Fastify's routing-level refusals (bad URL encoding, over-long parameters) in the one shape. */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = fastifyMessage(error) ?? `Invalid request: ${error.message}`;
  // under /scim/v2 in SCIM's error shape too (RFC 7644 §3.12), as the SCIM module answers its own errors
  if (/^\/scim\//i.test(request.url))
    return reply
      .code(status)
      .type('application/scim+json; charset=utf-8')
      .send({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: String(status),
        detail: message,
        statusCode: status,
        error: STATUS_CODES[status] ?? 'Bad Request',
        message,
      });
  return sendError(reply, status, message);
};

/**
 * Finds a NUL character in any string (or key) of a parsed request part; returns the field's path. Iterative
 * (an explicit stack): however deep the data, it never overflows the call stack.
 */
export function findNul(value: unknown, path = ''): string | undefined {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return at || 'value';
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${at}[${i}]`]);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      const keys = Object.keys(v);
      for (const key of keys) if (key.includes('\u0000')) return at ? `${at}.${key}` : key;
      for (let i = keys.length - 1; i >= 0; i--)
        stack.push([(v as Record<string, unknown>)[keys[i]!], at ? `${at}.${keys[i]}` : keys[i]!]);
    }
  }
  return undefined;
}

/** The deepest nesting of arrays and objects a JSON body may have (the portal's bodies have at most 5). */
export const MAX_JSON_DEPTH = 64;

/**
 * How deep `text`'s arrays and objects nest, counted without parsing (strings skipped), stopping once past
 * `limit`: a body nested thousands of levels deep is refused before any parser, validator or walk recurses.
 */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > limit) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

/**
 * The JSON body parser: Fastify's own (prototype poisoning refused), after the depth check — 400 in the one
 * error shape for a body nested beyond MAX_JSON_DEPTH.
 */
export function installJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string))
      return done(
        new HttpError(400, `Invalid request: the JSON body nests deeper than ${MAX_JSON_DEPTH} levels`),
        undefined,
      );
    parse(request, body as string, done);
  });
}

/** preValidation: NUL characters are refused in the URL, query and JSON bodies (PostgreSQL cannot store them). */
export function refuseNul(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.url.includes('%00') || request.url.includes('\u0000'))
      throw new HttpError(400, 'Invalid request: the URL must not contain NUL characters');
    for (const [part, value] of [
      ['query', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const field = findNul(value);
      if (field)
        throw new HttpError(
          400,
          `Invalid request: ${part === 'body' ? '' : `${part} `}${field}: must not contain NUL characters`,
        );
    }
  });
}
