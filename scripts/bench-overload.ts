/**
 * Overload benchmark (issue "Production" §4). Never assertions: figures printed and written to
 * bench-results/overload.json.
 *
 * For each database (embedded PGlite; PostgreSQL when TEST_DATABASE_URL is set — `npm run bench:overload`
 * runs this inside scripts/with-postgres.sh) and each mode — "before" (admission control off:
 * MAX_CONCURRENT_REQUESTS=10000 MAX_QUEUED_REQUESTS=0 MAX_EVENT_LOOP_DELAY_MS=0) and "after" (the server's
 * defaults, or the MAX_* variables set for this run) — it starts the server as a child process (a fresh
 * data directory or database, SEED_PROJECTS=40, 127.0.0.1 on a free port), signs in BENCH_USERS (200) users
 * (the DEMO people cycled) through the development identity provider — each user on its own keep-alive
 * connections, as a browser — and finds which one-pages each person may open and fill; then:
 *
 * (b) paced, first: every user polls its project's KPIs every 5 s and saves a text every 15 s.
 * (a) closed loop: every user sends its next request as soon as the previous one is answered (no think
 *     time): the project list 10 %, a project 30 %, its KPIs 30 %, a one-page 15 %, a project's one-page
 *     list 5 %, a one-page text saved with If-Match 10 %.
 * Each for BENCH_SECONDS (60), once the server is idle again. A 503 / 429 is honoured as the web app does:
 * wait its Retry-After (+ up to 20 % jitter), then send again — a read at most 3 times within 10 s (then the
 * user moves on), a save until it is saved (its backoff: 2 s doubling, or the Retry-After if longer). A save
 * answered 412 (200 users share the few unsubmitted one-pages) is sent again once on the current version
 * ("Keep mine"). The people who may not fill a one-page (7 of the 11) save through an Admin session: the same
 * work for the server.
 *
 * Printed per run: requests/s served, 503s, p50/p95/p99/max latency of served requests, requests that took
 * over 2 s (503s included), client time-outs (30 s), other statuses, and /health probed once a second.
 * Traffic goes to 127.0.0.1 only. The load generator shares the machine's cores with the server.
 *
 * Knobs: BENCH_USERS, BENCH_SECONDS, BENCH_DB=embedded,postgres, BENCH_MODES=before,after,
 * BENCH_LOADS=paced,closed (paced first: a closed loop leaves a backlog behind), BENCH_SERVER=tsx|dist (dist:
 * the compiled server, `npm run build:server` first), BENCH_KEEP_LOGS=1 (keep the server's data directory and log),
 * BENCH_PROFILE=<dir> (the server's CPU profile, written there when it stops).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadConfig } from '../src/server/config';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const DBS = (process.env.BENCH_DB ?? 'embedded,postgres').split(',').map((s) => s.trim());
const MODES = (process.env.BENCH_MODES ?? 'before,after').split(',').map((s) => s.trim());
const LOADS = (process.env.BENCH_LOADS ?? 'paced,closed').split(',').map((s) => s.trim());
const SERVER = process.env.BENCH_SERVER ?? 'tsx';
const CLIENT_TIMEOUT_MS = 30_000;
const SLOW_MS = 2000;
/** The web app's read retries (src/web/api/client.ts) and the autosave's backoff (src/web/ui/autosave). */
const READ_RETRIES = 3;
const READ_RETRY_BUDGET_MS = 10_000;
const SAVE_FIRST_RETRY_MS = 2000;
const SAVE_MAX_RETRY_MS = 30_000;
const POLL_MS = 5000;
const SAVE_EVERY_MS = 15_000;

/** DEMO-DATA.md's people who can sign in (rita.retired is inactive). */
const LOGINS = [
  'alice.admin',
  'gil.governance',
  'kim.knm',
  'ida.idone',
  'pedro.pdc',
  'marcos.manager',
  'paula.partner',
  'dora.director',
  'carla.consultant',
  'ivan.intern',
  'oscar.outsider',
];

