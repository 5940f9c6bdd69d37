import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '@server/app';
import { loadConfig, type Config } from '@server/config';
import type { DB, DbHandle } from '@server/db';
import { openPreparedDatabase } from './test-database';
import { loadKeys, type AuthKeys } from '@server/auth/keys';
import { sessionUserForEmail } from '@server/auth';
import { signPortalToken } from '@server/auth/tokens';
import type { AuthOptions } from '@server/auth';

export { openTestDatabase } from './test-database';

export interface TestContext {
  app: FastifyInstance;
  db: DB;
  /** The database handle (kind, PGlite instance or connection string: for the job queue). */
  handle: DbHandle;
  config: Config;
  keys: AuthKeys;
  /** A portal token for a DEMO-DATA login (e.g. 'alice.admin'). */
  tokenFor(login: string): Promise<string>;
  /** Authorization header for a DEMO-DATA login. */
  auth(login: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export async function createTestContext(
  opts: {
    projects?: number;
    auth?: AuthOptions;
    config?: Partial<Config>;
    logger?: BuildAppOptions['logger'];
    esignProvider?: BuildAppOptions['esignProvider'];
    /** The database as the app sees it (e.g. with a plugin that counts statements). */
    appDb?: (db: DB) => DB;
    /** false: an empty portal as a firm's deployment starts (no demo data); `tokenFor` then finds people by e-mail local part. */
    seed?: boolean;
  } = {},
): Promise<TestContext> {
  const handle = await openPreparedDatabase({ projects: opts.projects ?? 5, seed: opts.seed !== false });
  const config: Config = {
    ...loadConfig({}),
    dataDir: 'memory://',
    webDist: '/nonexistent',
    // the suites sign in and call the public routes far more often than a person: limits are tested on their own
    rateLimits: { signinPerMinute: 100_000, publicPerMinute: 100_000 },
    // nor does the admission control refuse them: the suites share two cores, where a PDF or a seed blocks the
    // event loop for seconds (tests/server/platform/overload.test.ts tests it with its own limits)
    overload: { maxConcurrent: 10_000, maxQueued: 10_000, maxQueueWaitMs: 60_000, maxEventLoopDelayMs: 0 },
    ...opts.config,
  };
  const keys = await loadKeys('memory://');
  const app = await buildApp({
    db: opts.appDb ? opts.appDb(handle.db) : handle.db,
    config,
    keys,
    auth: opts.auth,
    logger: opts.logger,
    esignProvider: opts.esignProvider,
  });
  await app.ready();
  const tokenFor = async (login: string) => {
    const user = await sessionUserForEmail(app, `${login}@example.com`);
    if (!user) throw new Error(`no active DEMO person ${login}`);
    return signPortalToken(user, keys.portalSecret, 3600);
  };
  return {
    app,
    db: handle.db,
    handle,
    config,
    keys,
    tokenFor,
    auth: async (login) => ({ authorization: `Bearer ${await tokenFor(login)}` }),
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** The DEMO ids by natural key: project id by code, professional id by login (stable names for tests). */
export async function demoIds(db: DB) {
  const project: Record<string, number> = {};
  const person: Record<string, number> = {};
  for (const p of await db.selectFrom('projects').select(['id', 'code']).execute()) project[p.code] = p.id;
  for (const p of await db.selectFrom('professionals').select(['id', 'login']).execute())
    person[p.login] = p.id;
  return { project, person };
}
