/**
 * Admission control (src/server/platform/overload.ts): beyond `maxConcurrent` running and `maxQueued`
 * waiting, the API answers 503 + Retry-After at once; a queued request waits at most `maxQueueWaitMs`;
 * /health and the web app are never refused; a slot is released exactly once whatever happens.
 * Real HTTP on a loopback port (client aborts close real sockets); slow handlers the test releases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { buildApp } from '@server/app';
import { loadConfig, type Config } from '@server/config';
import type { DbHandle } from '@server/db';
import { migrateToLatest } from '@server/db/migrate';
import { seedDemo } from '@server/db/seed';
import { loadKeys } from '@server/auth/keys';
import { BUSY_MESSAGE } from '@server/platform/overload';
import { openTestDatabase } from '../helpers';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/** A test app with slow routes under /api (held until the test lets them go). */
async function testApp(handle: DbHandle, overload: Config['overload']) {
  const config: Config = {
    ...loadConfig({}),
    dataDir: 'memory://',
    webDist: '/nonexistent',
    overload,
  };
  const app = await buildApp({ db: handle.db, config, keys: await loadKeys('memory://') });
  const gates: (() => void)[] = [];
  const started: string[] = [];
  let closedWhileRunning = 0;
  app.get<{ Querystring: { n?: string } }>(
    '/api/test-overload/slow',
    { config: { access: 'public' } },
    async (request, reply) => {
      started.push(request.query.n ?? '');
      reply.raw.once('close', () => {
        if (!reply.sent) closedWhileRunning++;
      });
      await new Promise<void>((resolve) => gates.push(resolve));
      return { n: request.query.n };
    },
  );
  app.get('/api/test-overload/fast', { config: { access: 'public' } }, async () => ({ ok: true }));
  // a body that flows until the test ends it (a file download, a report)
  const streams: PassThrough[] = [];
  app.get('/api/test-overload/stream', { config: { access: 'public' } }, async (_request, reply) => {
    const body = new PassThrough();
    streams.push(body);
    body.write('first part;');
    return reply.type('text/plain').send(body);
  });
  app.get('/api/test-overload/fail', { config: { access: 'public' } }, async () => {
    await new Promise((r) => setTimeout(r, 5));
    throw new Error('handler failed');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;

  /** One GET on its own connection; `abort()` closes that connection. */
  const get = (path: string, headers: Record<string, string> = {}) => {
    let req!: http.ClientRequest;
    const answer = new Promise<Answer>((resolve, reject) => {
      req = http.get({ host: '127.0.0.1', port, path, agent: false, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode!, headers: res.headers, body });
        });
      });
      req.on('error', reject);
    });
    let settled = false;
    void answer.then(
      () => (settled = true),
      () => (settled = true),
    );
    return {
      answer,
      get settled() {
        return settled;
      },
      abort: () => req.destroy(),
    };
  };

  /** Lets the oldest held slow handler answer. */
  const releaseOne = () => gates.shift()!();
  /** Headers of a GET (the body may still be flowing). */
  const headersOf = (path: string) =>
    new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port, path, agent: false }, resolve).on('error', reject),
    );
  return {
    app,
    get,
    headersOf,
    streams,
    releaseOne,
    started,
    get closedWhileRunning() {
      return closedWhileRunning;
    },
  };
}

/** Polls until `check` holds (the server reacts to sockets asynchronously). */
async function until(check: () => boolean, what: string, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, { projects: 0 });
});
afterAll(async () => {
  await handle?.close();
});

