/**
 * OpenTelemetry (src/server/platform/telemetry.ts): request spans with their route and their SQL spans, the
 * request metrics, job spans, the queue / outbox gauges and trace ids in log lines — with in-memory
 * exporters; OTLP/HTTP against a local receiver; and nothing registered when nothing is configured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { SpanKind, SpanStatusCode, metrics, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { DataPointType, MetricReader, type MetricData } from '@opentelemetry/sdk-metrics';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { loadConfig, type Config } from '@server/config';
import type { DbHandle } from '@server/db';
import { migrateToLatest } from '@server/db/migrate';
import { seedDemo } from '@server/db/seed';
import { loadKeys } from '@server/auth/keys';
import { signPortalToken } from '@server/auth/tokens';
import { sessionUserForEmail } from '@server/auth';
import { loggerOptions } from '@server/log';
import { createJobs, type Jobs } from '@server/adapters/jobs';
import { MAX_QUERY_TEXT } from '@server/db/traced-dialect';
import {
  observeDatabase,
  startTelemetry,
  telemetryEnabled,
  type Telemetry,
} from '@server/platform/telemetry';
import { demoIds, openTestDatabase } from '../helpers';

/** Metrics read when the test asks (no timer). */
class OnDemandReader extends MetricReader {
  protected override async onForceFlush() {}
  protected override async onShutdown() {}
}

const OFF: Config['telemetry'] = {
  serviceName: 'portal-test',
  azureMonitorConnectionString: undefined,
  otlpEndpoint: undefined,
};

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The app on a fresh in-memory database, with two test routes, logging into `lines`. */
async function testApp(handle: DbHandle, lines: string[]) {
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config: Config = { ...loadConfig({}), dataDir: 'memory://', webDist: '/nonexistent' };
  const keys = await loadKeys('memory://');
  const app = await buildApp({
    db: handle.db,
    config,
    keys,
    logger: { ...(loggerOptions('info') as object), stream },
  });
  app.get('/api/test-telemetry/fail', { config: { access: 'public' } }, async () => {
    await app.db.selectFrom('professionals').select('id').limit(1).execute();
    throw new Error('the handler failed');
  });
  app.post<{ Body: { marker: string } }>(
    '/api/test-telemetry/echo',
    { config: { access: 'public' } },
    async (request) => {
      await app.db.selectFrom('professionals').select('id').limit(1).execute();
      request.log.info({ marker: request.body.marker }, 'echo handled');
      return { ok: true };
    },
  );
  await app.ready();
  const auth = async (login: string) => {
    const user = await sessionUserForEmail(app, `${login}@example.com`);
    return { authorization: `Bearer ${await signPortalToken(user!, keys.portalSecret, 3600)}` };
  };
  return { app, auth };
}

async function openSeeded() {
  const handle = await openTestDatabase();
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, { projects: 2 });
  return handle;
}

function metricNamed(collected: Awaited<ReturnType<MetricReader['collect']>>, name: string) {
  const all: MetricData[] = collected.resourceMetrics.scopeMetrics.flatMap((s) => s.metrics);
  return all.find((m) => m.descriptor.name === name);
}

describe('telemetry off (nothing configured)', () => {
  it('registers nothing: a disabled handle, the no-op API, no request plugin, no trace ids in logs', async () => {
    const t = await startTelemetry(OFF);
    expect(t.enabled).toBe(false);
    expect(t.exporters).toEqual([]);
    expect(telemetryEnabled()).toBe(false);
    const span = trace.getTracer('x').startSpan('y');
    expect(span.isRecording()).toBe(false);
    span.end();
    expect(metrics.getMeterProvider().constructor.name).toBe('NoopMeterProvider');

    const handle = await openTestDatabase();
    await migrateToLatest(handle.db);
    const lines: string[] = [];
    const { app } = await testApp(handle, lines);
    try {
      expect(app.hasRequestDecorator('opentelemetry')).toBe(false);
      const res = await app.inject({
        method: 'POST',
        url: '/api/test-telemetry/echo',
        payload: { marker: 'off' },
      });
      expect(res.statusCode).toBe(200);
      const line = lines.map((l) => JSON.parse(l)).find((l) => l.marker === 'off');
      expect(line).toBeDefined();
      expect(line.trace_id).toBeUndefined();
      await t.shutdown();
    } finally {
      await app.close();
      await handle.close();
    }
  }, 60_000);
});

