import { SpanKind, SpanStatusCode, context, trace, type Span, type Tracer } from '@opentelemetry/api';
import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/**
 * A span per SQL statement, for every dialect (embedded PGlite and the pg pool alike): `TracedDialect` wraps
 * the dialect's driver so each connection it hands out reports `executeQuery` / `streamQuery` as a CLIENT
 * span `db.query` with `db.system` / `db.system.name` = postgresql, `db.operation.name` (the statement's
 * first word) and `db.query.text` (the SQL as Kysely compiled it, with `$n` placeholders: never the
 * parameter values; cut at MAX_QUERY_TEXT characters).
 *
 * Off costs one variable read per statement: until telemetry sets a tracer (`setDbTracer`, called by
 * src/server/platform/telemetry.ts) nothing else runs. On, only statements run inside a span (a request,
 * a job) are traced: a statement nobody waits for would be a trace of its own, which is noise.
 * Transaction control (begin, commit, rollback, savepoints) goes to the driver untraced.
 */

let tracer: Tracer | undefined;

/** Turns statement spans on (a tracer) or off (undefined). */
export function setDbTracer(t: Tracer | undefined) {
  tracer = t;
}

/** Longest `db.query.text` kept (the rest is cut, marked with …). */
export const MAX_QUERY_TEXT = 2000;

const FIRST_WORD = /^\s*([A-Za-z]+)/;

/** The span of one statement, or undefined when statements are not traced now. */
function startStatementSpan(sqlText: string): Span | undefined {
  const t = tracer;
  if (t === undefined) return undefined;
  const parent = context.active();
  if (trace.getSpan(parent) === undefined) return undefined;
  const operation = FIRST_WORD.exec(sqlText)?.[1]?.toUpperCase();
  return t.startSpan(
    'db.query',
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system': 'postgresql',
        'db.system.name': 'postgresql',
        'db.query.text': sqlText.length > MAX_QUERY_TEXT ? `${sqlText.slice(0, MAX_QUERY_TEXT)}…` : sqlText,
        ...(operation ? { 'db.operation.name': operation } : {}),
      },
    },
    parent,
  );
}

function fail(span: Span, err: unknown) {
  const e = err as { message?: string; code?: unknown };
  span.setStatus({ code: SpanStatusCode.ERROR, message: e?.message ?? String(err) });
  if (typeof e?.code === 'string') span.setAttribute('db.response.status_code', e.code);
  span.setAttribute('error.type', typeof e?.code === 'string' ? e.code : 'Error');
}

class TracedConnection implements DatabaseConnection {
  declare cancelQuery?: DatabaseConnection['cancelQuery'];
  declare collectSessionInfo?: DatabaseConnection['collectSessionInfo'];
  declare killSession?: DatabaseConnection['killSession'];

  constructor(readonly inner: DatabaseConnection) {
    // the optional abilities exactly as the driver's own connection has them (Kysely looks them up)
    if (inner.cancelQuery) this.cancelQuery = (p) => inner.cancelQuery!(p);
    if (inner.collectSessionInfo) this.collectSessionInfo = () => inner.collectSessionInfo!();
    if (inner.killSession) this.killSession = (p) => inner.killSession!(p);
  }

  executeQuery<R>(q: CompiledQuery, options?: Parameters<DatabaseConnection['executeQuery']>[1]) {
    const span = startStatementSpan(q.sql);
    if (span === undefined) return this.inner.executeQuery<R>(q, options);
    return this.inner.executeQuery<R>(q, options).then(
      (result) => {
        span.end();
        return result;
      },
      (err: unknown) => {
        fail(span, err);
        span.end();
        throw err;
      },
    );
  }

  async *streamQuery<R>(
    q: CompiledQuery,
    chunkSize: number,
    options?: Parameters<DatabaseConnection['streamQuery']>[2],
  ): AsyncIterableIterator<QueryResult<R>> {
    const span = startStatementSpan(q.sql);
    if (span === undefined) {
      yield* this.inner.streamQuery<R>(q, chunkSize, options);
      return;
    }
    try {
      yield* this.inner.streamQuery<R>(q, chunkSize, options);
    } catch (err) {
      fail(span, err);
      throw err;
    } finally {
      span.end();
    }
  }
}

/** The driver's own connection behind a traced one (the driver's methods need their own object). */
const unwrap = (c: DatabaseConnection) => (c instanceof TracedConnection ? c.inner : c);

class TracedDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, TracedConnection>();
  declare savepoint?: Driver['savepoint'];
  declare rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  declare releaseSavepoint?: Driver['releaseSavepoint'];

  constructor(private readonly inner: Driver) {
    if (inner.savepoint) this.savepoint = (c, name, compile) => inner.savepoint!(unwrap(c), name, compile);
    if (inner.rollbackToSavepoint)
      this.rollbackToSavepoint = (c, name, compile) => inner.rollbackToSavepoint!(unwrap(c), name, compile);
    if (inner.releaseSavepoint)
      this.releaseSavepoint = (c, name, compile) => inner.releaseSavepoint!(unwrap(c), name, compile);
  }
  init(options?: Parameters<Driver['init']>[0]) {
    return this.inner.init(options);
  }
  async acquireConnection(options?: Parameters<Driver['acquireConnection']>[0]) {
    const c = await this.inner.acquireConnection(options);
    // one wrapper per driver connection (pg's pool reuses its clients; PGlite has one)
    let w = this.wrapped.get(c);
    if (w === undefined) {
      w = new TracedConnection(c);
      this.wrapped.set(c, w);
    }
    return w;
  }
  beginTransaction(c: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(unwrap(c), settings);
  }
  commitTransaction(c: DatabaseConnection) {
    return this.inner.commitTransaction(unwrap(c));
  }
  rollbackTransaction(c: DatabaseConnection) {
    return this.inner.rollbackTransaction(unwrap(c));
  }
  releaseConnection(c: DatabaseConnection, options?: Parameters<Driver['releaseConnection']>[1]) {
    return this.inner.releaseConnection(unwrap(c), options);
  }
  destroy(options?: Parameters<Driver['destroy']>[0]) {
    return this.inner.destroy(options);
  }
}

/** `dialect` with a span per statement (see the top of this file). */
export class TracedDialect implements Dialect {
  constructor(private readonly inner: Dialect) {}
  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }
  createDriver(): Driver {
    return new TracedDriver(this.inner.createDriver());
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }
}