/** The modes' environment: "before" turns admission control off; "after" keeps the server's settings. */
const MODE_ENV: Record<string, Record<string, string>> = {
  before: { MAX_CONCURRENT_REQUESTS: '10000', MAX_QUEUED_REQUESTS: '0', MAX_EVENT_LOOP_DELAY_MS: '0' },
  after: {},
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const jitter = (ms: number) => ms * (1 + Math.random() / 5);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

// ---------------------------------------------------------------- HTTP

/**
 * Connections. Each user keeps its own like a browser (keep-alive, at most 6), opened when it signs in — so
 * the measured load does not start with 200 new connections at once (a busy Node process accepts new
 * connections slowly: measured here, ~5 per second while the embedded database is saturated).
 */
const browserAgent = () => new http.Agent({ keepAlive: true, maxSockets: 6 });
const setupAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const agents: http.Agent[] = [setupAgent];

interface Answer {
  status: number; // 0: client time-out or connection error
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
  timedOut: boolean;
}

function send(
  base: URL,
  method: string,
  pathname: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; agent?: http.Agent } = {},
): Promise<Answer> {
  const started = performance.now();
  const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
  return new Promise((resolve) => {
    let timedOut = false;
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path: pathname,
        agent: opts.agent ?? setupAgent,
        headers: {
          accept: 'application/json',
          'accept-encoding': 'gzip, deflate, br', // what browsers send: the server compresses as for them
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(payload.length) }
            : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
            timedOut: false,
          });
        });
        res.on('error', () => undefined);
      },
    );
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(new Error('client time-out'));
    }, CLIENT_TIMEOUT_MS);
    req.on('error', () => {
      clearTimeout(timer);
      resolve({ status: 0, headers: {}, body: Buffer.alloc(0), ms: performance.now() - started, timedOut });
    });
    if (payload) req.write(payload);
    req.end();
  });
}

function json(a: Answer): any {
  const enc = a.headers['content-encoding'];
  const raw =
    enc === 'br'
      ? zlib.brotliDecompressSync(a.body)
      : enc === 'gzip'
        ? zlib.gunzipSync(a.body)
        : enc === 'deflate'
          ? zlib.inflateSync(a.body)
          : a.body;
  return JSON.parse(raw.toString('utf8'));
}

const versionOf = (a: Answer): number | undefined => {
  const m = /"(\d+)"/.exec(String(a.headers.etag ?? ''));
  return m ? Number(m[1]) : undefined;
};

const retryAfterMs = (a: Answer) => {
  const v = Number(a.headers['retry-after']);
  return Number.isFinite(v) ? v * 1000 : 1000;
};

// ---------------------------------------------------------------- measurements

class Tally {
  served: number[] = []; // latency (ms) of every answer other than 503 / 429 / time-out
  servedInWindow = 0;
  refused = 0; // 503
  tooMany = 0; // 429
  over2s = 0; // any answer (or time-out) that took over 2 s
  timeouts = 0;
  errors = 0; // connection errors
  statuses: Record<string, number> = {};
  conflicts = 0; // 412 on a save (re-sent on the current version, as "Keep mine")
  readsGivenUp = 0; // reads still refused after the web app's retries
  constructor(private readonly deadline: number) {}

  add(a: Answer, at: number) {
    if (a.ms > SLOW_MS) this.over2s++;
    if (a.timedOut) return void this.timeouts++;
    if (a.status === 0) return void this.errors++;
    if (a.status === 503) return void this.refused++;
    if (a.status === 429) return void this.tooMany++;
    this.served.push(a.ms);
    if (at <= this.deadline) this.servedInWindow++;
    if (a.status >= 300) this.statuses[a.status] = (this.statuses[a.status] ?? 0) + 1;
  }