describe('telemetry with in-memory exporters', () => {
  const spans = new InMemorySpanExporter();
  const reader = new OnDemandReader();
  const lines: string[] = [];
  let telemetry: Telemetry;
  let handle: DbHandle;
  let app: FastifyInstance;
  let auth: (login: string) => Promise<{ authorization: string }>;
  let projectId: number;

  beforeAll(async () => {
    telemetry = await startTelemetry(OFF, { spanExporter: spans, metricReader: reader });
    handle = await openSeeded();
    ({ app, auth } = await testApp(handle, lines));
    projectId = (await demoIds(handle.db)).project['DEMO-DURING']!;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await telemetry?.shutdown();
  });

  const finished = () => spans.getFinishedSpans();
  const requestSpan = (name: string) =>
    finished().find((s) => s.name === name && s.instrumentationScope.name === '@fastify/otel');
  const childrenOf = (parent: ReadableSpan) =>
    finished().filter((s) => s.parentSpanContext?.spanId === parent.spanContext().spanId);

  it('is on, with the custom exporters', () => {
    expect(telemetry.enabled).toBe(true);
    expect(telemetry.exporters).toEqual(['custom']);
    expect(telemetryEnabled()).toBe(true);
  });

  it('a request gives a SERVER span named by its route, with its SQL statements as children', async () => {
    spans.reset();
    const res = await app.inject({
      url: `/api/projects/${projectId}?secret=abc`,
      headers: await auth('alice.admin'),
    });
    expect(res.statusCode).toBe(200);
    const req = requestSpan('GET /api/projects/:id');
    expect(req).toBeDefined();
    expect(req!.kind).toBe(SpanKind.SERVER);
    expect(req!.attributes['http.route']).toBe('/api/projects/:id');
    expect(req!.attributes['http.request.method']).toBe('GET');
    expect(req!.attributes['http.response.status_code']).toBe(200);
    // the query string never reaches telemetry
    expect(req!.attributes['url.path']).toBe(`/api/projects/${projectId}`);
    expect(req!.status.code).toBe(SpanStatusCode.UNSET);

    const db = childrenOf(req!).filter((s) => s.name === 'db.query');
    expect(db.length).toBeGreaterThan(0);
    for (const s of db) {
      expect(s.kind).toBe(SpanKind.CLIENT);
      expect(s.spanContext().traceId).toBe(req!.spanContext().traceId);
      expect(s.attributes['db.system']).toBe('postgresql');
      expect(s.attributes['db.system.name']).toBe('postgresql');
      expect(String(s.attributes['db.query.text']).length).toBeLessThanOrEqual(MAX_QUERY_TEXT + 1);
      // the statement with its placeholders: no parameter values anywhere
      expect(Object.keys(s.attributes).filter((k) => k.includes('param'))).toEqual([]);
    }
    expect(db.some((s) => s.attributes['db.operation.name'] === 'SELECT')).toBe(true);
    expect(db.some((s) => /\$1/.test(String(s.attributes['db.query.text'])))).toBe(true);
  });

  it('a request with a body: its statements and log lines stay in its trace', async () => {
    spans.reset();
    const res = await app.inject({
      method: 'POST',
      url: '/api/test-telemetry/echo',
      payload: { marker: 'm-1' },
    });
    expect(res.statusCode).toBe(200);
    const req = requestSpan('POST /api/test-telemetry/echo')!;
    expect(req).toBeDefined();
    expect(childrenOf(req).filter((s) => s.name === 'db.query')).toHaveLength(1);

    const logged = lines.map((l) => JSON.parse(l));
    const line = logged.find((l) => l.marker === 'm-1');
    expect(line.trace_id).toBe(req.spanContext().traceId);
    expect(line.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(line.span_id).toMatch(/^[0-9a-f]{16}$/);
    // Fastify's own line at the end of the request carries it too
    const completed = logged.find((l) => l.reqId === line.reqId && l.msg === 'request completed');
    expect(completed?.trace_id).toBe(req.spanContext().traceId);
  });

  it('an incoming traceparent is continued', async () => {
    spans.reset();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await app.inject({
      method: 'POST',
      url: '/api/test-telemetry/echo',
      payload: { marker: 'm-2' },
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    const req = requestSpan('POST /api/test-telemetry/echo')!;
    expect(req.spanContext().traceId).toBe(traceId);
    expect(req.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
  });

  it('a 5xx: ERROR span with the exception, counted; a 4xx leaves the status unset', async () => {
    spans.reset();
    expect((await app.inject({ url: '/api/test-telemetry/fail' })).statusCode).toBe(500);
    const failed = requestSpan('GET /api/test-telemetry/fail')!;
    expect(failed.status.code).toBe(SpanStatusCode.ERROR);
    expect(failed.attributes['http.response.status_code']).toBe(500);
    expect(failed.events.some((e) => e.name === 'exception')).toBe(true);
    // the error handler's log line is in the trace
    const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.trace_id === failed.spanContext().traceId);
    expect(logged.some((l) => l.level === 50)).toBe(true);

    expect(
      (await app.inject({ url: '/api/projects/999999', headers: await auth('alice.admin') })).statusCode,
    ).toBe(404);
    const missing = requestSpan('GET /api/projects/:id')!;
    expect(missing.attributes['http.response.status_code']).toBe(404);
    expect(missing.status.code).toBe(SpanStatusCode.UNSET);
    expect(missing.events).toHaveLength(0);

    // no route at all: named by the method only
    expect((await app.inject({ url: '/api/nowhere' })).statusCode).toBe(404);
    expect(
      finished().some((s) => s.name === 'GET' && s.attributes['http.response.status_code'] === 404),
    ).toBe(true);
  });

  it('the probes are not traced', async () => {
    spans.reset();
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    expect(finished().filter((s) => s.instrumentationScope.name === '@fastify/otel')).toHaveLength(0);
  });

  it('request duration by route, method and status; 5xx counted', async () => {
    await app.inject({ url: `/api/projects/${projectId}`, headers: await auth('alice.admin') });
    const collected = await reader.collect();
    const duration = metricNamed(collected, 'http.server.request.duration')!;
    expect(duration.descriptor.unit).toBe('s');
    expect(duration.dataPointType).toBe(DataPointType.HISTOGRAM);
    const point = duration.dataPoints.find(
      (p) =>
        p.attributes['http.route'] === '/api/projects/:id' &&
        p.attributes['http.request.method'] === 'GET' &&
        p.attributes['http.response.status_code'] === 200,
    );
    expect(point).toBeDefined();
    const h = point!.value as { count: number; sum: number };
    expect(h.count).toBeGreaterThanOrEqual(2);
    expect(h.sum).toBeGreaterThan(0);
    expect(h.sum / h.count).toBeLessThan(10);

    const errors = metricNamed(collected, 'portal.http.server.errors')!;
    const failPoints = errors.dataPoints.filter(
      (p) => p.attributes['http.route'] === '/api/test-telemetry/fail',
    );
    expect(failPoints).toHaveLength(1);
    expect(failPoints[0]!.value).toBe(1);
    expect(failPoints[0]!.attributes['http.response.status_code']).toBe(500);
    // a 404 is not a server error
    expect(errors.dataPoints.every((p) => Number(p.attributes['http.response.status_code']) >= 500)).toBe(
      true,
    );
  });

  describe('jobs and gauges', () => {
    let jobs: Jobs;
    beforeAll(async () => {
      jobs = createJobs({
        kind: handle.kind,
        db: handle.db,
        pglite: handle.pglite,
        connectionString: handle.connectionString,
        pollIntervalMs: 500,
        log: { warn: () => {}, error: () => {} },
      });
      await jobs.start();
    });
    afterAll(async () => {
      await jobs?.stop({ timeoutMs: 2000 });
    });

    it('a job run gives a `job <queue>` span with its SQL; a failure is an ERROR span', async () => {
      spans.reset();
      const ran: string[] = [];
      await jobs.work<{ fail?: boolean }>('test.telemetry', async (data, job) => {
        await handle.db.selectFrom('professionals').select('id').limit(1).execute();
        ran.push(job.id);
        if (data.fail) throw new Error('this job fails');
      });
      const ok = (await jobs.send('test.telemetry', {}, { retryLimit: 0 }))!;
      const bad = (await jobs.send('test.telemetry', { fail: true }, { retryLimit: 0 }))!;
      const jobSpan = (id: string) =>
        finished().find(
          (s) => s.name === 'job test.telemetry' && s.attributes['messaging.message.id'] === id,
        );
      const okSpan = await waitFor('the job span', () => jobSpan(ok));
      const badSpan = await waitFor('the failed job span', () => jobSpan(bad));
      expect(okSpan.attributes['messaging.destination.name']).toBe('test.telemetry');
      expect(okSpan.attributes['pgboss.job.retry_count']).toBe(0);
      expect(okSpan.status.code).toBe(SpanStatusCode.UNSET);
      expect(childrenOf(okSpan).filter((s) => s.name === 'db.query')).toHaveLength(1);
      expect(badSpan.status.code).toBe(SpanStatusCode.ERROR);
      expect(badSpan.status.message).toBe('this job fails');
      expect(badSpan.events.some((e) => e.name === 'exception')).toBe(true);
      // inside pg-boss' own span of the run
      const parent = finished().find((s) => s.spanContext().spanId === okSpan.parentSpanContext?.spanId);
      expect(parent?.name).toBe('process test.telemetry');
    });

    it('a job sent inside a request continues its trace', async () => {
      spans.reset();
      await jobs.ensureQueue('test.traced');
      const sent = await trace.getTracer('test').startActiveSpan('a request', async (span) => {
        const id = await jobs.send('test.traced', {});
        span.end();
        return { id: id!, traceId: span.spanContext().traceId };
      });
      await jobs.work('test.traced', async () => {});
      const run = await waitFor('the traced job span', () =>
        finished().find(
          (s) => s.name === 'job test.traced' && s.attributes['messaging.message.id'] === sent.id,
        ),
      );
      expect(run.spanContext().traceId).toBe(sent.traceId);
    });

    it('gauges: queue depth and oldest due job by queue, outbox backlog', async () => {
      // two due jobs on a queue nobody works, the older one waiting for 2 minutes; one deferred
      await jobs.ensureQueue('test.waiting');
      const first = (await jobs.send('test.waiting', { n: 1 }))!;
      await jobs.send('test.waiting', { n: 2 });
      await jobs.send('test.waiting', { n: 3 }, { startAfter: 3600 });
      await sql`update pgboss.job set start_after = now() - interval '120 seconds' where id = ${first}`.execute(
        handle.db,
      );
      await handle.db
        .insertInto('mailOutbox')
        .values([
          { toAddress: 'a@example.com', subject: 'one', body: 'x' },
          { toAddress: 'b@example.com', subject: 'two', body: 'x' },
          { toAddress: 'c@example.com', subject: 'sent', body: 'x', sentAt: new Date() },
        ])
        .execute();
      const unsent = await handle.db
        .selectFrom('mailOutbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('sentAt', 'is', null)
        .executeTakeFirstOrThrow();
      expect(Number(unsent.n)).toBeGreaterThanOrEqual(2);

      const collected = await reader.collect();
      const depth = metricNamed(collected, 'portal.jobs.queue.depth')!;
      const age = metricNamed(collected, 'portal.jobs.queue.oldest_age')!;
      const backlog = metricNamed(collected, 'portal.mail.outbox.backlog')!;
      expect(depth.dataPointType).toBe(DataPointType.GAUGE);
      const of = (m: MetricData, queue: string) =>
        m.dataPoints.find((p) => p.attributes.queue === queue)?.value;
      expect(of(depth, 'test.waiting')).toBe(2);
      expect(Number(of(age, 'test.waiting'))).toBeGreaterThanOrEqual(119);
      expect(Number(of(age, 'test.waiting'))).toBeLessThan(300);
      // a queue with nothing due reports 0, not nothing
      expect(of(depth, 'test.telemetry')).toBe(0);
      expect(of(age, 'test.telemetry')).toBe(0);
      expect(backlog.dataPoints).toHaveLength(1);
      expect(backlog.dataPoints[0]!.value).toBe(Number(unsent.n));
    });
  });

  it('a gauge that cannot be read reports nothing and logs at debug; the others still report', async () => {
    // a database without pg-boss' tables nor the outbox (not migrated)
    const bare = await openTestDatabase();
    const debug: string[] = [];
    const stop = observeDatabase(bare.db, { debug: (_obj, msg) => debug.push(String(msg)) });
    try {
      const collected = await reader.collect();
      expect(collected.errors).toEqual([]);
      expect(debug.sort()).toEqual(['telemetry: job queue not read', 'telemetry: mail outbox not read']);
      // the app's own database still reports
      expect(metricNamed(collected, 'portal.jobs.queue.depth')!.dataPoints.length).toBeGreaterThan(0);
    } finally {
      stop();
      await bare.close();
    }
  });
});

describe('telemetry over OTLP/HTTP', () => {
  it('sends traces and metrics to <endpoint>/v1/traces and /v1/metrics', async () => {
    const received: { path: string; type: string; bytes: number }[] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          path: req.url ?? '',
          type: String(req.headers['content-type']),
          bytes: Buffer.concat(chunks).length,
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const t = await startTelemetry({ ...OFF, otlpEndpoint: endpoint });
    try {
      expect(t.exporters).toEqual(['otlp']);
      metrics.getMeter('test').createCounter('test.counter').add(1);
      trace.getTracer('test').startSpan('an otlp span').end();
      await t.flush();
      expect(received.some((r) => r.path === '/v1/traces' && r.bytes > 0)).toBe(true);
      expect(received.some((r) => r.path === '/v1/metrics' && r.bytes > 0)).toBe(true);
    } finally {
      await t.shutdown();
      await new Promise((r) => server.close(r));
    }
    // shut down: the API is back to no-op
    expect(telemetryEnabled()).toBe(false);
    expect(trace.getTracer('x').startSpan('y').isRecording()).toBe(false);
  });
});
