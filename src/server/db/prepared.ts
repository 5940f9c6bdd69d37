import { CompiledQuery, type Compilable } from 'kysely';
import type { DB } from './index';
import { PREPARED_MARK } from './pglite-dialect';

/** A parameter's stand-in while a prepared statement is compiled. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A statement built and compiled once, then run with each call's values (for the statements every request runs:
 * the access step, the KPI poll). Building and compiling a Kysely query costs ~0.15 ms of CPU each time — as much as
 * PostgreSQL takes to answer these; a prepared statement keeps only the driver's work.
 *
 * `build` must give the same statement whatever its arguments (no branch on them, no value computed from them): it
 * is called once, with stand-ins, and each stand-in's place among the compiled parameters is where that argument's
 * value goes on every call. Constants of the query stay as compiled. Results go through the database's plugins
 * (snake_case → camelCase) as any query's do. The statement is marked (PREPARED_MARK, an SQL comment) so that the
 * driver may keep it prepared in the database: the embedded one does (pglite-dialect.ts PreparedStatements).
 */
export function prepared<A extends unknown[], O>(build: (db: DB, ...args: A) => Compilable<O>) {
  let compiled: { sql: string; parameters: readonly unknown[]; slots: (number | undefined)[] } | undefined;
  return async (db: DB, ...args: A): Promise<O[]> => {
    if (!compiled) {
      const stand = args.map((_, i) => new Slot(i)) as A;
      const c = build(db, ...stand).compile();
      const slots = c.parameters.map((p) => (p instanceof Slot ? p.index : undefined));
      const missing = args.findIndex((_, i) => !slots.includes(i));
      if (missing >= 0) throw new Error(`prepared: argument ${missing} is not a parameter of the statement`);
      compiled = { sql: PREPARED_MARK + c.sql, parameters: c.parameters, slots };
    }
    const { sql, parameters, slots } = compiled;
    const values = parameters.map((p, i) => (slots[i] === undefined ? p : args[slots[i]!]));
    return (await db.executeQuery(CompiledQuery.raw(sql, values))).rows as O[];
  };
}

/** Names of the marked statements on PostgreSQL (the same text, the same name, on every connection). */
const pgNames = new Map<string, string>();
let named = 0;
const nextName = () => `portal_${++named}`;
/** PostgreSQL's error when a prepared statement's result columns changed under it. */
export const STALE_PLAN = '0A000';
const PATCHED = Symbol('prepared statements');

interface QueryClient {
  query: (...args: unknown[]) => unknown;
  [PATCHED]?: true;
}

/**
 * PostgreSQL: a marked statement (PREPARED_MARK) is sent as a named statement, which pg prepares once per
 * connection and then only binds and executes (the planner's work per call gone). Every client the pool hands out
 * gets this; other statements are sent as before.
 */
export function preparedStatementsOn<P extends { connect: (...args: never[]) => unknown }>(pool: P): P {
  const connect = (pool.connect as () => Promise<QueryClient>).bind(pool);
  (pool as unknown as { connect: () => Promise<QueryClient> }).connect = async () => {
    const client = await connect();
    if (!client[PATCHED]) {
      const query = client.query.bind(client);
      client.query = (text: unknown, values?: unknown) => {
        if (typeof text !== 'string' || !text.startsWith(PREPARED_MARK)) return query(text, values);
        let name = pgNames.get(text);
        if (!name) pgNames.set(text, (name = nextName()));
        return (query({ name, text, values }) as Promise<unknown>).catch((e: { code?: string }) => {
          // "cached plan must not change result type": a migration changed a table under the statement (a
          // newer replica's): prepared again under a new name
          if (e?.code !== STALE_PLAN) throw e;
          pgNames.set(text, (name = nextName()));
          return query({ name, text, values });
        });
      };
      client[PATCHED] = true;
    }
    return client;
  };
  return pool;
}
