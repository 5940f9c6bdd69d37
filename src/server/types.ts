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
    /** preHandler: requires a valid portal token (401 otherwise) and sets request.user. */
    authenticate: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    user: SessionUser;
  }
}
