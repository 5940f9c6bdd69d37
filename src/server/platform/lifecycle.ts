import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { migrations } from '../db/migrations';
import { sendError } from './errors';

/**
 * Where the process is in its life: `starting` (listening, but the seed, jobs or keys are not ready yet),
 * `ready` (serving), `draining` (SIGTERM received: finishing what is in flight). A load balancer sends
 * traffic only to replicas whose `GET /ready` answers 200.
 */
export type LifecycleState = 'starting' | 'ready' | 'draining';

export interface Lifecycle {
  state: LifecycleState;
}

const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1)!;

/**
 * The server's own answers (API, photos, the identity provider, the signing page) — personal data, refused with
 * 503 while the process starts or drains, never cached; the web app's files are not among them.
 */
export const API_PATH = /^\/(api|master|crm|auth|photos|dev-idp|sign|scim)(\/|$|\?)/i;

/**
 * `GET /health`: the process is alive (nothing else is checked, so a busy database never gets a replica
 * restarted). `GET /ready`: it can serve — running (not starting, not draining), the database answers and
 * holds the latest migration; 503 with the reason otherwise. While not ready, API calls answer 503 with
 * `Retry-After` (a client that reached this replica directly tries again; the balancer has moved on).
 */
export function installLifecycle(app: FastifyInstance, initial: LifecycleState) {
  const lifecycle: Lifecycle = { state: initial };
  app.decorate('lifecycle', lifecycle);
  let migrated = false;

  app.addHook('onRequest', async (request, reply) => {
    if (lifecycle.state === 'ready' || !API_PATH.test(request.url)) return;
    reply.header('retry-after', '2');
    return sendError(
      reply,
      503,
      lifecycle.state === 'starting'
        ? 'The portal is starting. Try again in a moment.'
        : 'This server is shutting down. Try again in a moment.',
    );
  });

  app.get('/health', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/ready', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (lifecycle.state !== 'ready') {
      return reply.code(503).send({ status: lifecycle.state });
    }
    try {
      if (!migrated) {
        const row = await sql<{
          name: string;
        }>`select name from kysely_migration where name = ${LATEST_MIGRATION}`.execute(app.db);
        if (row.rows.length === 0) return reply.code(503).send({ status: 'not migrated' });
        migrated = true;
      } else await sql`select 1`.execute(app.db);
    } catch (e) {
      app.log.warn({ err: (e as Error).message }, 'readiness: the database does not answer');
      return reply.code(503).send({ status: 'database unreachable' });
    }
    return { status: 'ready' };
  });
}
