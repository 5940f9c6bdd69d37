import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../schema';

/** The seed writes through one transaction; a Transaction is a Kysely too. */
export type SeedDb = Kysely<Database>;

/** A small deterministic pseudo-random generator (mulberry32). */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 'YYYY-MM-DD' of a date (UTC). */
export const day = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(d: Date, n: number) {
  const x = new Date(d);
  x.setUTCDate(x.getUTCDate() + n);
  return x;
}

/** Monday (UTC) of the week of `d`. */
export function monday(d: Date) {
  const x = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  return addDays(x, -((x.getUTCDay() + 6) % 7));
}

/** Inserts `rows` in chunks (one multi-row INSERT per chunk), in order. */
export async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** A stable photo GUID for the n-th seeded person. */
export function guid(n: number) {
  const h = n.toString(16).padStart(12, '0');
  return `00000000-0000-4000-8000-${h}`;
}

/** The id of a master-data row named `name` (master ids are the spec's, fixed in master.ts). */
export function masterId<R extends readonly [number, string, ...unknown[]]>(
  rows: readonly R[],
  name: string,
): number {
  const row = rows.find((r) => r[1] === name);
  if (!row) throw new Error(`seed: no master row named '${name}'`);
  return row[0];
}

/** The id of the k-th row (wrapping) of a master list: variety without naming each row. */
export const nth = (rows: readonly (readonly [number, ...unknown[]])[], k: number) =>
  rows[k % rows.length]![0];

/** One DEMO project as the area seeds see it: its natural key (code), its place in DEMO-DATA.md and its id. */
export interface SeededProject {
  code: string;
  name: string;
  status: number;
  /** 1-based position in DEMO-DATA.md's table: drives the per-project variations, never the id. */
  n: number;
  id: number;
}

/** What the area seeds share: people and projects resolved by natural key in this database. */
export interface SeedContext {
  now: Date;
  thisMonday: Date;
  /** The id of a DEMO person by login (throws when the login is not seeded). */
  person(login: string): number;
  /** The DEMO projects created by this run, in DEMO-DATA.md order (the ones that already existed are left alone). */
  projects: SeededProject[];
}

/** The tables whose rows belong to one project (a `project_id` column). */
type ProjectTable = {
  [T in keyof Database]: Database[T] extends { projectId: unknown } ? T : never;
}[keyof Database];

/** A row of a project's table, its `projectId` aside. */
type ProjectRow<T extends ProjectTable> = Omit<Insertable<Database[T]>, 'projectId'>;

/** Inserts into `table` the rows `rows(p)` gives for each project (one or several), with its `projectId`. */
export async function insertPerProject<T extends ProjectTable>(
  db: SeedDb,
  table: T,
  projects: readonly SeededProject[],
  rows: (p: SeededProject) => ProjectRow<T> | ProjectRow<T>[],
) {
  const values = projects.flatMap((p) => {
    const given = rows(p);
    return (Array.isArray(given) ? given : [given]).map((row: object) => ({ projectId: p.id, ...row }));
  });
  if (values.length === 0) return;
  // one generic table: the rows are typed by the signature, the builder cannot follow T
  await db
    .insertInto(table)
    .values(values as never)
    .execute();
}
