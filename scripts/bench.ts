/**
 * Performance benchmarks (printed, and written to bench-results/bench.json). Never assertions.
 * - GET /api/projects and GET /api/weekly-supervision with SEED_PROJECTS (default 5000) projects,
 *   through Fastify inject on embedded PGlite (and on PostgreSQL when DATABASE_URL is set);
 * - the first screen's JavaScript (gzip) from dist/web (run `npm run build` first).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDemo } from '../src/server/db/seed';
import { loadKeys } from '../src/server/auth/keys';
import { sessionUserForEmail } from '../src/server/auth';
import { signPortalToken } from '../src/server/auth/tokens';

const N = Number(process.env.SEED_PROJECTS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

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

function firstScreenJs() {
  const dist = path.resolve('dist/web');
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return undefined;
  const html = fs.readFileSync(index, 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gzip = 0;
  for (const f of new Set(files)) {
    const buf = fs.readFileSync(path.join(dist, f));
    raw += buf.length;
    gzip += zlib.gzipSync(buf, { level: 9 }).length;
  }
  return { files: files.length, rawKB: +(raw / 1024).toFixed(1), gzipKB: +(gzip / 1024).toFixed(1) };
}

async function main() {
  const t0 = performance.now();
  const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, { projects: N });
  const seedMs = performance.now() - t0;
  const config = { ...loadConfig({}), dataDir: 'memory://', webDist: '/nonexistent' };
  const keys = await loadKeys('memory://');
  const app = await buildApp({ db: handle.db, config, keys });
  const user = (await sessionUserForEmail(app, 'alice.admin@example.com'))!;
  const headers = { authorization: `Bearer ${await signPortalToken(user, keys.portalSecret, 3600)}` };

  const results: Record<string, unknown> = { projects: N, database: handle.kind, seedMs: Math.round(seedMs) };
  for (const url of ['/api/projects', '/api/weekly-supervision?take=100', '/api/projects/3']) {
    await app.inject({ url, headers }); // warm-up
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      const res = await app.inject({ url, headers });
      samples.push(performance.now() - t);
      bytes = res.rawPayload.length;
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    }
    // what a browser receives (it sends accept-encoding: gzip, deflate, br)
    const compressed = await app.inject({
      url,
      headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
    });
    const t = performance.now();
    for (let i = 0; i < 5; i++)
      await app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' } });
    results[url] = {
      ...stats(samples),
      responseKB: +(bytes / 1024).toFixed(1),
      compressedKB: +(compressed.rawPayload.length / 1024).toFixed(1),
      compressedMeanMs: +((performance.now() - t) / 5).toFixed(1),
    };
  }
  results.firstScreenJs = firstScreenJs() ?? 'dist/web missing: run npm run build';
  await app.close();
  await handle.close();

  console.log(JSON.stringify(results, null, 2));
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(
    'bench-results/bench.json',
    JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
