import { sql } from 'kysely';
import { openDatabase } from '../src/server/db';

/**
 * The database a benchmark runs on: DATABASE_URL when set, else a fresh database named `<prefix>_<time>` on the
 * server of TEST_DATABASE_URL (scripts/with-postgres.sh), else undefined (embedded PGlite).
 */
export async function benchDatabaseUrl(prefix: string): Promise<string | undefined> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return undefined;
  const name = `${prefix}_${Date.now()}`;
  const h = await openDatabase({ databaseUrl: admin, dataDir: 'memory://' });
  await sql.raw(`create database ${name}`).execute(h.db);
  await h.close();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return u.toString();
}
