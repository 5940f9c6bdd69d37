/**
 * Hot endpoints against their bare SQL (issue 25 §8): the KPI poll (GET /api/projects/{id}/kpis, every 5 s for
 * everyone with a project open) and the project page (GET /api/projects/{id}). Never assertions: figures printed
 * and written to bench-results/bench-endpoints.json.
 *
 * Seeds the demo data plus SEED_PROJECTS (5,000) generated projects, starts the server on 127.0.0.1 (the API only)
 * and signs in as marcos.manager (the manager of the project read). For each endpoint it captures the statements
 * one request runs (Kysely's log: SQL text, parameters, start and end) and groups them into round trips
 * (statements in flight together), then measures BENCH_ROUNDS (300) rounds, alternating:
 *   - endpoint: the request over a keep-alive HTTP connection (authentication, access check, statements,
 *     serialisation, compression as a browser asks for it);
 *   - bare: the same statements with the same parameters straight to the driver (pg's pool, or PGlite), round
 *     trip by round trip as the endpoint sent them — the floor the endpoint's own SQL sets; statements the app
 *     keeps prepared (db/prepared.ts) are replayed prepared too (named on PostgreSQL, EXECUTE on PGlite).
 * Printed: statements, round trips, p50/p95 of each and the ratio endpoint / bare (the target is ≤ 1.3), and the
 * process's CPU per round of each.
 *
 *   tsx scripts/bench-endpoints.ts                                  (embedded PGlite)
 *   bash scripts/with-postgres.sh tsx scripts/bench-endpoints.ts    (PostgreSQL)
 * Knobs: SEED_PROJECTS, BENCH_ROUNDS, BENCH_CASES=kpis,project (also: one-page, one-pages, projects — the closed
 * loop's other reads — and health, the floor of any request).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { sql, type LogEvent } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { migrateToLatest } from '../src/server/db/migrate';
import { PREPARED_MARK, PreparedStatements } from '../src/server/db/pglite-dialect';
import { preparedStatementsOn } from '../src/server/db/prepared';
import { seedDemo } from '../src/server/db/seed';
import { loadKeys } from '../src/server/auth/keys';
import { sessionUserForEmail } from '../src/server/auth';
import { signPortalToken } from '../src/server/auth/tokens';
import { benchDatabaseUrl } from './bench-db';

const N = Number(process.env.SEED_PROJECTS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const WARMUP = 30;

interface Statement {
  sql: string;
  parameters: readonly unknown[];
  start: number;
  end: number;
}

const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
};
const ms = (x: number) => +x.toFixed(2);

/** Statements in flight together form one round trip. */
function roundTrips(statements: Statement[]): Statement[][] {
  const sorted = [...statements].sort((a, b) => a.start - b.start);
  const trips: Statement[][] = [];
  let end = -Infinity;
  for (const s of sorted) {
    if (s.start >= end || trips.length === 0) trips.push([s]);
    else trips[trips.length - 1]!.push(s);
    end = trips[trips.length - 1]!.length === 1 ? s.end : Math.max(end, s.end);
  }
  return trips;
}