  summary(seconds: number) {
    const s = [...this.served].sort((x, y) => x - y);
    const q = (p: number) =>
      s.length ? +s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(1) : 0;
    return {
      servedPerSecond: +(this.servedInWindow / seconds).toFixed(1),
      served: s.length,
      refused503: this.refused,
      refused429: this.tooMany,
      p50: q(0.5),
      p95: q(0.95),
      p99: q(0.99),
      max: s.length ? +s[s.length - 1]!.toFixed(1) : 0,
      over2s: this.over2s,
      clientTimeouts: this.timeouts,
      connectionErrors: this.errors,
      otherStatuses: this.statuses,
      saveConflicts412: this.conflicts,
      readsGivenUp: this.readsGivenUp,
    };
  }
}

// ---------------------------------------------------------------- the server

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function createDatabase(admin: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const pg = (await import('pg')).default;
  const name = `portal_bench_${crypto.randomBytes(4).toString('hex')}`;
  const run = async (q: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await run(`create database ${name}`);
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

interface Server {
  base: URL;
  child: ChildProcess;
  log: string;
  stop: () => Promise<void>;
}

async function startServer(db: string, mode: string): Promise<Server> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-overload-'));
  const database = db === 'postgres' ? await createDatabase(process.env.TEST_DATABASE_URL!) : undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dir,
    SEED_PROJECTS: '40',
    RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000',
    WEB_DIST: path.join(dir, 'no-web'), // the API only
    ...MODE_ENV[mode],
  };
  delete env.DATABASE_URL;
  if (database) env.DATABASE_URL = database.url;
  const log = path.join(dir, 'server.log');
  const out = fs.openSync(log, 'a');
  const args = [
    // BENCH_PROFILE=<dir>: the server writes a CPU profile there when it stops
    ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ...(SERVER === 'dist' ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts']),
  ];
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const base = new URL(`http://127.0.0.1:${port}`);
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const exited = new Promise((r) => child.once('exit', r));
      if ((await Promise.race([exited, sleep(20_000).then(() => 'late')])) === 'late') child.kill('SIGKILL');
    }
    await database?.drop().catch((e: unknown) => console.error('could not drop the bench database', e));
    if (process.env.BENCH_KEEP_LOGS) console.log(`  server log kept: ${log}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      console.error(fs.readFileSync(log, 'utf8').slice(-3000));
      throw new Error(`the server exited (${child.exitCode})`);
    }
    const a = await send(base, 'GET', '/ready'); // listening is not enough: seeded, keys loaded, jobs started
    if (a.status === 200) break;
    if (Date.now() - started > 300_000) throw new Error('the server did not start within 5 minutes');
    await sleep(500);
  }
  console.log(
    `  server up in ${((Date.now() - started) / 1000).toFixed(1)} s (${db}, ${mode}, pid ${child.pid})`,
  );
  return { base, child, log, stop };
}

// ---------------------------------------------------------------- users

interface User {
  i: number;
  agent: http.Agent;
  login: string;
  token: string;
  /** The token its saves go with: its own when its person may fill a one-page, else an Admin's. */
  writer: string;
  /** One-pages the person may open, and their projects (whose one-page list it may read). */
  opens: number[];
  opensProjects: number[];
  target: number;
  targetProject: number;
  version: number | undefined;
  saves: number;
}

async function signIn(base: URL, login: string, agent: http.Agent): Promise<string> {
  const redirect = `${base.origin}/auth/signin`;
  const a = await send(
    base,
    'GET',
    `/dev-idp/authorize?login_hint=${encodeURIComponent(login)}&redirect_uri=${encodeURIComponent(redirect)}`,
    { agent },
  );
  const location = String(a.headers.location ?? '');
  const idp = /#access_token=([^&]+)/.exec(location)?.[1];
  if (a.status !== 302 || !idp) throw new Error(`dev-idp sign-in of ${login}: ${a.status} ${location}`);
  const s = await send(base, 'POST', '/auth/signin', { token: idp, body: { scopes: ['portal'] }, agent });
  if (s.status !== 200) throw new Error(`POST /auth/signin for ${login}: ${s.status}`);
  return json(s).accessToken as string;
}

interface World {
  projects: number[];
  /** Unsubmitted one-pages and their project. */
  onePages: { id: number; project: number }[];
  users: User[];
}

/** Signs the users in and finds, for each DEMO person, the one-pages it may open and fill. */
async function prepare(base: URL): Promise<World> {
  const tokens = new Map<string, string>();
  const users: User[] = [];
  for (let i = 0; i < USERS; i++) {
    const login = LOGINS[i % LOGINS.length]!;
    const agent = browserAgent();
    agents.push(agent);
    const token = await signIn(base, login, agent); // one session (and connection) per user
    if (!tokens.has(login)) tokens.set(login, token);
    users.push({
      i,
      agent,
      login,
      token,
      writer: token,
      opens: [],
      opensProjects: [],
      target: 0,
      targetProject: 0,
      version: undefined,
      saves: 0,
    });
  }
  const admin = tokens.get('alice.admin')!;
  const projects = (json(await send(base, 'GET', '/api/projects', { token: admin })) as { id: number }[]).map(
    (p) => p.id,
  );
  const onePages: { id: number; project: number }[] = [];
  const allOnePages: { id: number; project: number }[] = [];
  for (const project of projects) {
    const rows = json(await send(base, 'GET', `/api/one-pages/project/${project}`, { token: admin })) as {
      id: number;
      submittedAt: string | null;
    }[];
    for (const r of rows) {
      allOnePages.push({ id: r.id, project });
      if (r.submittedAt === null) onePages.push({ id: r.id, project });
    }
  }
  // who may open which one-page (GET), who may fill the unsubmitted ones (a PATCH probe)
  const opens = new Map<string, number[]>();
  const fills = new Map<string, number[]>();
  for (const [login, token] of tokens) {
    opens.set(login, []);
    fills.set(login, []);
    for (const op of allOnePages) {
      const a = await send(base, 'GET', `/api/one-pages/${op.id}`, { token });
      if (a.status !== 200) continue;
      opens.get(login)!.push(op.id);
      if (!onePages.some((o) => o.id === op.id)) continue;
      const p = await send(base, 'PATCH', `/api/one-pages/${op.id}`, {
        token,
        body: { keyMessage: `opened by ${login}` },
        headers: { 'if-match': `"${versionOf(a)}"` },
      });
      if (p.status === 200) fills.get(login)!.push(op.id);
    }
  }
  for (const u of users) {
    u.opens = opens.get(u.login)!;
    u.opensProjects = [...new Set(u.opens.map((id) => allOnePages.find((o) => o.id === id)!.project))];
    const own = fills.get(u.login)!;
    // saves spread over the unsubmitted one-pages; a person who may fill none saves through an Admin session
    const target = own.length ? own[u.i % own.length]! : onePages[u.i % onePages.length]!.id;
    if (!own.length) u.writer = admin;
    u.target = target;
    u.targetProject = onePages.find((o) => o.id === target)!.project;
  }
  // each user's autosave starts from the version it loaded
  for (const u of users)
    u.version = versionOf(await send(base, 'GET', `/api/one-pages/${u.target}`, { token: u.writer }));
  const writersOwn = users.filter((u) => u.writer === u.token).length;
  console.log(
    `  ${users.length} users signed in; ${projects.length} projects, ${allOnePages.length} one-pages (${onePages.length} unsubmitted); ` +
      `${writersOwn} users save as themselves, ${users.length - writersOwn} through an Admin session`,
  );
  return { projects, onePages, users };
}

// ---------------------------------------------------------------- the loads

/** A read as the web app sends it: a 503 / 429 is sent again after its Retry-After (3 times, 10 s at most). */
async function read(base: URL, u: User, pathname: string, t: Tally): Promise<Answer> {
  let waited = 0;
  for (let retry = 0; ; retry++) {
    const a = await send(base, 'GET', pathname, { token: u.token, agent: u.agent });
    t.add(a, Date.now());
    if (a.status !== 503 && a.status !== 429) return a;
    const wait = jitter(retryAfterMs(a));
    if (retry >= READ_RETRIES || waited + wait > READ_RETRY_BUDGET_MS) {
      t.readsGivenUp++;
      return a;
    }
    await sleep(wait);
    waited += wait;
  }
}

/** A text saved as the autosave does: If-Match; kept and re-sent after a 503 / 429 until saved. */
async function save(base: URL, u: User, t: Tally, until: number): Promise<void> {
  let backoff = SAVE_FIRST_RETRY_MS;
  let rebased = false;
  const text = `Key message ${u.i}.${++u.saves}: ${crypto.randomBytes(48).toString('base64')}`;
  for (;;) {
    const a = await send(base, 'PATCH', `/api/one-pages/${u.target}`, {
      token: u.writer,
      agent: u.agent,
      body: { keyMessage: text },
      headers: u.version === undefined ? {} : { 'if-match': `"${u.version}"` },
    });
    t.add(a, Date.now());
    if (a.status === 200) {
      u.version = versionOf(a);
      return;
    }
    if (a.status === 412 && !rebased) {
      // someone saved meanwhile: "Keep mine" — once, on their version
      t.conflicts++;
      rebased = true;
      u.version = (json(a) as { current?: { version?: number } }).current?.version;
      continue;
    }
    if (a.status !== 503 && a.status !== 429 && a.status !== 0) return; // shown, not retried
    const wait = Math.max(backoff, a.status === 0 ? 0 : jitter(retryAfterMs(a)));
    backoff = Math.min(backoff * 2, SAVE_MAX_RETRY_MS);
    if (Date.now() + wait > until) return; // the run is over (the edit would stay pending)
    await sleep(wait);
  }
}

/** (a) closed loop, no think time. */
async function closedLoop(base: URL, w: World): Promise<Tally> {
  const deadline = Date.now() + SECONDS * 1000;
  const t = new Tally(deadline);
  const one = async (u: User) => {
    await sleep(Math.random() * 1000); // users arrive over the first second
    while (Date.now() < deadline) {
      const r = Math.random();
      const project = pick(w.projects);
      if (r < 0.1) await read(base, u, '/api/projects', t);
      else if (r < 0.4) await read(base, u, `/api/projects/${project}`, t);
      else if (r < 0.7) await read(base, u, `/api/projects/${project}/kpis`, t);
      else if (r < 0.85)
        await read(
          base,
          u,
          u.opens.length ? `/api/one-pages/${pick(u.opens)}` : `/api/projects/${project}`,
          t,
        );
      else if (r < 0.9)
        await read(
          base,
          u,
          u.opens.length
            ? `/api/one-pages/project/${pick(u.opensProjects)}`
            : `/api/projects/${project}/kpis`,
          t,
        );
      else await save(base, u, t, deadline + 5000);
    }
  };
  await Promise.all(w.users.map(one));
  return t;
}

/** (b) paced: a KPI poll every 5 s and a text saved every 15 s per user. */
async function paced(base: URL, w: World): Promise<Tally> {
  const deadline = Date.now() + SECONDS * 1000;
  const t = new Tally(deadline);
  const tasks: Promise<void>[] = [];
  for (const u of w.users) {
    const project = u.targetProject;
    tasks.push(
      (async () => {
        for (let next = Date.now() + Math.random() * POLL_MS; next < deadline; next += POLL_MS) {
          await sleep(next - Date.now());
          await read(base, u, `/api/projects/${project}/kpis`, t);
        }
      })(),
      (async () => {
        for (let next = Date.now() + Math.random() * SAVE_EVERY_MS; next < deadline; next += SAVE_EVERY_MS) {
          await sleep(next - Date.now());
          await save(base, u, t, deadline + 5000);
        }
      })(),
    );
  }
  await Promise.all(tasks);
  return t;
}

/** Waits until the server is idle again (/health answers within 50 ms three times running; 60 s at most). */
async function settle(base: URL) {
  const end = Date.now() + 60_000;
  for (let quick = 0; quick < 3 && Date.now() < end;) {
    await sleep(1000);
    quick = (await send(base, 'GET', '/health')).ms < 50 ? quick + 1 : 0;
  }
}

/** /health once a second while a load runs: it must never be refused. */
function probeHealth(base: URL) {
  const probe = new http.Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(probe);
  const samples: number[] = [];
  const statuses: Record<string, number> = {};
  let on = true;
  const done = (async () => {
    while (on) {
      const a = await send(base, 'GET', '/health', { agent: probe });
      samples.push(a.ms);
      statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      await sleep(1000);
    }
  })();
  return async () => {
    on = false;
    await done;
    const s = samples.sort((x, y) => x - y);
    return {
      statuses,
      p50: +(s[Math.floor(s.length / 2)] ?? 0).toFixed(1),
      max: +(s.at(-1) ?? 0).toFixed(1),
    };
  };
}

// ---------------------------------------------------------------- main

async function main() {
  const cfg = loadConfig({ ...process.env, HOST: '127.0.0.1' }).overload;
  const conditions = {
    at: new Date().toISOString(),
    cpus: os.cpus().length,
    loadAverageAtStart: os.loadavg().map((x) => +x.toFixed(2)),
    node: process.version,
    server: SERVER,
    users: USERS,
    seconds: SECONDS,
    after: cfg,
    note: 'the load generator runs on the same cores as the server (and other work on this machine)',
  };
  console.log(JSON.stringify(conditions, null, 2));
  const runs: Record<string, unknown>[] = [];
  for (const db of DBS) {
    if (db === 'postgres' && !process.env.TEST_DATABASE_URL) {
      console.log('postgres: skipped (no TEST_DATABASE_URL; run through scripts/with-postgres.sh)');
      continue;
    }
    for (const mode of MODES) {
      console.log(`\n== ${db}, ${mode} ==`);
      const server = await startServer(db, mode);
      let world: World | undefined;
      try {
        world = await prepare(server.base);
        for (const load of LOADS) {
          await settle(server.base);
          const loadBefore = os.loadavg()[0]!;
          const health = probeHealth(server.base);
          const t0 = Date.now();
          const tally =
            load === 'closed' ? await closedLoop(server.base, world) : await paced(server.base, world);
          const result = {
            db,
            mode,
            load,
            ...tally.summary(SECONDS),
            health: await health(),
            wallSeconds: +((Date.now() - t0) / 1000).toFixed(1),
            loadAverage1m: [+loadBefore.toFixed(2), +os.loadavg()[0]!.toFixed(2)],
          };
          runs.push(result);
          console.log(JSON.stringify(result));
        }
      } finally {
        for (const u of world?.users ?? []) u.agent.destroy();
        await server.stop();
      }
    }
  }
  for (const a of agents) a.destroy();

  const table = [
    '| database | mode | load | served/s | 503s | p50 ms | p95 ms | p99 ms | max ms | > 2 s | time-outs | other |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...runs
      .map((r: any) =>
        [
          r.db,
          r.mode,
          r.load,
          r.servedPerSecond,
          r.refused503,
          r.p50,
          r.p95,
          r.p99,
          r.max,
          r.over2s,
          r.clientTimeouts,
          JSON.stringify(r.otherStatuses),
        ].join(' | '),
      )
      .map((l) => `| ${l} |`),
  ].join('\n');
  console.log(`\n${table}`);
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync('bench-results/overload.json', JSON.stringify({ ...conditions, runs, table }, null, 2));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
