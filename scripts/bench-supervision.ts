/**
 * Supervision benchmark (issue 14: a page of 100 rows with its counters answers p50 ≤ 50 ms on PostgreSQL at
 * SEED_PROJECTS=20000). Seeds the demo data plus SEED_PROJECTS generated projects, adds BENCH_HISTORY_WEEKS past
 * one-pages per supervised project (a year of use makes one_pages large; default 12), then times
 * GET /api/{weekly,allocation,pdc}-supervision?take=100 through Fastify inject for several filters and offsets
 * (BENCH_ROUNDS runs each, default 30) and prints p50 / p95 per case and overall. Never assertions.
 *
 *   scripts/with-postgres.sh tsx scripts/bench-supervision.ts     (PostgreSQL: TEST_DATABASE_URL → a new database)
 *   DATABASE_URL=postgres://… tsx scripts/bench-supervision.ts      (an existing, empty database)
 *   tsx scripts/bench-supervision.ts                                  (embedded PGlite)
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { benchDatabaseUrl } from './bench-db';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDemo } from '../src/server/db/seed';
import { loadKeys } from '../src/server/auth/keys';
import { sessionUserForEmail } from '../src/server/auth';
import { signPortalToken } from '../src/server/auth/tokens';

const N = Number(process.env.SEED_PROJECTS ?? 20000);
const ROUNDS = Math.max(30, Number(process.env.BENCH_ROUNDS ?? 30));
const HISTORY_WEEKS = Number(process.env.BENCH_HISTORY_WEEKS ?? 12);

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return {
    n: s.length,
    p50: +q(0.5).toFixed(1),
    p95: +q(0.95).toFixed(1),
    max: +s[s.length - 1]!.toFixed(1),
  };
}

async function main() {
  const t0 = performance.now();
  const handle = await openDatabase({
    databaseUrl: await benchDatabaseUrl('bench_supervision'),
    dataDir: 'memory://',
  });
  await migrateToLatest(handle.db);
  const existing = await handle.db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const seeded = Number(existing.n) >= N; // a DATABASE_URL seeded by an earlier run: reused as it is
  if (!seeded) await seedDemo(handle.db, { projects: N });
  // past weeks' one-pages (submitted) for every project that has this week's
  if (HISTORY_WEEKS > 0 && !seeded)
    await sql`
      insert into one_pages (project_id, format, initial_date, end_date, submitted_at, one_page_problem_level,
                             environment_status, has_allocation)
      select o.project_id, 2, o.initial_date - 7 * w, o.end_date - 7 * w, now() - make_interval(days => 7 * w),
             1 + (o.project_id + w) % 3, 1 + (o.project_id * w) % 3, true
      from one_pages o cross join generate_series(1, ${HISTORY_WEEKS}) w
      where o.initial_date = (select max(initial_date) from one_pages)
      on conflict do nothing
    `.execute(handle.db);
  await sql`analyze`.execute(handle.db);
  const counts = await sql<{ projects: string; onePages: string }>`
    select (select count(*) from projects) as projects, (select count(*) from one_pages) as one_pages
  `.execute(handle.db);
  const seedMs = performance.now() - t0;

  const config = { ...loadConfig({}), dataDir: 'memory://', webDist: '/nonexistent' };
  const keys = await loadKeys('memory://');
  const app = await buildApp({ db: handle.db, config, keys });
  const user = (await sessionUserForEmail(app, 'alice.admin@example.com'))!;
  const headers = { authorization: `Bearer ${await signPortalToken(user, keys.portalSecret, 3600)}` };

  const cases = [
    '/api/weekly-supervision?take=100',
    '/api/weekly-supervision?take=100&skip=5000',
    '/api/weekly-supervision?take=100&skip=12000',
    '/api/weekly-supervision?take=100&search=prj-1',
    '/api/weekly-supervision?take=100&status=3',
    '/api/weekly-supervision?take=100&onePageSubmitted=false',
    '/api/weekly-supervision?take=100&skip=3000&problemLevel=3',
    '/api/allocation-supervision?take=100&skip=8000&hasAllocation=true',
    '/api/allocation-supervision?take=100&allocationStatus=0&environmentStatus=2',
    '/api/pdc-supervision?take=100&skip=15000&status=1,2,3,4,5,6',
  ];
  const results: Record<string, unknown> = {
    projects: Number(counts.rows[0]!.projects),
    onePages: Number(counts.rows[0]!.onePages),
    database: handle.kind,
    seedMs: Math.round(seedMs),
    rounds: ROUNDS,
  };
  const all: number[] = [];
  for (const url of cases) {
    const first = await app.inject({ url, headers }); // warm-up
    if (first.statusCode !== 200) throw new Error(`${url} answered ${first.statusCode}: ${first.body}`);
    const samples: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      const res = await app.inject({ url, headers });
      samples.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    }
    all.push(...samples);
    results[url] = {
      ...stats(samples),
      rows: (first.json() as unknown[]).length,
      total: Number(first.headers['x-total']),
    };
  }
  results.overall = stats(all);
  await app.close();
  await handle.close();
  console.log(JSON.stringify(results, null, 2));
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(
    'bench-results/bench-supervision.json',
    JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
