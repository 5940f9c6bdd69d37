import type { PGlite } from '@electric-sql/pglite';
import { PgBoss, fromKysely, fromPglite, type Db as IDatabase, type Job } from 'pg-boss';
import type { DB } from '../../db';
import { traceJob } from '../../platform/telemetry';

/**
 * Background jobs on a queue in PostgreSQL, shared safely by any number of server replicas.
 *
 * Which queue runs where — pg-boss 12 in both modes, same tables (schema `pgboss`, installed and
 * migrated by `start()`), same claiming (`for update skip locked`), retries and backoff:
 * - PostgreSQL server (`DATABASE_URL`, DbHandle kind 'postgres'): pg-boss opens its own small pool on
 *   the connection string, plus one LISTEN connection so workers wake as soon as a job is created.
 * - Embedded PGlite (kind 'pglite'): pg-boss's PGlite adapter, but every statement goes through the
 *   Kysely driver's connection queue (`db.connection()`). PGlite has a single connection and our dialect
 *   runs transactions on it as plain BEGIN/COMMIT: a pg-boss poll talking to PGlite directly would land
 *   inside whatever request transaction is open. Queued behind Kysely, it waits for the commit instead.
 *   LISTEN/NOTIFY works in-process; polling stays on as the backstop (retries and deferred jobs).
 * A table queue of our own is not needed: pg-boss passed the checks on PGlite (tests/server/adapters/jobs.test.ts).
 *
 * Sending inside a transaction: pass `trx` (a Kysely transaction) and the job is inserted in it, so a
 * rollback removes the job too. On PGlite the queue must already exist when sending that way (declare it
 * in `createJobs({ queues })`, or `ensureQueue` / `work` it first): creating a queue needs the one
 * connection the open transaction is holding.
 */
export interface SendOptions {
  /** Retries after the first failed run (default 2). */
  retryLimit?: number;
  /** Seconds before a retry (default 0; with retryBackoff it is the base of the exponential delay). */
  retryDelay?: number;
  /** Exponential backoff: about retryDelay × 2^retryCount with jitter. */
  retryBackoff?: boolean;
  /** Upper bound of a backoff delay, in seconds. */
  retryDelayMax?: number;
  /** A key kept with the job (findable; deduplicating only on pg-boss' singleton queue policies). */
  singletonKey?: string;
  /** Run no sooner than: a Date, an ISO string, or a number of seconds from now. */
  startAfter?: Date | string | number;
  /** A Kysely transaction: the job is created in it (and disappears if it rolls back). */
  trx?: DB;
}

export interface WorkOptions {
  /** Jobs fetched per poll (default 1). */
  batchSize?: number;
  /** Parallel fetch loops in this process (default 1). */
  concurrency?: number;
  /** Idle poll interval for this worker (default: the factory's pollIntervalMs). */
  pollIntervalMs?: number;
}

