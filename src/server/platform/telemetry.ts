import {
  SpanStatusCode,
  context,
  metrics,
  propagation,
  trace,
  type Attributes,
  type BatchObservableCallback,
  type Counter,
  type Histogram,
  type Meter,
  type ObservableGauge,
  type Tracer,
} from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { MetricReader } from '@opentelemetry/sdk-metrics';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-node';
import type { FastifyOtelInstrumentation } from '@fastify/otel';
import type { Config } from '../config';
import type { DB } from '../db';
import { setDbTracer } from '../db/traced-dialect';

/**
 * OpenTelemetry: traces of requests, SQL statements and jobs; metrics of requests, the job queue and the
 * mail outbox. Exported to Azure Monitor when APPLICATIONINSIGHTS_CONNECTION_STRING is set
 * (@azure/monitor-opentelemetry, loaded only then), over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set
 * (both when both are), nowhere otherwise.
 *
 * Off (the default) nothing is registered with the OpenTelemetry API and no SDK is even loaded:
 * `requestTelemetry` adds no hook, statements and jobs skip their spans after one variable read, and log
 * lines look for an active span that never exists.
 *
 * On:
 * - requests: @fastify/otel, a SERVER span per request named `<METHOD> <route template>` with `http.route`,
 *   `http.request.method`, `http.response.status_code` and `url.path` (without the query string: download
 *   links carry their secret there); status ERROR for a 5xx only, with the exception recorded. /health and
 *   /ready are not traced. Metrics: `http.server.request.duration` (histogram, seconds) and
 *   `portal.http.server.errors` (counter of 5xx answers), both by route, method and status code.
 * - SQL: a `db.query` span per statement inside a request or a job (src/server/db/traced-dialect.ts).
 * - jobs: a `job <queue>` span around each handler run (`traceJob`, src/server/adapters/jobs), inside
 *   pg-boss's own `process <queue>` span (pg-boss 12 reports its sends, runs and settles itself).
 * - gauges, read from the database only when the metrics are collected: `portal.jobs.queue.depth` and
 *   `portal.jobs.queue.oldest_age` (seconds) by queue, `portal.mail.outbox.backlog`.
 * - every log line written inside a span carries its `trace_id` and `span_id` (src/server/log.ts).
 */

export type TelemetryConfig = Config['telemetry'];

export interface TelemetryOptions {
  /** Also send every span here as it ends (tests: InMemorySpanExporter). */
  spanExporter?: SpanExporter;
  /** Also give the metrics to this reader (tests: a reader they collect on demand). */
  metricReader?: MetricReader;
  /** How often metrics are pushed over OTLP (default 60 s). */
  metricExportIntervalMs?: number;
}

export interface Telemetry {
  /** False when nothing is configured: nothing was registered. */
  readonly enabled: boolean;
  /** Where telemetry goes: 'azure-monitor', 'otlp', 'custom' (the options' exporter / reader). */
  readonly exporters: readonly string[];
  /** Exports what is buffered now. */
  flush(): Promise<void>;
  /** Flushes, then unregisters everything (idempotent; never rejects). */
  shutdown(): Promise<void>;
}

/** What the instrumentation uses while telemetry runs (module state: one OpenTelemetry API per process). */
interface Active {
  tracer: Tracer;
  meter: Meter;
  fastifyOtel: FastifyOtelInstrumentation;
  requestDuration: Histogram;
  serverErrors: Counter;
  queueDepth: ObservableGauge;
  queueOldestAge: ObservableGauge;
  outboxBacklog: ObservableGauge;
}

let active: Active | undefined;

const SCOPE = 'project-portal';

/** The semantic conventions' advice for http.server.request.duration (seconds). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/** Probes: not traced (a load balancer calls them every few seconds). */
const UNTRACED = /^\/(?:health|ready)(?:[/?]|$)/i;

const DISABLED: Telemetry = {
  enabled: false,
  exporters: [],
  flush: async () => {},
  shutdown: async () => {},
};

