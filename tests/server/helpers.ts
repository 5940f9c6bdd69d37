import type { FastifyInstance } from 'fastify';
import crypto from 'node:crypto';
import { buildApp, type BuildAppOptions } from '@server/app';
import { loadConfig, type Config } from '@server/config';
import { openDatabase, type DB, type DbHandle } from '@server/db';
import { migrateToLatest } from '@server/db/migrate';
import { seedDemo } from '@server/db/seed';
import { loadKeys, type AuthKeys } from '@server/auth/keys';
import { sessionUserForEmail } from '@server/auth';
import { signPortalToken } from '@server/auth/tokens';
import type { AuthOptions } from '@server/auth';

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

/**
 * Opens a fresh database for one test file: in-memory PGlite by default, or — when TEST_DATABASE_URL
 * points at a PostgreSQL server (npm run test:pg) — a throwaway database created on that server.
 */
export async function openTestDatabase(): Promise<DbHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({ dataDir: 'memory://' });
  const pg = await import('pg');
  const name = `portal_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.default.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const a = new pg.default.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
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
  const handle = await openTestDatabase();
  await migrateToLatest(handle.db);
  if (opts.seed !== false) await seedDemo(handle.db, { projects: opts.projects ?? 5 });
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