async function main() {
  let capture: Statement[] | undefined;
  const log = (e: LogEvent) => {
    if (!capture || e.level !== 'query') return;
    const end = performance.now();
    capture.push({
      sql: e.query.sql,
      parameters: e.query.parameters,
      start: end - e.queryDurationMillis,
      end,
    });
  };
  const databaseUrl = await benchDatabaseUrl('bench_endpoints');
  const handle = await openDatabase({ databaseUrl, dataDir: 'memory://', log });
  const t0 = performance.now();
  await migrateToLatest(handle.db);
  const count = await handle.db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(count.n) < N) await seedDemo(handle.db, { projects: N });
  await sql`analyze`.execute(handle.db);
  const seedMs = performance.now() - t0;

  // the bare replay's driver: a pool like the app's (10 connections), or the embedded instance itself
  let replay: (q: Statement) => Promise<unknown>;
  let closeReplay = async () => {};
  if (handle.kind === 'postgres') {
    const pg = await import('pg');
    // named statements for the marked ones, as the app's pool sends them
    const pool = preparedStatementsOn(new pg.default.Pool({ connectionString: databaseUrl, max: 10 }));
    replay = async (q) => {
      const client = await pool.connect();
      try {
        return await client.query(q.sql, q.parameters as unknown[]);
      } finally {
        client.release();
      }
    };
    closeReplay = () => pool.end();
  } else {
    // statements the endpoint keeps prepared are replayed prepared (EXECUTE), as the endpoint runs them
    const pglite = handle.pglite!;
    const statements = new PreparedStatements(pglite);
    replay = async (q) =>
      (q.sql.startsWith(PREPARED_MARK) ? await statements.run(q.sql, q.parameters) : undefined) ??
      pglite.query(q.sql, q.parameters as unknown[]);
  }

  const config = { ...loadConfig({}), dataDir: 'memory://', webDist: '/nonexistent', host: '127.0.0.1' };
  const keys = await loadKeys('memory://');
  const app = await buildApp({ db: handle.db, config, keys });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const user = (await sessionUserForEmail(app, 'marcos.manager@example.com'))!;
  const token = await signPortalToken(user, keys.portalSecret, 3600);
  const project = await handle.db
    .selectFrom('projectTeam')
    .select('projectId')
    .where('professionalId', '=', user.professionalId)
    .where('isManager', '=', true)
    .orderBy('projectId')
    .executeTakeFirstOrThrow();

  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<{ status: number; bytes: number }>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path,
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            'accept-encoding': 'gzip, deflate, br',
          },
        },
        (res) => {
          let bytes = 0;
          res.on('data', (c: Buffer) => (bytes += c.length));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        },
      );
      req.on('error', reject);
    });

  // the newest one-page of a project this manager manages
  const onePage = await handle.db
    .selectFrom('onePages')
    .innerJoin('projectTeam', 'projectTeam.projectId', 'onePages.projectId')
    .select('onePages.id')
    .where('projectTeam.professionalId', '=', user.professionalId)
    .where('projectTeam.isManager', '=', true)
    .orderBy('onePages.id', 'desc')
    .executeTakeFirst();
  const only = process.env.BENCH_CASES?.split(',');
  const cases = [
    { name: 'kpis', path: `/api/projects/${project.projectId}/kpis` },
    { name: 'project', path: `/api/projects/${project.projectId}` },
    // the closed loop's other reads (scripts/bench-overload.ts): BENCH_CASES=one-page,one-pages,projects
    ...(onePage && only?.includes('one-page')
      ? [{ name: 'one-page', path: `/api/one-pages/${onePage.id}` }]
      : []),
    ...(only?.includes('one-pages')
      ? [{ name: 'one-pages', path: `/api/one-pages/project/${project.projectId}` }]
      : []),
    ...(only?.includes('projects') ? [{ name: 'projects', path: '/api/projects' }] : []),
    // the floor of any request (no statement): BENCH_CASES=health
    ...(only?.includes('health') ? [{ name: 'health', path: '/health' }] : []),
  ].filter((c) => !only || only.includes(c.name));
  const results: Record<string, unknown> = {
    at: new Date().toISOString(),
    database: handle.kind,
    projects: N,
    seedMs: Math.round(seedMs),
    rounds: ROUNDS,
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((x) => +x.toFixed(2)),
  };
  for (const c of cases) {
    for (let i = 0; i < WARMUP; i++) await get(c.path);
    capture = [];
    const first = await get(c.path);
    const statements = capture;
    capture = undefined;
    if (first.status !== 200) throw new Error(`${c.path} answered ${first.status}`);
    const trips = roundTrips(statements);
    const bare = async () => {
      for (const trip of trips) await Promise.all(trip.map(replay));
    };
    for (let i = 0; i < WARMUP; i++) await bare();
    const endpointMs: number[] = [];
    const bareMs: number[] = [];
    let endpointCpu = 0;
    let bareCpu = 0;
    for (let i = 0; i < ROUNDS; i++) {
      let cpu = process.cpuUsage();
      let t = performance.now();
      await get(c.path);
      endpointMs.push(performance.now() - t);
      let used = process.cpuUsage(cpu);
      endpointCpu += used.user + used.system;
      cpu = process.cpuUsage();
      t = performance.now();
      await bare();
      bareMs.push(performance.now() - t);
      used = process.cpuUsage(cpu);
      bareCpu += used.user + used.system;
    }
    const e50 = quantile(endpointMs, 0.5);
    const b50 = quantile(bareMs, 0.5);
    results[c.name] = {
      path: c.path,
      statements: statements.length,
      roundTrips: trips.length,
      responseBytes: first.bytes,
      endpoint: {
        p50: ms(e50),
        p95: ms(quantile(endpointMs, 0.95)),
        cpuPerRound: ms(endpointCpu / 1000 / ROUNDS),
      },
      bare: { p50: ms(b50), p95: ms(quantile(bareMs, 0.95)), cpuPerRound: ms(bareCpu / 1000 / ROUNDS) },
      ratioP50: b50 > 0 ? +(e50 / b50).toFixed(2) : null,
      sql: trips.map((t) => t.map((s) => s.sql.replace(/\s+/g, ' ').slice(0, 120))),
    };
    const r = results[c.name] as { endpoint: object; bare: object; ratioP50: number };
    console.log(
      `${c.name}: ${statements.length} statements in ${trips.length} round trips; endpoint ${JSON.stringify(r.endpoint)}, bare ${JSON.stringify(r.bare)}, ratio ${r.ratioP50}`,
    );
  }
  agent.destroy();
  await app.close();
  await closeReplay();
  await handle.close();
  console.log(JSON.stringify(results, null, 2));
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(`bench-results/bench-endpoints-${handle.kind}.json`, JSON.stringify(results, null, 2));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
