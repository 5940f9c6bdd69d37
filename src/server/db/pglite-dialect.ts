import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * A Kysely dialect for embedded PGlite (PostgreSQL compiled to WASM).
 * PGlite runs one query at a time, so the driver hands out a single connection guarded by a queue;
 * transactions hold the connection until they commit or roll back.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg);
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private queue: Array<(c: DatabaseConnection) => void> = [];
  private busy = false;
  private readonly connection: PGliteConnection;
  constructor(pg: PGlite) {
    this.connection = new PGliteConnection(pg);
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.busy) {
      this.busy = true;
      return this.connection;
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }
  async beginTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection() {
    const next = this.queue.shift();
    if (next) next(this.connection);
    else this.busy = false;
  }
  async destroy() {}
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}
  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    if (q.parameters.length === 0 && /;\s*\S/.test(q.sql)) {
      // several statements (migrations): the simple-query protocol
      const results = await this.pg.exec(q.sql);
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as R[] };
    }
    const res = await this.pg.query<R>(q.sql, q.parameters as unknown[]);
    const affected = res.affectedRows ?? 0;
    return {
      rows: res.rows,
      ...(res.fields.length === 0 || /^\s*(insert|update|delete|merge)/i.test(q.sql)
        ? { numAffectedRows: BigInt(affected) }
        : {}),
    };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite: streaming queries are not supported');
  }
}
