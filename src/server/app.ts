import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import fs from 'node:fs';
import path from 'node:path';
import { ZodError } from 'zod';
import './types';
import type { Config } from './config';
import type { DB } from './db';
import type { AuthKeys } from './auth/keys';
import auth, { type AuthOptions } from './auth';
import { HttpError, describeZodError } from './http';
import { createMailer, type Mailer } from './mail';
import { modules } from './modules';
import compress from '@fastify/compress';
import zlib from 'node:zlib';

/** Teams (and Outlook / Microsoft 365) may frame the tab. */
export const FRAME_ANCESTORS = [
  "'self'",
  'https://teams.microsoft.com',
  'https://*.teams.microsoft.com',
  'https://*.cloud.microsoft',
  'https://*.microsoft365.com',
  'https://*.office.com',
  'https://outlook.office.com',
  'https://outlook.office365.com',
];

export interface BuildAppOptions {
  db: DB;
  config: Config;
  keys: AuthKeys;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  auth?: AuthOptions;
}

/** Builds the portal server (used by main.ts and by the tests through `inject`). */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 25 * 1024 * 1024,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  });
  app.decorate('db', opts.db);
  app.decorate('config', opts.config);
  app.decorate('keys', opts.keys);
  app.decorate('mailer', opts.mailer ?? createMailer(opts.db, opts.config.smtpUrl, opts.config.mailFrom));

  // gzip/brotli for every answer over 1 KB (the project list is 1.7 MB of JSON at 5,000 projects); brotli at
  // quality 4 keeps compression cheaper than the bytes it saves
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(helmet, {
    frameguard: false,
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'frame-ancestors': FRAME_ANCESTORS,
        'script-src': ["'self'", 'https://res.cdn.office.net'],
        'connect-src': ["'self'", 'https://login.microsoftonline.com', 'https://graph.microsoft.com', 'https://res.cdn.office.net'],
        'img-src': ["'self'", 'data:', 'blob:'],
        'frame-src': ["'self'", 'https://www.youtube.com', 'https://player.vimeo.com', 'https://login.microsoftonline.com'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ statusCode: error.statusCode, error: statusText(error.statusCode), message: error.message });
    }
    if (error instanceof ZodError) {
      return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: `Invalid request: ${describeZodError(error)}` });
    }
    const e = error as { statusCode?: number; message?: string; code?: string };
    const status = e.statusCode && e.statusCode >= 400 && e.statusCode < 500 ? e.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    // Constraint violations from PostgreSQL are the client's fault when they concern its data.
    if (status === 500 && e.code === '23503') {
      return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: 'Invalid request: a referenced record does not exist' });
    }
    if (status === 500 && e.code === '23505') {
      return reply.code(409).send({ statusCode: 409, error: 'Conflict', message: 'This record already exists' });
    }
    return reply.code(status).send({
      statusCode: status,
      error: statusText(status),
      message: status === 500 ? 'Something went wrong on the server' : (e.message ?? 'Bad request'),
    });
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = /^\/(api|master|crm|dev-idp|photos|health)(\/|$)/i.test(url) || (url.startsWith('/auth/') && request.method !== 'GET');
    if (!isApi && request.method === 'GET' && indexHtml) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `No route ${request.method} ${url}` });
  });

  app.get('/health', async () => {
    await app.db.selectFrom('professionals').select('id').limit(1).execute();
    return { status: 'ok' };
  });

  await app.register(auth, opts.auth ?? {});
  for (const mod of modules) await app.register(mod);

  // The built web app (single-page: unknown non-API paths get index.html).
  let indexHtml: string | undefined;
  const dist = opts.config.webDist;
  if (fs.existsSync(path.join(dist, 'index.html'))) {
    indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const fastifyStatic = (await import('@fastify/static')).default;
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    app.get('/', (_req, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml));
  }

  return app;
}

function statusText(code: number): string {
  return (
    { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 413: 'Payload Too Large', 500: 'Internal Server Error' } as Record<number, string>
  )[code] ?? 'Error';
}
