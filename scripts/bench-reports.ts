/**
 * Benchmark of the One Page complete report (issue 14: "streams at ≥ 20,000 rows per second with server memory
 * flat"). Seeds SEED_PROJECTS (default 20000) projects on embedded PGlite (or DATABASE_URL), adds BENCH_WEEKS
 * (default 8) past weeks of one-pages to every project in Setup/During/Closure, starts the server on a local
 * port and downloads GET /api/reports/one-page-complete over HTTP — no filter (this week: every project, one
 * row each) and the whole current year (every project × its weeks) — discarding the bytes as they arrive.
 * Prints rows/s and the server's RSS before, during (sampled every 100 ms) and after, and the JS heap (run with
 * `node --expose-gc --import tsx` for a collected heap before each download). Figures, never assertions.
 *
 *   SEED_PROJECTS=20000 PG_TEST_PORT=55493 scripts/with-postgres.sh tsx scripts/bench-reports.ts   (PostgreSQL)
 *   DATABASE_URL=postgres://… tsx scripts/bench-reports.ts                                         (an empty database)
 *   tsx scripts/bench-reports.ts                                                                   (embedded PGlite)
 */
import http from 'node:http';
import os from 'node:os';
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
import { modules } from '../src/server/modules';
import reports from '../src/server/modules/reports/routes';
import { weekStart } from '../src/server/platform/dates';
import { onePageCompleteRows } from '../src/server/modules/reports/one-pages';

const N = Number(process.env.SEED_PROJECTS ?? 20000);
const WEEKS = Number(process.env.BENCH_WEEKS ?? 8);
const mb = (b: number) => Math.round(b / 1024 / 1024);

async function main() {
  if (!modules.includes(reports)) modules.push(reports);
  const t0 = performance.now();
  const handle = await openDatabase({
    databaseUrl: await benchDatabaseUrl('bench_reports'),
    dataDir: 'memory://',
  });
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, { projects: N });
  // past weeks for every project expected to report weekly (the generated seed has this week's only)
  for (let w = 1; w <= WEEKS; w++) {
    await sql`
      insert into one_pages (project_id, format, initial_date, end_date, submitted_at, one_page_problem_level,
                             environment_status, has_allocation, governance_action_option, key_message)
      select p.id, 2, ${weekStart()}::date - ${7 * w}::int, ${weekStart()}::date - ${7 * w - 6}::int,
             now() - make_interval(days => ${7 * w}), 1 + p.id % 3, 1 + p.id % 3, true, 1 + p.id % 3,
             'Week ' || ${w}::int || ': on track.'
      from projects p where p.id_status between 2 and 4
      on conflict do nothing`.execute(handle.db);
  }
  // planner statistics, as autovacuum would have them on a server in use (PGlite has no autovacuum)
  await sql`analyze`.execute(handle.db);
  const seedMs = Math.round(performance.now() - t0);
  const config = { ...loadConfig({}), dataDir: 'memory://', webDist: '/nonexistent' };
  const keys = await loadKeys('memory://');
  const app = await buildApp({ db: handle.db, config, keys });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const user = (await sessionUserForEmail(app, 'alice.admin@example.com'))!;
  const token = await signPortalToken(user, keys.portalSecret, 3600);
  const year = new Date().getUTCFullYear();
  console.log(`seeded ${N} projects (+${WEEKS} past weeks) in ${seedMs} ms on ${handle.kind}`);

  const download = (path: string) =>
    new Promise<{ bytes: number; ms: number; status: number }>((resolve, reject) => {
      const t = performance.now();
      let bytes = 0;
      http
        .get({ port, path, headers: { authorization: `Bearer ${token}` } }, (res) => {
          res.on('data', (c: Buffer) => (bytes += c.length));
          res.on('end', () => resolve({ bytes, ms: performance.now() - t, status: res.statusCode ?? 0 }));
          res.on('error', reject);
        })
        .on('error', reject);
    });

  const runs = [
    {
      label: 'no filter (this week, every project)',
      path: '/api/reports/one-page-complete',
      count: sql<{ n: number }>`select count(*)::int as n from projects p
        left join one_pages o on o.project_id = p.id and o.initial_date = ${weekStart()}::date`,
    },
    {
      label: `year=${year} (every project × its weeks)`,
      path: `/api/reports/one-page-complete?year=${year}`,
      count: sql<{ n: number }>`select count(*)::int as n from projects p
        left join one_pages o on o.project_id = p.id and o.initial_date between ${`${year}-01-01`}::date and ${`${year}-12-31`}::date`,
    },
  ];
  await download('/api/reports/one-page-complete?projectCode=DEMO'); // warm-up
  const results = [];
  for (const run of runs) {
    const rows = (await run.count.execute(handle.db)).rows[0]!.n;
    // the rows alone (database reads, no workbook): where the time goes
    const q = Object.fromEntries(new URL(run.path, 'http://x').searchParams) as { year?: string };
    const tRead = performance.now();
    let read = 0;
    for await (const _ of onePageCompleteRows(
      handle.db,
      { year: q.year ? Number(q.year) : null },
      new Date(),
    ))
      read++;
    const readOnlyRowsPerSecond = Math.round(read / ((performance.now() - tRead) / 1000));
    global.gc?.();
    const before = process.memoryUsage().rss;
    const samples: number[] = [];
    const heap0 = process.memoryUsage().heapUsed;
    let heapMax = heap0;
    const timer = setInterval(() => {
      const m = process.memoryUsage();
      samples.push(m.rss);
      heapMax = Math.max(heapMax, m.heapUsed);
    }, 100);
    const r = await download(run.path);
    clearInterval(timer);
    const after = process.memoryUsage().rss;
    global.gc?.();
    const heapAfterGc = process.memoryUsage().heapUsed;
    const result = {
      report: run.label,
      status: r.status,
      rows,
      seconds: +(r.ms / 1000).toFixed(2),
      rowsPerSecond: Math.round(rows / (r.ms / 1000)),
      readOnlyRowsPerSecond,
      fileMB: +(r.bytes / 1024 / 1024).toFixed(1),
      loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
      rssMB: {
        before: mb(before),
        during: samples.filter((_, i) => i % Math.max(1, Math.floor(samples.length / 10)) === 0).map(mb),
        duringMax: mb(Math.max(before, ...samples)),
        after: mb(after),
      },
      heapMB: { before: mb(heap0), duringMax: mb(heapMax), afterGc: mb(heapAfterGc) },
    };
    results.push(result);
    console.log(JSON.stringify(result));
  }
  await app.close();
  await handle.close();
  return results;
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
