import { CamelCasePlugin, Kysely, PostgresDialect, type Dialect, type KyselyConfig } from 'kysely';
import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './schema';
import { PGliteDialect } from './pglite-dialect';
import { preparedStatementsOn } from './prepared';
import { TracedDialect } from './traced-dialect';

export type DB = Kysely<Database>;

export interface DbHandle {
  db: DB;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL server's connection string (kind 'postgres'): the job queue opens its own pool. */
  connectionString?: string;
  /** The embedded instance (kind 'pglite'): the job queue shares it through `db`'s connection queue. */
  pglite?: PGlite;
  close(): Promise<void>;
}

/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is given, otherwise embedded PGlite
 * (persisted in `dataDir/pgdata`, or in memory when `dataDir` is 'memory://').
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  /** Connections of the PostgreSQL pool (default 10). */
  poolSize?: number;
  /** Kysely's statement log (benchmarks capture the statements an endpoint runs: scripts/bench-endpoints.ts). */
  log?: KyselyConfig['log'];
  /** An embedded database's contents to start from (a `dumpDataDir` tarball: the test suites' migrated template). */
  loadDataDir?: Blob;
}): Promise<DbHandle> {
  const plugins = [new CamelCasePlugin()];
  const log = opts.log;
  if (opts.databaseUrl) {
    const pg = await import('pg');
    // bigint (count(*)) and numeric come back as strings from pg; numbers everywhere else.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    pg.default.types.setTypeParser(1700, (v: string) => Number(v));
    pg.default.types.setTypeParser(1082, (v: string) => v); // date stays 'YYYY-MM-DD'
    // marked statements (db/prepared.ts) go as named statements: prepared once per connection
    const pool = preparedStatementsOn(
      new pg.default.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 }),
    );
    // An idle client losing its connection (server restart, failover) must not crash the process:
    // the pool drops it and the next query opens a new one.
    pool.on('error', (err) => console.warn(`database: idle connection closed (${err.message})`));
    // a span per statement when telemetry is on (src/server/db/traced-dialect.ts)
    const db = new Kysely<Database>({
      dialect: new TracedDialect(new PostgresDialect({ pool })),
      plugins,
      log,
    });
    return { db, kind: 'postgres', connectionString: opts.databaseUrl, close: () => db.destroy() };
  }
  const { PGlite, types } = await import('@electric-sql/pglite');
  let dataDir: string | undefined;
  if (opts.dataDir && opts.dataDir !== 'memory://') {
    dataDir = `${opts.dataDir}/pgdata`;
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(dataDir, {
    loadDataDir: opts.loadDataDir,
    parsers: {
      [types.INT8]: (v: string) => Number(v),
      [types.NUMERIC]: (v: string) => Number(v),
      [types.DATE]: (v: string) => v,
    },
  });
  const dialect: Dialect = new TracedDialect(new PGliteDialect(pglite));
  const db = new Kysely<Database>({ dialect, plugins, log });
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
