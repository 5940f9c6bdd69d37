import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type DbHandle } from '@server/db';
import { migrateToLatest } from '@server/db/migrate';
import { seedDemo } from '@server/db/seed';

/**
 * The test databases. Each server test file gets a database of its own, already migrated and seeded: a fresh
 * embedded PGlite costs ~3 s to initialise and ~1.5 s to migrate and seed on these machines, loading a copy of
 * a migrated one ~1 s. So each kind of database (the demo seed with N generated projects, or the empty portal)
 * is built once per run, by the first file that asks for it, and stored in the run's folder
 * (tests/server/global-setup.ts): an embedded database as its `dumpDataDir` tarball, a PostgreSQL one
 * (npm run test:pg) as a template database every file's own database is created from.
 */

export interface PreparedDatabase {
  /** Demo data with this many generated projects beside DEMO-DATA's; ignored when `seed` is false. */
  projects: number;
  /** false: migrated only, as a firm's deployment starts. */
  seed: boolean;
}

const keyOf = (p: PreparedDatabase) => (p.seed ? `demo-${p.projects}` : 'empty');

async function migrateAndSeed(handle: DbHandle, p: PreparedDatabase) {
  await migrateToLatest(handle.db);
  if (p.seed) await seedDemo(handle.db, { projects: p.projects });
}

/** The run's template folder and id (global-setup.ts); absent when the file runs outside that setup. */
function runTemplates(): { dir: string; id: string } | undefined {
  try {
    const dir = inject('testDatabaseTemplates');
    return dir
      ? {
          dir,
          id: path
            .basename(dir)
            .replace(/[^a-z0-9]/gi, '')
            .toLowerCase(),
        }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens a fresh, empty (unmigrated) database for one test file: in-memory PGlite by default, or — when
 * TEST_DATABASE_URL points at a PostgreSQL server (npm run test:pg) — a throwaway database created on that
 * server (from `template` when given).
 */
export async function openTestDatabase(template?: string): Promise<DbHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({ dataDir: 'memory://' });
  const pg = await import('pg');
  const name = `portal_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.default.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
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

/** A database of its own for one test file, migrated (and seeded unless `seed` is false), from the run's template. */
export async function openPreparedDatabase(p: PreparedDatabase): Promise<DbHandle> {
  const run = runTemplates();
  if (!run) {
    const handle = await openTestDatabase();
    await migrateAndSeed(handle, p);
    return handle;
  }
  return process.env.TEST_DATABASE_URL ? fromPostgresTemplate(run.id, p) : fromPgliteTemplate(run.dir, p);
}

async function fromPgliteTemplate(dir: string, p: PreparedDatabase): Promise<DbHandle> {
  const file = path.join(dir, `${keyOf(p)}.tar`);
  if (fs.existsSync(file))
    return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([fs.readFileSync(file)]) });
  // the first file asking for this kind builds it; two workers may both build it once, the last rename wins
  const handle = await openDatabase({ dataDir: 'memory://' });
  await migrateAndSeed(handle, p);
  const dump = await handle.pglite!.dumpDataDir('none');
  const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return handle;
}

async function fromPostgresTemplate(runId: string, p: PreparedDatabase): Promise<DbHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const template = `portal_template_${runId}_${keyOf(p).replace(/-/g, '_')}`;
  const pg = await import('pg');
  const admin = new pg.default.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // one builder per template: the others wait on the lock, then find it
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (found.rowCount === 0) {
      await admin.query(`create database ${template}`);
      const url = new URL(adminUrl);
      url.pathname = `/${template}`;
      const building = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      try {
        await migrateAndSeed(building, p);
      } finally {
        await building.close();
      }
    }
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [template]).catch(() => {});
    await admin.end();
  }
  return openTestDatabase(template);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder where this run keeps its migrated database templates (tests/server/global-setup.ts). */
    testDatabaseTemplates: string;
  }
}
