import type {
  Expression,
  ExpressionBuilder,
  Kysely,
  Selectable,
  Updateable,
  UpdateQueryBuilder,
  UpdateResult,
} from 'kysely';
import type { DB } from '../db';
import type { Database } from '../db/schema';

/**
 * Writes of versioned records (versions.ts: ETag / If-Match). Every such write is
 * `update <table> set …values, version = version + 1[, updated_at = now] where … [and version = expected]`;
 * the repos say which rows and which values, this file says the rest once.
 */

/** The tables whose rows carry a `version`. */
export type VersionedTable = {
  [T in keyof Database]: Database[T] extends { version: unknown } ? T : never;
}[keyof Database];

/** Of those, the ones with `updated_at`: every versioned write stamps it. */
type StampedTable = {
  [T in VersionedTable]: Database[T] extends { updatedAt: unknown } ? T : never;
}[VersionedTable];

/** Every table of StampedTable, no other (the compiler checks both ways when the schema changes). */
const STAMPED: Record<StampedTable, true> = {
  allocationStatuses: true,
  businessUnits: true,
  clients: true,
  comanagements: true,
  crmAreaPositions: true,
  crmClassifications: true,
  crmGeographies: true,
  crmIndustries: true,
  crmLanguages: true,
  crmOffices: true,
  evaluationCycles: true,
  geographicScopes: true,
  geographics: true,
  languages: true,
  methodologies: true,
  offices: true,
  positions: true,
  practices: true,
  professionals: true,
  scimGroups: true,
  segments: true,
  toolkits: true,
  closureExternal: true,
  closureInternal: true,
  onePages: true,
  projectEvaluations: true,
  projectSessions: true,
  projectToolkits: true,
  projectTrainingDevelopment: true,
  projects: true,
  setupAssessments: true,
  weeklyStatuses: true,
};

/** What a versioned write may set: the row's columns but its version (`updatedAt` defaults to now). */
export type VersionedValues<T extends VersionedTable> = Omit<Updateable<Database[T]>, 'version'>;

/** Which rows: every column given must equal its value. */
export type RowMatch<T extends VersionedTable> = Partial<Selectable<Database[T]>>;

type AnyUpdate = UpdateQueryBuilder<any, any, any, UpdateResult>;

/**
 * `update <table> set …values, version = version + 1[, updated_at = now]` without its `where`: for writes of
 * several rows or with conditions other than equality (the caller adds them, typed by Kysely).
 */
export function versionedUpdate<T extends VersionedTable>(
  db: DB,
  table: T,
  values: VersionedValues<T>,
): UpdateQueryBuilder<Database, T, T, UpdateResult> {
  const stamp = Object.hasOwn(STAMPED, table) ? { updatedAt: new Date() } : {};
  const q = (db as unknown as Kysely<any>)
    .updateTable(table as string)
    .set((eb: ExpressionBuilder<any, any>) => ({ ...stamp, ...values, version: eb('version', '+', 1) }));
  return q as unknown as UpdateQueryBuilder<Database, T, T, UpdateResult>;
}

/** The rows of `match` (each column equal to its value) added to an update. */
function whereMatch(q: AnyUpdate, match: Record<string, unknown>): AnyUpdate {
  for (const [column, value] of Object.entries(match)) {
    if (value === undefined) throw new Error(`versioned update: no value for ${column}`);
    q = q.where(column, '=', value);
  }
  return q;
}

/**
 * Updates the rows of `match` (bumping their version, stamping `updatedAt` where the table has it); with
 * `expectedVersion`, only while at that version. Whether exactly one row changed (false: stale or gone).
 */
export async function updateVersioned<T extends VersionedTable>(
  db: DB,
  table: T,
  match: RowMatch<T>,
  values: VersionedValues<T>,
  expectedVersion?: number,
): Promise<boolean> {
  let q = whereMatch(versionedUpdate(db, table, values) as unknown as AnyUpdate, match);
  if (expectedVersion !== undefined) q = q.where('version', '=', expectedVersion);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

/** Updates every row of `match` (bumping versions as updateVersioned does); how many changed. */
export async function updateVersionedRows<T extends VersionedTable>(
  db: DB,
  table: T,
  match: RowMatch<T>,
  values: VersionedValues<T>,
): Promise<number> {
  const q = whereMatch(versionedUpdate(db, table, values) as unknown as AnyUpdate, match);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

/** The id of a row of `match` (each column equal to its value), undefined when none: the one-row-per-key checks. */
export function findRowId<T extends VersionedTable>(
  db: DB,
  table: T,
  match: RowMatch<T>,
): Promise<{ id: number } | undefined> {
  let q = (db as unknown as Kysely<any>).selectFrom(table as string).select('id');
  for (const [column, value] of Object.entries(match)) q = q.where(column, '=', value);
  return q.executeTakeFirst();
}

/** `<table>.version + 1`: the version an upsert's `do update set` writes (plain `version` is ambiguous there). */
export const nextVersion = <T extends VersionedTable>(
  eb: ExpressionBuilder<any, any>,
  table: T,
): Expression<number> => eb(`${table as string}.version`, '+', 1);