describe('admission control (maxConcurrent 2, maxQueued 2, a long wait)', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(handle, {
      maxConcurrent: 2,
      maxQueued: 2,
      maxQueueWaitMs: 30_000,
      maxEventLoopDelayMs: 0,
    });
  });
  afterAll(async () => {
    await t?.app.close();
  });
  const stats = () => t.app.overload.stats();

  it('refuses the excess at once with 503 + Retry-After, serves the queued ones in order as slots free, never refuses /health', async () => {
    const a = t.get('/api/test-overload/slow?n=a');
    const b = t.get('/api/test-overload/slow?n=b');
    await until(() => stats().inFlight === 2 && t.started.length === 2, 'two running');
    const c = t.get('/api/test-overload/slow?n=c');
    const d = t.get('/api/test-overload/slow?n=d');
    await until(() => stats().queued === 2, 'two queued');

    // full: the next API request is refused while every slow one is still held (they finish only when
    // this test lets them), so the 503 did not wait for a slot
    const refused = await t.get('/api/test-overload/fast').answer;
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: BUSY_MESSAGE });
    // the integration API and sign-in are admitted too
    expect((await t.get('/master/professionals').answer).status).toBe(503);
    expect([a, b, c, d].map((x) => x.settled)).toEqual([false, false, false, false]);
    expect(stats()).toMatchObject({ inFlight: 2, queued: 2, refused: { queueFull: 2 } });

    // the probes and the web app's pages are neither queued nor refused
    const health = await t.get('/health').answer;
    expect(health.status).toBe(200);
    expect((await t.get('/project/3/home').answer).status).not.toBe(503);
    expect((await t.get('/auth/signin?login_hint=alice.admin').answer).status).not.toBe(503);
    expect(stats()).toMatchObject({ inFlight: 2, queued: 2 });

    // a slot frees: the oldest waiter (c) runs, then d
    t.releaseOne();
    expect((await a.answer).body).toEqual({ n: 'a' });
    await until(() => t.started.length === 3, 'c started');
    expect(t.started).toEqual(['a', 'b', 'c']);
    expect(stats()).toMatchObject({ inFlight: 2, queued: 1 });
    t.releaseOne();
    await until(() => t.started.length === 4, 'd started');
    expect(t.started).toEqual(['a', 'b', 'c', 'd']);
    t.releaseOne();
    t.releaseOne();
    const answers = await Promise.all([b.answer, c.answer, d.answer]);
    expect(answers.map((x) => [x.status, x.body.n])).toEqual([
      [200, 'b'],
      [200, 'c'],
      [200, 'd'],
    ]);
    await until(() => stats().inFlight === 0, 'all slots released');
    expect(stats()).toMatchObject({ inFlight: 0, queued: 0, waited: 2 });
    // and the API serves again
    expect((await t.get('/api/test-overload/fast').answer).status).toBe(200);
  });

  it('releases the slot of a failing handler (500) exactly once', async () => {
    const before = stats().admitted;
    // two run at once, two wait for their slots: all four are served (500), none refused
    const fails = Array.from({ length: 4 }, () => t.get('/api/test-overload/fail'));
    const answers = await Promise.all(fails.map((f) => f.answer));
    expect(answers.map((a) => a.status)).toEqual([500, 500, 500, 500]);
    expect(answers[0]!.body).toMatchObject({
      statusCode: 500,
      message: 'Something went wrong on the server',
    });
    await until(() => stats().inFlight === 0, 'slots released after errors');
    await new Promise((r) => setTimeout(r, 50));
    expect(stats()).toMatchObject({ inFlight: 0, queued: 0 });
    expect(stats().admitted - before).toBe(4);
  });

  it('keeps the slot of a request whose client left until its handler answers, then releases it once', async () => {
    const x = t.get('/api/test-overload/slow?n=x');
    await until(() => stats().inFlight === 1 && t.started.at(-1) === 'x', 'x running');
    const closedBefore = t.closedWhileRunning;
    x.abort();
    await expect(x.answer).rejects.toThrow();
    await until(() => t.closedWhileRunning === closedBefore + 1, 'the server saw the client leave');
    // the handler still works (and still uses the database): the slot stays taken
    expect(stats().inFlight).toBe(1);
    t.releaseOne();
    await until(() => stats().inFlight === 0, 'slot released when the handler answered');
    await new Promise((r) => setTimeout(r, 50));
    expect(stats()).toMatchObject({ inFlight: 0, queued: 0 });
  });

  it('drops a queued request whose client left (its handler never runs) and never leaks a slot', async () => {
    const a = t.get('/api/test-overload/slow?n=p');
    const b = t.get('/api/test-overload/slow?n=q');
    await until(() => stats().inFlight === 2 && t.started.at(-1) !== undefined, 'two running');
    const queued = t.get('/api/test-overload/slow?n=gone');
    await until(() => stats().queued === 1, 'one queued');
    queued.abort();
    await expect(queued.answer).rejects.toThrow();
    await until(() => stats().queued === 0, 'the queue forgot it');
    expect(stats().inFlight).toBe(2);
    t.releaseOne();
    t.releaseOne();
    await Promise.all([a.answer, b.answer]);
    await until(() => stats().inFlight === 0, 'slots released');
    await new Promise((r) => setTimeout(r, 50));
    expect(t.started).not.toContain('gone');
    expect(stats()).toMatchObject({ inFlight: 0, queued: 0 });
    // capacity is whole again: two run at once
    const c = t.get('/api/test-overload/slow?n=r');
    const d = t.get('/api/test-overload/slow?n=s');
    await until(() => stats().inFlight === 2 && stats().queued === 0, 'two running again');
    t.releaseOne();
    t.releaseOne();
    expect((await c.answer).status).toBe(200);
    expect((await d.answer).status).toBe(200);
    await until(() => stats().inFlight === 0, 'slots released');
  });
});

