/**
 * Bot endpoint benchmark (issue 23 §2: a message-extension invoke answers p95 ≤ 300 ms at 5,000 projects).
 * Seeds the demo data plus SEED_PROJECTS generated projects (default 5,000), serves a fake Bot Framework key set
 * on loopback (tests/server/modules/bot/fixture.ts), then fires BENCH_REQUESTS signed invokes (default 400: link
 * unfurls of random projects, searches by code, name, client and the empty initial run; most callers mapped to an
 * active professional, some unknown) through Fastify inject — one at a time, then BENCH_CONCURRENCY at a time —
 * and prints p50 / p95 / p99 in ms per kind and overall. Never assertions. BENCH_ACCENTED=1 gives every project
 * name an accented letter first (the search's worst case: no text skips the accent map).
 *
 *   npm run bench:bot                                                  (embedded PGlite)
 *   scripts/with-postgres.sh tsx scripts/bench-bot.ts                  (PostgreSQL: TEST_DATABASE_URL → a new database)
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDemo } from '../src/server/db/seed';
import { loadKeys } from '../src/server/auth/keys';
import { benchDatabaseUrl } from './bench-db';
import {
  anonymousQueryLink,
  botConfig,
  query,
  queryLink,
  startFakeBotFramework,
} from '../tests/server/modules/bot/fixture';

const N = Number(process.env.SEED_PROJECTS ?? 5000);
const REQUESTS = Math.max(300, Number(process.env.BENCH_REQUESTS ?? 400));
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 4));
const PUBLIC_URL = 'https://portal.example.com';

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return {
    n: s.length,
    p50: +q(0.5).toFixed(1),
    p95: +q(0.95).toFixed(1),
    p99: +q(0.99).toFixed(1),
    max: +s[s.length - 1]!.toFixed(1),
  };
}

/** A deterministic sequence (the same requests every run). */
function rng(seed: number) {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

async function main() {
  const t0 = performance.now();
  const handle = await openDatabase({
    databaseUrl: await benchDatabaseUrl('bench_bot'),
    dataDir: 'memory://',
  });
  await migrateToLatest(handle.db);
  const existing = await handle.db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) < N) await seedDemo(handle.db, { projects: N });
  // every active professional is mapped to an Entra object id (as Entra sign-ins record them)
  await sql`update professionals set entra_object_id = 'oid-' || id where is_active and entra_object_id is null`.execute(
    handle.db,
  );
  if (process.env.BENCH_ACCENTED === '1')
    await sql`update projects set name = name || ' Gestão' where name not like '% Gestão'`.execute(handle.db);
  await sql`analyze`.execute(handle.db);
  const people = await handle.db
    .selectFrom('professionals')
    .select(['entraObjectId'])
    .where('isActive', '=', true)
    .execute();
  const projects = await handle.db.selectFrom('projects').select(['id', 'code', 'name']).execute();
  const seedMs = performance.now() - t0;

  const fake = await startFakeBotFramework();
  const base = loadConfig({});
  const config = {
    ...base,
    dataDir: 'memory://',
    webDist: '/nonexistent',
    publicUrl: PUBLIC_URL,
    overload: { maxConcurrent: 10_000, maxQueued: 10_000, maxQueueWaitMs: 60_000, maxEventLoopDelayMs: 0 },
    teams: { ...base.teams, appId: 'bench-teams-app', bot: botConfig(fake) },
  };
  const app = await buildApp({ db: handle.db, config, keys: await loadKeys('memory://') });
  // the Bot Connector reuses its token for its lifetime: one token for the run
  const headers = { authorization: `Bearer ${await fake.token()}` };

  const rand = rng(20261127);
  const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)]!;
  const caller = () => (rand() < 0.85 ? pick(people).entraObjectId! : `unknown-${Math.floor(rand() * 1e6)}`);
  const words = [
    'growth',
    'pricing',
    'lean digital',
    'procurement',
    'transformation',
    'sprint 12',
    'program',
  ];
  const clients = ['blue river', 'acme', 'cobalt energy', 'horizon', 'iris'];
  type Kind = 'unfurl' | 'unfurl (deep link)' | 'anonymous unfurl' | 'search' | 'initial run';
  const requests: { kind: Kind; body: Record<string, unknown> }[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const p = pick(projects);
    const r = rand();
    if (r < 0.35)
      requests.push({ kind: 'unfurl', body: queryLink(`${PUBLIC_URL}/project/${p.id}/home`, caller()) });
    else if (r < 0.45) {
      const path = `/project/${p.id}/setup/client`;
      const params = new URLSearchParams({
        webUrl: `${PUBLIC_URL}${path}`,
        context: JSON.stringify({ subEntityId: path }),
      });
      requests.push({
        kind: 'unfurl (deep link)',
        body: queryLink(`https://teams.microsoft.com/l/entity/bench-teams-app/projects?${params}`, caller()),
      });
    } else if (r < 0.5)
      requests.push({ kind: 'anonymous unfurl', body: anonymousQueryLink(`${PUBLIC_URL}/project/${p.id}`) });
    else if (r < 0.9) {
      const text = pick([p.code, p.code.toLowerCase().slice(0, 6), pick(words), pick(clients), p.name]);
      requests.push({ kind: 'search', body: query(text, caller()) });
    } else requests.push({ kind: 'initial run', body: query(undefined, caller()) });
  }

  const send = async (body: Record<string, unknown>) => {
    const t = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/messages', headers, payload: body });
    const ms = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body}`);
    return { ms, results: (res.json() as { composeExtension: { attachments: unknown[] } }).composeExtension };
  };
  // warm-up: the SDK's first load, the key set's first read, the database's plans
  for (const r of requests.slice(0, 20)) await send(r.body);

  const byKind = new Map<Kind, number[]>();
  const sequential: number[] = [];
  let attachments = 0;
  for (const r of requests) {
    const { ms, results } = await send(r.body);
    sequential.push(ms);
    attachments += results.attachments.length;
    byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), ms]);
  }
  const concurrent: number[] = [];
  let next = 0;
  const tc = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) concurrent.push((await send(requests[next++]!.body)).ms);
    }),
  );
  const concurrentSeconds = (performance.now() - tc) / 1000;

  const results = {
    projects: projects.length,
    accentedNames: process.env.BENCH_ACCENTED === '1',
    database: handle.kind,
    seedMs: Math.round(seedMs),
    requests: REQUESTS,
    attachmentsPerRequest: +(attachments / REQUESTS).toFixed(2),
    sequential: stats(sequential),
    byKind: Object.fromEntries([...byKind].map(([k, v]) => [k, stats(v)])),
    [`concurrent (${CONCURRENCY} at a time)`]: {
      ...stats(concurrent),
      perSecond: Math.round(requests.length / concurrentSeconds),
    },
    keySetReads: fake.hits,
  };
  await app.close();
  await fake.close();
  await handle.close();
  console.log(JSON.stringify(results, null, 2));
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(
    'bench-results/bench-bot.json',
    JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
