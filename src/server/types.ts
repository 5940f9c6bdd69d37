import type { preHandlerAsyncHookHandler } from 'fastify';
import type { SessionUser } from '@domain/contract';
import type { Config } from './config';
import type { DB } from './db';
import type { AuthKeys } from './auth/keys';
import type { Mailer } from './mail';

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    config: Config;
    keys: AuthKeys;
    mailer: Mailer;
    files: import('./adapters/files').FileStore;
    /** The e-signature engine (src/server/modules/esign/service.ts). */
    esign: import('./modules/esign/service').EsignEngine;
    /** Notifications by e-mail and in the Teams activity feed (src/server/modules/notifications/service.ts). */
    notifications: import('./modules/notifications/service').Notifications;
    /** preHandler: requires a valid portal token (401 otherwise) and sets request.user. */
    authenticate: preHandlerAsyncHookHandler;
    /** Drops the cached directory records (tests; a directory sync). */
    forgetDirectoryCache(): void;
    /** Every declared route with its access rule (the README's permission table). */
    routeCatalog: import('./platform/access').DeclaredRoute[];
    /** starting → ready → draining: what /ready reports (src/server/platform/lifecycle.ts). */
    lifecycle: import('./platform/lifecycle').Lifecycle;
  }
  interface FastifyRequest {
    user: SessionUser;
  }
}