describe('admission control: streamed answers', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(handle, {
      maxConcurrent: 1,
      maxQueued: 0,
      maxQueueWaitMs: 1000,
      maxEventLoopDelayMs: 0,
    });
  });
  afterAll(async () => {
    await t?.app.close();
  });

  it('frees the slot once the handler hands over a streamed body: a slow download does not hold it', async () => {
    const res = await t.headersOf('/api/test-overload/stream');
    expect(res.statusCode).toBe(200);
    await until(() => t.app.overload.stats().inFlight === 0, 'slot released while the body flows');
    // the only slot is free: another request is served while the download goes on
    expect((await t.get('/api/test-overload/fast').answer).status).toBe(200);
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (c: string) => (text += c));
    const ended = new Promise((r) => res.on('end', r));
    t.streams[0]!.end('last part');
    await ended;
    expect(text).toBe('first part;last part');
    expect(t.app.overload.stats()).toMatchObject({ inFlight: 0, queued: 0 });
  });
});

describe('admission control: the wait bound', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(handle, {
      maxConcurrent: 1,
      maxQueued: 5,
      maxQueueWaitMs: 150,
      maxEventLoopDelayMs: 0,
    });
  });
  afterAll(async () => {
    await t?.app.close();
  });

  it('refuses a queued request with 503 + Retry-After once it has waited maxQueueWaitMs', async () => {
    const held = t.get('/api/test-overload/slow?n=held');
    await until(() => t.app.overload.stats().inFlight === 1, 'one running');
    const started = Date.now();
    const waited = await t.get('/api/test-overload/fast').answer;
    const ms = Date.now() - started;
    expect(waited.status).toBe(503);
    expect(waited.headers['retry-after']).toBe('1');
    expect(waited.body.message).toBe(BUSY_MESSAGE);
    expect(ms).toBeGreaterThanOrEqual(140); // it did wait for a slot first
    expect(held.settled).toBe(false); // and was refused while the slot was still taken
    expect(t.app.overload.stats()).toMatchObject({ inFlight: 1, queued: 0, refused: { queueTimeout: 1 } });
    t.releaseOne();
    expect((await held.answer).status).toBe(200);
    await until(() => t.app.overload.stats().inFlight === 0, 'slot released');
  });
});

describe('admission control: the event-loop delay check (under-pressure)', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(handle, {
      maxConcurrent: 10,
      maxQueued: 10,
      maxQueueWaitMs: 1000,
      maxEventLoopDelayMs: 20,
    });
  });
  afterAll(async () => {
    await t?.app.close();
  });

  it('refuses API requests with 503 + Retry-After while the event loop is late; /health still answers', async () => {
    // keep the event loop late: 60 ms of work, a short breath, again (requests are served in the breaths)
    let hogging = true;
    const hog = (async () => {
      while (hogging) {
        const end = Date.now() + 60;
        while (Date.now() < end) {
          /* busy */
        }
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    try {
      await until(() => t.app.isUnderPressure(), 'under pressure', 10_000);
      const refused = await t.get('/api/test-overload/fast').answer;
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: BUSY_MESSAGE });
      expect((await t.get('/health').answer).status).toBe(200);
      const s = t.app.overload.stats();
      expect(s.refused.eventLoopDelay).toBeGreaterThanOrEqual(1);
      expect(s.eventLoopDelayMs).toBeGreaterThan(20);
      expect(s.inFlight).toBe(0); // a refusal never takes a slot
    } finally {
      hogging = false;
      await hog;
    }
  });
});