export interface JobInfo {
  id: string;
  /** 0 on the first run, then 1, 2, … on retries. */
  retryCount: number;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface Jobs {
  readonly kind: 'pglite' | 'postgres';
  /** Creates the job; resolves to its id (null when a singleton policy refused it). */
  send(name: string, data: object, opts?: SendOptions): Promise<string | null>;
  /** Runs `handler` for each job of the queue; a throw fails the job (retried per its retry options). */
  work<T = Record<string, unknown>>(name: string, handler: JobHandler<T>, opts?: WorkOptions): Promise<void>;
  /** Creates the queue when missing (idempotent). */
  ensureQueue(name: string): Promise<void>;
  /** Installs / migrates pg-boss' schema, creates the declared queues and starts maintenance. */
  start(): Promise<void>;
  /** Stops polling, waits up to `timeoutMs` (default 8 s) for running handlers, closes pg-boss' pool. */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
}

export interface JobsLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface CreateJobsOptions {
  kind: 'pglite' | 'postgres';
  db: DB;
  /** PostgreSQL connection string (kind 'postgres'). */
  connectionString?: string;
  /** The embedded instance behind `db` (kind 'pglite'). */
  pglite?: PGlite;
  /** Idle poll interval of workers (default 2000 ms, at least 500 ms). */
  pollIntervalMs?: number;
  /** Queues created by `start()`. */
  queues?: string[];
  /** Connections of pg-boss' own pool on PostgreSQL (default 4). */
  poolSize?: number;
  log?: JobsLogger;
}

const consoleLogger: JobsLogger = {
  warn: (obj, msg) => console.warn(msg ?? 'jobs warning', obj),
  error: (obj, msg) => console.error(msg ?? 'jobs error', obj),
};

/** pg-boss' IDatabase over embedded PGlite, serialised with Kysely's use of the same connection. */
function pgliteAdapter(db: DB, pglite: PGlite): IDatabase {
  const inner = fromPglite(pglite);
  const adapter: IDatabase = {
    executeSql: (text, values) => db.connection().execute(() => inner.executeSql(text, values)),
  };
  const listen = inner.listen;
  if (listen) {
    adapter.listen = (channel, onNotification, onReconnect) =>
      db.connection().execute(() => listen(channel, onNotification, onReconnect));
  }
  return adapter;
}

/** A running job's worker refreshes its heartbeat every HEARTBEAT_SECONDS / 2; pg-boss' minimum is 10. */
export const HEARTBEAT_SECONDS = 10;
const SUPERVISE_SECONDS = 5;

export function createJobs(opts: CreateJobsOptions): Jobs {
  const log = opts.log ?? consoleLogger;
  const pollSeconds = Math.max(0.5, (opts.pollIntervalMs ?? 2000) / 1000);
  let boss: PgBoss;
  if (opts.kind === 'postgres') {
    if (!opts.connectionString) throw new Error('jobs: a connection string is required on PostgreSQL');
    boss = new PgBoss({
      connectionString: opts.connectionString,
      max: opts.poolSize ?? 4,
      application_name: 'portal-jobs',
      // how often stale heartbeats are looked for (pg-boss' defaults: 60 s each): a queue's expired and
      // dead-heartbeat jobs are failed (and so retried) in a pass that runs every max(supervise, monitor) seconds,
      // so both are set
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      monitorIntervalSeconds: SUPERVISE_SECONDS,
      useListenNotify: true,
      // with telemetry on, a job continues the trace that sent it (a no-op otherwise)
      openTelemetry: { propagateContext: true },
    });
  } else {
    if (!opts.pglite) throw new Error('jobs: the PGlite instance is required on the embedded database');
    boss = new PgBoss({
      db: pgliteAdapter(opts.db, opts.pglite),
      backend: 'pglite',
      useListenNotify: true,
      openTelemetry: { propagateContext: true },
    });
  }
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));

  const queues = new Map<string, Promise<void>>();
  const ready = new Set<string>();
  let started: Promise<void> | undefined;

  async function ensureQueue(name: string) {
    let p = queues.get(name);
    if (!p) {
      p = (async () => {
        // also loads the queue into pg-boss' cache: a later send inside a PGlite transaction needs no lookup
        // heartbeats: a job whose replica died (SIGKILL, a lost machine) is failed and retried about
        // HEARTBEAT_SECONDS + SUPERVISE_SECONDS after its last heartbeat (on PostgreSQL), instead of staying
        // 'active' until pg-boss' 15-minute expiry
        await boss.createQueue(name, { notify: true, heartbeatSeconds: HEARTBEAT_SECONDS });
        await boss.updateQueue(name, { heartbeatSeconds: HEARTBEAT_SECONDS }); // queues made before heartbeats
        ready.add(name);
      })();
      p.catch(() => queues.delete(name));
      queues.set(name, p);
    }
    await p;
  }

  return {
    kind: opts.kind,
    ensureQueue,
    async start() {
      started ??= (async () => {
        await boss.start();
        for (const q of opts.queues ?? []) await ensureQueue(q);
      })();
      await started;
    },
    async stop({ timeoutMs = 8000 } = {}) {
      if (!started) return;
      await started.catch(() => undefined);
      await boss.stop({ graceful: true, close: true, timeout: timeoutMs });
    },
    async send(name, data, o = {}) {
      const inTransaction = o.trx?.isTransaction === true;
      if (!ready.has(name)) {
        if (inTransaction && opts.kind === 'pglite') {
          throw new Error(`jobs: queue ${name} must exist before sending inside a transaction on PGlite`);
        }
        await ensureQueue(name);
      }
      const options: Record<string, unknown> = {
        retryLimit: o.retryLimit,
        retryDelay: o.retryDelay,
        retryBackoff: o.retryBackoff,
        retryDelayMax: o.retryDelayMax,
        singletonKey: o.singletonKey,
        startAfter: o.startAfter,
      };
      // pg-boss validates the keys it is given: leave out the unset ones
      for (const k of Object.keys(options)) if (options[k] === undefined) delete options[k];
      if (inTransaction) options.db = fromKysely(o.trx!);
      return boss.send(name, data, options);
    },
    async work<T>(name: string, handler: JobHandler<T>, w: WorkOptions = {}) {
      await ensureQueue(name);
      const seconds = w.pollIntervalMs !== undefined ? Math.max(0.5, w.pollIntervalMs / 1000) : pollSeconds;
      const batchSize = w.batchSize ?? 1;
      await boss.work<T>(
        name,
        {
          batchSize,
          localConcurrency: w.concurrency ?? 1,
          pollingIntervalSeconds: seconds,
          // retries and deferred jobs send no NOTIFY: keep polling at the same pace while LISTEN is active
          notifyPollingIntervalSeconds: seconds,
          burstWhenBatchFull: batchSize > 1,
          perJobResults: true,
        },
        async (jobs: Job<T>[]) => {
          const results = [];
          for (const job of jobs) {
            try {
              const info = { id: job.id, retryCount: job.retryCount };
              // a `job <queue>` span when telemetry is on (src/server/platform/telemetry.ts)
              await traceJob(name, info, () => handler(job.data, info));
              results.push({ id: job.id, status: 'completed' as const });
            } catch (err) {
              log.warn({ err, queue: name, jobId: job.id, retryCount: job.retryCount }, 'job failed');
              const e = err as Error;
              results.push({
                id: job.id,
                status: 'failed' as const,
                output: { message: e?.message ?? String(err) },
              });
            }
          }
          return results;
        },
      );
    },
  };
}
