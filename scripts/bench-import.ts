/**
 * Import benchmark: a portfolio of BENCH_PROJECTS projects (default 20,000) with 5 team rows each (100,000) on the
 * demo data, after BENCH_PEOPLE professionals (default 2,000) imported as a CSV. Times, through Fastify inject
 * (multipart upload, as the screen sends it): the preview, the commit, and the same file again (which must write
 * nothing); meanwhile polls GET /api/imports?status=running (the screen's progress) and, on PostgreSQL, sends a
 * second commit of the same kind while the first runs (it must be refused with 409). Then compares exceljs'
 * streaming reader with reading the whole workbook (time and memory). Prints seconds and peak RSS; targets:
 * preview ≤ 30 s, commit ≤ 60 s, RSS ≤ 400 MB. Never assertions (the figures are the output).
 *
 *   PG_TEST_PORT=55441 bash scripts/with-postgres.sh tsx scripts/bench-import.ts    (PostgreSQL)
 *   tsx scripts/bench-import.ts                                                      (embedded PGlite)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDemo } from '../src/server/db/seed';
import { loadKeys } from '../src/server/auth/keys';
import { sessionUserForEmail } from '../src/server/auth';
import { signPortalToken } from '../src/server/auth/tokens';
import { readXlsx } from '../src/server/modules/imports/read';
import { benchDatabaseUrl } from './bench-db';
import { multipartBody } from '../tests/server/multipart';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 20000);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 2000);
const TEAM_EXTRA = 3; // members besides the manager and the partner: 5 team rows a project
const MB = 1024 * 1024;
const self = fileURLToPath(import.meta.url);

let peak = 0;
let peakHeap = 0;
const sample = () => {
  const m = process.memoryUsage();
  peak = Math.max(peak, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
};
const reset = () => {
  global.gc?.();
  peak = 0;
  peakHeap = 0;
  sample();
};
const timer = setInterval(sample, 50);
const rssMb = (b: number) => Math.round(b / MB);
const secs = (ms: number) => Math.round(ms / 100) / 10;

async function workbookBuffer(sheets: { name: string; rows: Iterable<(string | number)[]> }[]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name);
    for (const r of s.rows) ws.addRow(r).commit();
    ws.commit();
  }
  await wb.commit();
  return Buffer.concat(chunks);
}

/** The child process: writes the portfolio workbook from the master names (JSON) to a file. */
async function generate(namesFile: string, out: string) {
  const { clients, practices, offices, scopes, methodologies } = JSON.parse(
    fs.readFileSync(namesFile, 'utf8'),
  ) as Record<string, string[]>;
  const email = (i: number) => `bench.person${i}@example.com`;
  const STATUSES = ['Draft', 'Setup', 'During', 'During', 'Closure', 'Paused'];
  const code = (i: number) => `BENCH-${String(i).padStart(5, '0')}`;
  const member = (i: number, k: number) => email((i * 7 + k * 131) % PEOPLE);
  const file = await workbookBuffer([
    {
      name: 'Projects',
      rows: (function* () {
        yield [
          'Code',
          'Name',
          'Client',
          'Practices',
          'Offices',
          'Geographic scope',
          'Methodology',
          'Status',
          'Start date',
          'End date',
          'Manager',
          'Partner',
        ];
        for (let i = 0; i < PROJECTS; i++)
          yield [
            code(i),
            `Bench project ${i}`,
            clients[i % clients.length]!,
            `${practices[i % practices.length]}; ${practices[(i + 1) % practices.length]}`,
            offices[i % offices.length]!,
            scopes[i % scopes.length]!,
            methodologies[i % methodologies.length]!,
            STATUSES[i % STATUSES.length]!,
            '2026-01-05',
            '2026-12-18',
            member(i, 0),
            member(i, 1),
          ];
      })(),
    },
    {
      name: 'Team',
      rows: (function* () {
        yield ['Project code', 'E-mail', 'Role', 'One-page access'];
        for (let i = 0; i < PROJECTS; i++) {
          yield [code(i), member(i, 0), 'Manager', 'Yes'];
          yield [code(i), member(i, 1), 'Partner', 'No'];
          for (let k = 2; k < 2 + TEAM_EXTRA; k++)
            yield [code(i), member(i, k), 'Member', k % 2 ? 'Yes' : 'No'];
        }
      })(),
    },
  ]);
  fs.writeFileSync(out, file);
}

