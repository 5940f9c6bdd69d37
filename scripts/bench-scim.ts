/**
 * SCIM provisioning benchmark: one Entra-shaped cycle (Test Connection; for every user `filter userName eq` →
 * create; groups looked up and created, members added in batches; updates, disables, re-enables, member removals
 * and deletes, with Entra's default PATCH shapes) against the server listening on loopback, over HTTP, with
 * BENCH_CONCURRENCY requests in flight (default 8; Entra sends at most about 25 requests/s per tenant). Prints
 * requests/s and p50 / p95 / p99 per phase and overall, and writes bench-results/bench-scim.json. Never assertions.
 * BENCH_USERS (default 1,000) users; BENCH_REPLICAS (default 1) servers on the same database, round-robin.
 *
 *   tsx scripts/bench-scim.ts                                   (embedded PGlite)
 *   bash scripts/with-postgres.sh tsx scripts/bench-scim.ts     (PostgreSQL: TEST_DATABASE_URL → a new database)
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type DbHandle } from '../src/server/db';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDemo } from '../src/server/db/seed';
import { loadKeys } from '../src/server/auth/keys';
import { benchDatabaseUrl } from './bench-db';
import {
  createToken,
  percentile,
  runEntraCycle,
  type CycleClient,
} from '../tests/server/modules/scim/scim-helpers';

const USERS = Math.max(10, Number(process.env.BENCH_USERS ?? 1000));
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 8));
const REPLICAS = Math.max(1, Number(process.env.BENCH_REPLICAS ?? 1));

/** A SCIM client over HTTP (what Entra's provisioning service is), with the phase of each request measured. */
function httpClient(base: string, token: string, samples: Map<string, number[]>): CycleClient {
  return {
    async call(method, url, payload) {
      const phase = `${method} ${url.replace(/\/[0-9a-f-]{36}/g, '/{id}').replace(/\?.*$/, '?…')}`;
      const start = performance.now();
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload !== undefined ? { 'content-type': 'application/scim+json' } : {}),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const text = await res.text();
      const ms = performance.now() - start;
      samples.set(phase, [...(samples.get(phase) ?? []), ms]);
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
  };
}

const stats = (s: number[]) => ({
  n: s.length,
  p50: +percentile(s, 50).toFixed(1),
  p95: +percentile(s, 95).toFixed(1),
  p99: +percentile(s, 99).toFixed(1),
});

async function main() {
  const url = await benchDatabaseUrl('bench_scim');
  const handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, { projects: 0 });
  const base = loadConfig({});
  // the per-token limit would pace the cycle at SCIM_REQUESTS_PER_SECOND: measured here is the server itself
  const config = {
    ...base,
    dataDir: 'memory://',
    webDist: '/nonexistent',
    people: { ...base.people, scimRequestsPerSecond: 100_000 },
  };
  const keys = await loadKeys('memory://');
  const apps: FastifyInstance[] = [];
  const handles: DbHandle[] = [];
  for (let i = 0; i < REPLICAS; i++) {
    const h = i === 0 || !url ? handle : await openDatabase({ databaseUrl: url });
    if (h !== handle) handles.push(h);
    const app = await buildApp({ db: h.db, config, keys });
    await app.listen({ host: '127.0.0.1', port: 0 });
    apps.push(app);
  }
  const token = await createToken(handle.db, 'Benchmark');
  const samples = new Map<string, number[]>();
  const clients = apps.map((app) => {
    const address = app.server.address() as { port: number };
    return httpClient(`http://127.0.0.1:${address.port}/scim/v2`, token, samples);
  });
  const result = await runEntraCycle(clients, USERS, { concurrency: CONCURRENCY, prefix: 'bench' });
  const perSecond = Math.round((result.requests / result.ms) * 1000);
  const summary = {
    database: url ? 'postgresql' : 'pglite',
    users: USERS,
    replicas: REPLICAS,
    concurrency: CONCURRENCY,
    requests: result.requests,
    seconds: +(result.ms / 1000).toFixed(1),
    requestsPerSecond: perSecond,
    overall: stats(result.latencies),
    phases: Object.fromEntries(
      [...samples].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, stats(v)]),
    ),
    problems: result.problems.slice(0, 20),
  };
  console.log(
    `SCIM cycle (${summary.database}, ${REPLICAS} replica${REPLICAS === 1 ? '' : 's'}, ${USERS} users, ${CONCURRENCY} in flight): ` +
      `${result.requests} requests in ${summary.seconds} s = ${perSecond} requests/s; p50 ${summary.overall.p50} ms, p95 ${summary.overall.p95} ms, p99 ${summary.overall.p99} ms`,
  );
  for (const [phase, s] of Object.entries(summary.phases))
    console.log(`  ${phase.padEnd(40)} n=${String(s.n).padStart(5)}  p50 ${s.p50} ms  p99 ${s.p99} ms`);
  if (result.problems.length)
    console.log(`  ${result.problems.length} unexpected answers, e.g. ${result.problems[0]}`);
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync('bench-results/bench-scim.json', `${JSON.stringify(summary, null, 2)}\n`);
  for (const app of apps) await app.close();
  for (const h of handles) await h.close();
  await handle.close();
}

await main();
