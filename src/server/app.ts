import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import './types';
import type { Config } from './config';
import type { DB } from './db';
import type { AuthKeys } from './auth/keys';
import auth, { type AuthOptions } from './auth';
import { serializerCompiler, validatorCompiler, jsonSchemaTransform } from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  frameworkErrors,
  installErrorHandling,
  installJsonParser,
  refuseNul,
  sendError,
} from './platform/errors';
import { installAccess, type DeclaredRoute } from './platform/access';
import { installSecurityHeaders } from './platform/security-headers';
import multipart from '@fastify/multipart';
import { MULTIPART_OPTIONS } from './platform/files';
import { createFileStore, type FileStore } from './adapters/files';
import { createMailer, type Mailer } from './mail';
import { modules } from './modules';
import type { EsignProvider } from './adapters/esign';
import { createBuiltinProvider } from './adapters/esign/builtin';
import { createEsign } from './modules/esign/service';
import { createNotifications } from './modules/notifications/service';
import { createGraphApp } from './adapters/graph';
import compress from '@fastify/compress';
import zlib from 'node:zlib';
import { API_PATH, installLifecycle, type LifecycleState } from './platform/lifecycle';
import { installRateLimits } from './platform/rate-limits';
import { requestTelemetry } from './platform/telemetry';

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
  /** The file store (default: from the config — Azure Blob Storage or DATA_DIR/files). */
  files?: FileStore;
  /** The e-signature provider (default: DocuSign when configured, the built-in engine otherwise). */
  esignProvider?: EsignProvider;
  logger?: FastifyServerOptions['logger'];
  auth?: AuthOptions;
  /** Where the process starts (default 'ready': tests and tools; main.ts starts 'starting' until it can serve). */
  lifecycle?: LifecycleState;
}

/** Builds the portal server (used by main.ts and by the tests through `inject`). */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // JSON bodies are small; uploads set their own limit per route (multipart)
    bodyLimit: 1024 * 1024,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
    // behind a load balancer: whose X-Forwarded-For gives the client's address (rate limits, logs)
    trustProxy:
      typeof opts.config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(opts.config.trustProxy)
        : opts.config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // OpenTelemetry (when started: main.ts): request spans and metrics, first so every hook runs inside the span
  await app.register(requestTelemetry);
  const routeCatalog: DeclaredRoute[] = [];
  app.decorate('routeCatalog', routeCatalog);
  app.decorate('db', opts.db);
  app.decorate('config', opts.config);
  app.decorate('keys', opts.keys);
  app.decorate('files', opts.files ?? (await createFileStore({ ...opts.config, db: opts.db })));
  // uploads (multipart/form-data); each upload route sets its own size limit
  await app.register(multipart, MULTIPART_OPTIONS);
  app.decorate('mailer', opts.mailer ?? createMailer(opts.db, opts.config.smtpUrl, opts.config.mailFrom));
  // notifications (src/server/modules/notifications): e-mail and, with Microsoft Graph configured, Teams
  app.decorate(
    'notifications',
    createNotifications({
      db: opts.db,
      mailer: app.mailer,
      config: opts.config,
      graph: opts.config.teams.graph ? createGraphApp(opts.config.teams.graph) : undefined,
      log: app.log,
    }),
  );
  // the e-signature engine (src/server/modules/esign): its jobs run once main.ts attaches the queue
  const esignProvider =
    opts.esignProvider ??
    (opts.config.docusign
      ? (await import('./adapters/esign/docusign')).createDocusignProvider(opts.config.docusign)
      : createBuiltinProvider({
          db: opts.db,
          mailer: app.mailer,
          publicUrl: opts.config.publicUrl,
          linkDays: opts.config.esignLinkDays,
        }));
  app.decorate(
    'esign',
    createEsign({
      db: opts.db,
      files: app.files,
      provider: esignProvider,
      notifications: app.notifications,
      log: app.log,
    }),
  );

  // gzip/brotli for every answer over 8 KB (the project list is 1.7 MB of JSON at 5,000 projects); brotli at
  // quality 4 keeps compression cheaper than the bytes it saves. Smaller answers (a project, a one-page: 2–6 KB) go
  // plain: they fit the first round trip of a connection (TCP's initial window, 10 segments ≈ 14 KB) compressed or
  // not, and compressing each one was 4 % of the server's CPU under the closed-loop load.
  await app.register(compress, {
    threshold: 8192,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  installSecurityHeaders(app, {
    frameguard: false,
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'frame-ancestors': FRAME_ANCESTORS,
        'script-src': ["'self'", 'https://res.cdn.office.net'],
        'connect-src': [
          "'self'",
          'https://login.microsoftonline.com',
          'https://graph.microsoft.com',
          'https://res.cdn.office.net',
        ],
        'img-src': ["'self'", 'data:', 'blob:'],
        'frame-src': [
          "'self'",
          'https://www.youtube.com',
          'https://player.vimeo.com',
          'https://login.microsoftonline.com',
        ],
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });

  // admission control: beyond capacity the API answers 503 + Retry-After at once (before any other work)
  await app.register((await import('./platform/overload')).default, opts.config.overload);

  installErrorHandling(app);
  installJsonParser(app);
  refuseNul(app);
  // API answers carry personal data: never stored by any cache, the browser's included (files, photos and the
  // development identity provider's people list too); the API description alone may be cached
  app.addHook('onSend', async (request, reply, payload) => {
    if (API_PATH.test(request.url) && !request.url.startsWith('/api/docs')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi =
      /^\/(api|master|crm|dev-idp|photos|health)(\/|$)/i.test(url) ||
      (url.startsWith('/auth/') && request.method !== 'GET');
    if (!isApi && request.method === 'GET' && indexHtml) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return sendError(reply, 404, `No route ${request.method} ${url}`);
  });

  // The API described from the routes' schemas: OpenAPI at /api/docs/json, a UI at /api/docs
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Project Portal API',
        description: 'Portal API (/api), integration API (/auth, /master), CRM API (/crm)',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list' },
  });
  installAccess(app, routeCatalog);

  installLifecycle(app, opts.lifecycle ?? 'ready');
  await installRateLimits(app);

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
      // the build writes .br and .gz beside each asset: sent as they are, not compressed per request
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    app.get('/', (_req, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml),
    );
    // the public signing page (the link in a recipient's mail): the app's page, under the public rate limit
    app.get('/sign/:token', { config: { access: 'public' } }, (_req, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(indexHtml),
    );
  }

  return app;
}