type Flushable = { forceFlush?(): Promise<void>; getDelegate?(): Flushable };

/**
 * Starts telemetry as configured (call once, before the app is built). Without a connection string, an
 * endpoint or a test exporter, returns a disabled handle and registers nothing.
 */
export async function startTelemetry(
  config: TelemetryConfig,
  opts: TelemetryOptions = {},
): Promise<Telemetry> {
  const exporters: string[] = [];
  if (config.azureMonitorConnectionString) exporters.push('azure-monitor');
  if (config.otlpEndpoint) exporters.push('otlp');
  if (opts.spanExporter || opts.metricReader) exporters.push('custom');
  if (exporters.length === 0) return DISABLED;
  if (active) throw new Error('telemetry: already started (shut the running one down first)');

  const [{ resourceFromAttributes }, traceSdk] = await Promise.all([
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-node'),
  ]);
  const resource = resourceFromAttributes({ 'service.name': config.serviceName });
  const spanProcessors: SpanProcessor[] = [];
  const metricReaders: MetricReader[] = [];
  if (config.otlpEndpoint) {
    const base = config.otlpEndpoint.replace(/\/+$/, '');
    const [{ OTLPTraceExporter }, { OTLPMetricExporter }, { PeriodicExportingMetricReader }] =
      await Promise.all([
        import('@opentelemetry/exporter-trace-otlp-http'),
        import('@opentelemetry/exporter-metrics-otlp-http'),
        import('@opentelemetry/sdk-metrics'),
      ]);
    // headers (OTEL_EXPORTER_OTLP_HEADERS) and timeouts come from the standard variables
    spanProcessors.push(new traceSdk.BatchSpanProcessor(new OTLPTraceExporter({ url: `${base}/v1/traces` })));
    metricReaders.push(
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter({ url: `${base}/v1/metrics` }),
        exportIntervalMillis: opts.metricExportIntervalMs ?? 60_000,
      }),
    );
  }
  if (opts.spanExporter) spanProcessors.push(new traceSdk.SimpleSpanProcessor(opts.spanExporter));
  if (opts.metricReader) metricReaders.push(opts.metricReader);

  let stopProviders: () => Promise<void>;
  if (config.azureMonitorConnectionString) {
    const azure = await import('@azure/monitor-opentelemetry');
    azure.useAzureMonitor({
      azureMonitorExporterOptions: { connectionString: config.azureMonitorConnectionString },
      resource,
      spanProcessors,
      metricReaders,
      instrumentationOptions: {
        // requests come from @fastify/otel and statements from our dialect: the distro's http and pg
        // patches would report them twice (and patch modules loaded before this ran only partly)
        http: { enabled: false },
        postgreSql: { enabled: false },
        mongoDb: { enabled: false },
        mySql: { enabled: false },
        redis: { enabled: false },
        redis4: { enabled: false },
      },
    });
    stopProviders = () => azure.shutdownAzureMonitor();
  } else {
    const { MeterProvider } = await import('@opentelemetry/sdk-metrics');
    const tracerProvider = new traceSdk.NodeTracerProvider({ resource, spanProcessors });
    // the global tracer provider, AsyncLocalStorage context and W3C trace-context + baggage propagation
    tracerProvider.register();
    const meterProvider = new MeterProvider({ resource, readers: metricReaders });
    metrics.setGlobalMeterProvider(meterProvider);
    stopProviders = async () => {
      await Promise.allSettled([tracerProvider.shutdown(), meterProvider.shutdown()]);
    };
  }

  const { FastifyOtelInstrumentation } = await import('@fastify/otel');
  const fastifyOtel = new FastifyOtelInstrumentation({
    // a request span (and our statement spans under it); a span per hook would multiply the cost
    instrumentHooks: false,
    instrumentHandler: false,
    // exceptions are recorded for 5xx answers only (requestTelemetry's onError / onSend)
    recordExceptions: false,
    ignorePaths: (r) => UNTRACED.test(r.url),
    requestHook(span, request) {
      const route = request.routeOptions.url;
      span.updateName(route ? `${request.method} ${route}` : request.method);
      const q = request.url.indexOf('?');
      if (q >= 0) span.setAttribute('url.path', request.url.slice(0, q));
      span.setAttribute('url.scheme', request.protocol);
      span.setAttribute('server.address', request.hostname);
    },
  });
  fastifyOtel.setTracerProvider(trace.getTracerProvider());

  const tracer = trace.getTracer(SCOPE);
  const meter = metrics.getMeter(SCOPE);
  active = {
    tracer,
    meter,
    fastifyOtel,
    requestDuration: meter.createHistogram('http.server.request.duration', {
      description: 'Duration of HTTP server requests.',
      unit: 's',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    }),
    serverErrors: meter.createCounter('portal.http.server.errors', {
      description: 'HTTP answers with a 5xx status.',
      unit: '{response}',
    }),
    queueDepth: meter.createObservableGauge('portal.jobs.queue.depth', {
      description: 'Jobs due and waiting for a worker (created or retry, not deferred), by queue.',
      unit: '{job}',
    }),
    queueOldestAge: meter.createObservableGauge('portal.jobs.queue.oldest_age', {
      description: 'How long the oldest due job of the queue has been waiting (0 when none).',
      unit: 's',
    }),
    outboxBacklog: meter.createObservableGauge('portal.mail.outbox.backlog', {
      description: 'Messages of the mail outbox not sent yet.',
      unit: '{message}',
    }),
  };
  setDbTracer(tracer);

  let stopped: Promise<void> | undefined;
  const flush = async () => {
    const tp = trace.getTracerProvider() as Flushable;
    const mp = metrics.getMeterProvider() as Flushable;
    await Promise.allSettled([(tp.getDelegate?.() ?? tp).forceFlush?.(), mp.forceFlush?.()]);
  };
  return {
    enabled: true,
    exporters,
    flush,
    shutdown() {
      stopped ??= (async () => {
        fastifyOtel.disable();
        setDbTracer(undefined);
        active = undefined;
        try {
          // an exporter that cannot be reached at exit is not worth a failed shutdown
          await stopProviders().catch(() => undefined);
        } finally {
          trace.disable();
          metrics.disable();
          propagation.disable();
          context.disable();
        }
      })();
      return stopped;
    },
  };
}