async function main() {
  const t0 = performance.now();
  const handle = await openDatabase({
    databaseUrl: await benchDatabaseUrl('bench_import'),
    dataDir: 'memory://',
  });
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, { projects: 0 });
  const config = { ...loadConfig({}), dataDir: 'memory://', webDist: '/nonexistent' };
  const keys = await loadKeys('memory://');
  const app = await buildApp({ db: handle.db, config, keys });
  const user = (await sessionUserForEmail(app, 'alice.admin@example.com'))!;
  const auth = { authorization: `Bearer ${await signPortalToken(user, keys.portalSecret, 7200)}` };
  const results: Record<string, unknown> = { database: handle.kind, projects: PROJECTS, people: PEOPLE };
  results.setupSeconds = secs(performance.now() - t0);

  // a 503 of the admission control (refused before the handler runs, e.g. right after the seed) is sent again
  let busyRetries = 0;
  const post = async (kind: string, data: Buffer, name: string, dryRun: boolean) => {
    const { payload, headers } = multipartBody([{ name: 'file', filename: name, data }]);
    for (let attempt = 0; ; attempt++) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/imports/${kind}?dryRun=${dryRun}`,
        headers: { ...auth, ...headers },
        payload,
      });
      if (res.statusCode !== 503 || attempt >= 10) return res;
      busyRetries++;
      await new Promise((r) => setTimeout(r, 1000));
    }
  };

  // master data the portfolio names
  const names = async (t: 'clients' | 'practices' | 'offices' | 'geographicScopes' | 'methodologies') =>
    (
      await handle.db.selectFrom(t).select('name').where('deactivatedAt', 'is', null).orderBy('id').execute()
    ).map((r) => r.name);
  const clients = await names('clients');
  const practices = await names('practices');
  const offices = await names('offices');
  const scopes = await names('geographicScopes');
  const methodologies = await names('methodologies');

  // 1. the professionals, as a CSV
  const email = (i: number) => `bench.person${i}@example.com`;
  const peopleCsv = [
    'E-mail;Name;Job title;Practice;Office',
    ...Array.from(
      { length: PEOPLE },
      (_, i) =>
        `${email(i)};Bench Person ${i};Consultant;${practices[i % practices.length]};${offices[i % offices.length]}`,
    ),
  ].join('\n');
  let t = performance.now();
  const people = await post('professionals', Buffer.from(peopleCsv), 'people.csv', false);
  if (people.statusCode !== 200) throw new Error(`people: ${people.statusCode} ${people.body.slice(0, 500)}`);
  results.peopleCommitSeconds = secs(performance.now() - t);

  // 2. the portfolio workbook, built in a child process (the server's process holds only the upload)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  const namesFile = path.join(dir, 'names.json');
  const xlsxFile = path.join(dir, 'portfolio.xlsx');
  fs.writeFileSync(namesFile, JSON.stringify({ clients, practices, offices, scopes, methodologies }));
  t = performance.now();
  const child = spawnSync(process.execPath, [...process.execArgv, self, '--generate', namesFile, xlsxFile], {
    stdio: 'inherit',
    env: process.env,
  });
  if (child.status !== 0) throw new Error(`the workbook generator failed (${child.status})`);
  const file = fs.readFileSync(xlsxFile);
  results.workbook = {
    MB: Math.round((file.length / MB) * 10) / 10,
    teamRows: PROJECTS * (2 + TEAM_EXTRA),
    buildSeconds: secs(performance.now() - t),
  };

  // 3. preview
  reset();
  results.baselineRssMB = rssMb(peak);
  t = performance.now();
  const preview = await post('projects', file, 'portfolio.xlsx', true);
  const previewMs = performance.now() - t;
  if (preview.statusCode !== 200)
    throw new Error(`preview: ${preview.statusCode} ${preview.body.slice(0, 1000)}`);
  const pr = preview.json();
  results.preview = {
    seconds: secs(previewMs),
    created: pr.created,
    errors: pr.errorCount,
    peakRssMB: rssMb(peak),
    peakHeapMB: rssMb(peakHeap),
  };
  if (pr.errorCount > 0) console.error(pr.errors.slice(0, 10));

  // 4. commit, polling the progress meanwhile and (PostgreSQL) trying a second commit of the same kind
  reset();
  const seen: unknown[] = [];
  let polling = true;
  let runId: number | undefined;
  let second: Promise<{ statusCode: number; body: string }> | undefined;
  type Run = { id: number; phase: string; rowsRead: number; rowsChecked: number; rowsWritten: number };
  t = performance.now();
  const commitP = post('projects', file, 'portfolio.xlsx', false);
  const poll = (async () => {
    while (polling) {
      await new Promise((r) => setTimeout(r, 1000));
      if (!polling) break;
      // the screen's way: the caller's running import of the kind, then that run by id
      const run: Run | undefined =
        runId === undefined
          ? (
              (
                await app.inject({
                  url: '/api/imports?kind=projects&status=running&mine=true',
                  headers: auth,
                })
              ).json() as Run[]
            )[0]
          : ((await app.inject({ url: `/api/imports/${runId}`, headers: auth })).json() as Run);
      if (!run) continue;
      runId = run.id;
      const at = secs(performance.now() - t);
      seen.push({
        at,
        phase: run.phase,
        read: run.rowsRead,
        checked: run.rowsChecked,
        written: run.rowsWritten,
      });
      // PostgreSQL: a second commit of the same kind while the first writes (it holds the kind's lock)
      if (!second && run.phase === 'writing' && handle.kind === 'postgres')
        second = post('projects', file, 'portfolio.xlsx', false);
    }
  })();
  const commit = await commitP;
  const commitMs = performance.now() - t;
  polling = false;
  await poll;
  if (commit.statusCode !== 200)
    throw new Error(`commit: ${commit.statusCode} ${commit.body.slice(0, 1000)}`);
  const cr = commit.json();
  results.commit = {
    seconds: secs(commitMs),
    created: cr.created,
    written: cr.written,
    peakRssMB: rssMb(peak),
    peakHeapMB: rssMb(peakHeap),
  };
  results.progressSeen = seen.length > 6 ? [...seen.slice(0, 3), '…', ...seen.slice(-3)] : seen;
  if (second) {
    const s = await second;
    results.secondCommitMeanwhile = {
      status: s.statusCode,
      message: (JSON.parse(s.body) as { message?: string }).message,
    };
  }
  const counts = await handle.db
    .selectFrom('projects')
    .select((eb) => [
      eb.fn.countAll<string>().as('projects'),
      eb
        .selectFrom('projectTeam')
        .select((e) => e.fn.countAll<string>().as('n'))
        .as('team'),
      eb
        .selectFrom('onePages')
        .select((e) => e.fn.countAll<string>().as('n'))
        .as('onePages'),
    ])
    .where('code', 'like', 'BENCH-%')
    .executeTakeFirstOrThrow();
  results.stored = {
    projects: Number(counts.projects),
    teamRowsAll: Number(counts.team),
    onePagesAll: Number(counts.onePages),
  };

  // 5. the same file again: nothing written
  reset();
  t = performance.now();
  const again = await post('projects', file, 'portfolio.xlsx', false);
  const ar = again.json();
  results.reimport = {
    seconds: secs(performance.now() - t),
    status: again.statusCode,
    unchanged: ar.unchanged,
    written: ar.written,
    peakRssMB: rssMb(peak),
    peakHeapMB: rssMb(peakHeap),
  };

  // 6. the readers, each in a fresh process on the same file: exceljs streaming (what the import uses) vs the
  // whole workbook in memory (exceljs Workbook.xlsx.load)
  results.importMaxRssMB = rssMb(process.resourceUsage().maxRSS * 1024);
  fs.writeFileSync(xlsxFile, file);
  for (const mode of ['stream', 'whole'] as const) {
    const r = spawnSync(process.execPath, [...process.execArgv, self, `--read-${mode}`, xlsxFile], {
      encoding: 'utf8',
    });
    results[mode === 'stream' ? 'readerStreaming' : 'readerWholeWorkbook'] =
      r.status === 0
        ? JSON.parse(r.stdout.trim().split('\n').pop()!)
        : { failed: r.stderr.split('\n').slice(0, 3).join(' ') };
  }
  fs.rmSync(dir, { recursive: true, force: true });
  results.busyRetries = busyRetries;
  results.maxRssMB = rssMb(process.resourceUsage().maxRSS * 1024);
  results.node = {
    version: process.version,
    flags: process.execArgv.filter((f) => f.startsWith('--max') || f === '--expose-gc'),
  };
  results.targets = { previewSeconds: 30, commitSeconds: 60, rssMB: 400 };

  clearInterval(timer);
  await app.close();
  await handle.close();
  console.log(JSON.stringify(results, null, 2));
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(
    'bench-results/bench-import.json',
    JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2),
  );
}

/** A child process: reads the workbook one way and prints its seconds, rows and peak RSS as JSON. */
async function readOnly(mode: 'stream' | 'whole', xlsx: string) {
  const buffer = fs.readFileSync(xlsx);
  global.gc?.();
  const base = process.memoryUsage().rss;
  const t = performance.now();
  let rows = 0;
  if (mode === 'stream') rows = (await readXlsx(buffer)).sheets.reduce((n, s) => n + s.rows.length, 0);
  else {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
    wb.eachSheet((ws) => (rows += ws.rowCount - 1));
  }
  const seconds = secs(performance.now() - t);
  const maxRss = process.resourceUsage().maxRSS * 1024;
  console.log(JSON.stringify({ seconds, rows, startRssMB: rssMb(base), peakRssMB: rssMb(maxRss) }));
}

(process.argv[2] === '--generate'
  ? generate(process.argv[3]!, process.argv[4]!).then(() => process.exit(0))
  : process.argv[2]?.startsWith('--read-')
    ? readOnly(process.argv[2] === '--read-stream' ? 'stream' : 'whole', process.argv[3]!).then(() =>
        process.exit(0),
      )
    : main()
).catch((e) => {
  console.error(e);
  process.exit(1);
});