/** Whether telemetry runs now. */
export function telemetryEnabled(): boolean {
  return active !== undefined;
}

/**
 * Runs one job's handler in a `job <queue>` span (queue, job id, retry count; status ERROR with the
 * exception when it throws). Without telemetry, just runs it.
 */
export function traceJob<T>(queue: string, job: { id: string; retryCount: number }, run: () => Promise<T>) {
  const t = active;
  if (t === undefined) return run();
  return t.tracer.startActiveSpan(
    `job ${queue}`,
    {
      attributes: {
        'messaging.system': 'pg-boss',
        'messaging.destination.name': queue,
        'messaging.message.id': job.id,
        'pgboss.job.retry_count': job.retryCount,
      },
    },
    async (span) => {
      try {
        return await run();
      } catch (err) {
        const e = err as Error;
        span.recordException(e instanceof Error ? e : String(err));
        span.setStatus({ code: SpanStatusCode.ERROR, message: e?.message ?? String(err) });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

interface DebugLog {
  debug(obj: object, msg?: string): void;
}

/**
 * Reports the job queue and the mail outbox on every metrics collection (nothing runs in between).
 * A failed read (pg-boss not installed yet, database away) is logged at debug and reports nothing.
 * Returns the function that stops it.
 */
export function observeDatabase(db: DB, log: DebugLog): () => void {
  const t = active;
  if (t === undefined) return () => {};
  const callback: BatchObservableCallback = async (result) => {
    const [queues, outbox] = await Promise.allSettled([
      // due jobs by queue, through pg-boss' partial index of waiting jobs (job_i11: state < active, not blocked)
      sql<{ queue: string; depth: number; oldest: number }>`
        select q.name as queue, count(j.id)::int as depth,
          coalesce(extract(epoch from now() - min(j.start_after)), 0)::float8 as oldest
        from pgboss.queue q
        left join pgboss.job j
          on j.name = q.name and j.state < 'active' and not j.blocked and j.start_after <= now()
        group by q.name`.execute(db),
      // the outbox's partial index of unsent rows (mail_outbox_pending_idx)
      db
        .selectFrom('mailOutbox')
        .select((eb) => eb.fn.countAll<number>().as('backlog'))
        .where('sentAt', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    if (queues.status === 'fulfilled') {
      for (const r of queues.value.rows) {
        const attributes = { queue: r.queue };
        result.observe(t.queueDepth, Number(r.depth), attributes);
        result.observe(t.queueOldestAge, Math.max(0, Number(r.oldest)), attributes);
      }
    } else log.debug({ err: queues.reason }, 'telemetry: job queue not read');
    if (outbox.status === 'fulfilled') result.observe(t.outboxBacklog, Number(outbox.value.backlog));
    else log.debug({ err: outbox.reason }, 'telemetry: mail outbox not read');
  };
  const observables = [t.queueDepth, t.queueOldestAge, t.outboxBacklog];
  t.meter.addBatchObservableCallback(callback, observables);
  return () => t.meter.removeBatchObservableCallback(callback, observables);
}

/**
 * The request side of telemetry, registered first in buildApp: @fastify/otel's request spans, the request
 * metrics and the database gauges. Registers nothing when telemetry is off.
 */
export const requestTelemetry = fp(
  async (app: FastifyInstance) => {
    const t = active;
    if (t === undefined) return;
    await app.register(t.fastifyOtel.plugin());

    // @fastify/otel marks its span ERROR for every error a route throws, 4xx included; a 4xx is the
    // client's and leaves the status unset (semantic conventions). 5xx: ERROR set by @fastify/otel when
    // the answer is sent, and the exception recorded here.
    app.addHook('onRoute', (route) => {
      const hooks = route.onError;
      if (Array.isArray(hooks)) route.onError = hooks.filter((h) => h.name !== 'recordErrorInSpanHook');
      else if (hooks?.name === 'recordErrorInSpanHook') route.onError = undefined;
    });
    // onError runs before the error handler chose the status: the error waits for onSend (which runs
    // before @fastify/otel's own onSend ends the span)
    const failures = new WeakMap<object, Error>();
    app.addHook('onError', (request, _reply, error, done) => {
      failures.set(request, error);
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (reply.statusCode >= 500) {
        const error = failures.get(request);
        if (error) request.opentelemetry().span?.recordException(error);
      }
      done(null, payload);
    });
    // Back into the request's context once its body is read (the body arrives through the socket's
    // events): what follows (hooks, handler, their SQL spans and log lines) stays in the request's trace
    // whatever the runtime's context propagation does there (Node 24 keeps it; the hook is insurance).
    app.addHook('preValidation', (request, _reply, done) => {
      const requestContext = request.opentelemetry().context;
      if (requestContext) context.with(requestContext, done);
      else done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      const status = reply.statusCode;
      const attributes: Attributes = {
        'http.request.method': request.method,
        'http.response.status_code': status,
      };
      const route = request.routeOptions.url;
      if (route) attributes['http.route'] = route;
      t.requestDuration.record(reply.elapsedTime / 1000, attributes);
      if (status >= 500) t.serverErrors.add(1, attributes);
      done();
    });

    // the database is decorated after this plugin: read it once the app is ready
    let stop: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stop = observeDatabase(app.db, app.log);
    });
    app.addHook('onClose', async () => stop?.());
  },
  { name: 'portal-telemetry' },
);
