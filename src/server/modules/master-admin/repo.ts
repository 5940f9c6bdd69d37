import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  MASTER_LIST_KEYS,
  MASTER_LISTS,
  type MasterListDef,
  type MasterListKey,
} from '@domain/rules/master-lists';
import type { DB } from '../../db';
import { versionedUpdate } from '../../platform/versioned-update';

/**
 * The SQL of Admin › Master data: each list's table (the catalogue's, camelCase in Kysely), its rows, the list's
 * lock and version, the uses of its items (every record that holds one) and its history.
 */

/** Kysely without the schema's table types: the list's table is chosen at run time from the catalogue. */
const anyDb = (db: DB) => db as unknown as Kysely<any>;

/** The SQL name of a list's table. */
export const sqlTable = (def: MasterListDef) => def.table.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The columns of a list's table the catalogue's fields are (segmentIds lives in client_segments). */
export const columnFields = (def: MasterListDef) => def.fields.filter((f) => f.type !== 'refs');

/** A row of a master table as read here: id, its catalogue columns, status and version. */
export interface MasterRow {
  id: number;
  /** Offered for new records ({@link activeSql}). */
  active: boolean;
  deactivatedAt: Date | null;
  version: number;
  updatedAt: Date;
  [column: string]: unknown;
}

/**
 * Whether an item is offered for new records: not deactivated — and, for toolkits, `is_active` (the flag the
 * toolkit pickers read; toolkits retired before the portal administered its lists have only that).
 */
export const activeSql = (def: MasterListDef) =>
  def.key === 'toolkits'
    ? sql<boolean>`(deactivated_at is null and is_active)`
    : sql<boolean>`(deactivated_at is null)`;

/** The expression naming an item as its list compares names (folded: see portal_fold). */
const foldedKey = (def: MasterListDef) =>
  def.key === 'evaluation-cycles'
    ? sql<string>`portal_fold(period || ' ' || year::text)`
    : sql<string>`portal_fold(name)`;

/** Holds the list's advisory lock until the transaction ends: one writer of a list's names and ids at a time. */
export async function lockList(trx: DB, key: MasterListKey) {
  await sql`select pg_advisory_xact_lock(hashtext(${`master:${key}`}))`.execute(trx);
}

/** The next id of a list (its ids have no sequence): max(id) + 1, under the list's lock. */
export async function nextId(trx: DB, def: MasterListDef): Promise<number> {
  const row = await anyDb(trx)
    .selectFrom(def.table)
    .select(sql<number>`coalesce(max(id), 0) + 1`.as('next'))
    .executeTakeFirstOrThrow();
  return Number(row.next);
}

/** Every list's version (`list_versions('master:<list>')`, moved by triggers — migration 0019). */
export async function listVersions(db: DB): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('listVersions')
    .select(['name', 'version'])
    .where('name', 'like', 'master:%')
    .execute();
  return new Map(rows.map((r) => [r.name.slice('master:'.length), Number(r.version)]));
}

/** One list's version. */
export async function listVersion(db: DB, key: MasterListKey): Promise<number> {
  const row = await db
    .selectFrom('listVersions')
    .select('version')
    .where('name', '=', `master:${key}`)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** Active and inactive counts of every list, in one statement. */
export async function listCounts(db: DB): Promise<Map<string, { active: number; inactive: number }>> {
  const parts = MASTER_LIST_KEYS.map(
    (key) =>
      sql`select ${key}::text as list, (count(*) filter (where ${activeSql(MASTER_LISTS[key])}))::int as active, (count(*) filter (where not ${activeSql(MASTER_LISTS[key])}))::int as inactive from ${sql.table(sqlTable(MASTER_LISTS[key]))}`,
  );
  const { rows } = await sql<{ list: string; active: number; inactive: number }>`${sql.join(
    parts,
    sql` union all `,
  )}`.execute(db);
  return new Map(rows.map((r) => [r.list, { active: Number(r.active), inactive: Number(r.inactive) }]));
}

/** The columns of a MasterRow. */
const rowColumns = (def: MasterListDef) => [
  'id',
  activeSql(def).as('active'),
  'deactivatedAt',
  'version',
  'updatedAt',
  ...columnFields(def).map((f) => f.key),
];

export interface RowQuery {
  search?: string;
  status: 'all' | 'active' | 'inactive';
  skip: number;
  take: number;
}

/** A page of a list's rows by label (folded search), with the total of the filter. */
export async function findRows(
  db: DB,
  def: MasterListDef,
  q: RowQuery,
): Promise<{ rows: MasterRow[]; total: number }> {
  let base = anyDb(db).selectFrom(def.table);
  if (q.status === 'active') base = base.where(activeSql(def));
  if (q.status === 'inactive') base = base.where(sql<boolean>`not ${activeSql(def)}`);
  const search = q.search?.trim();
  if (search) base = base.where(sql<boolean>`strpos(${foldedKey(def)}, portal_fold(${search})) > 0`);
  let page = base.select(rowColumns(def));
  page =
    def.key === 'evaluation-cycles'
      ? page.orderBy('year', 'desc').orderBy('period').orderBy('id')
      : page.orderBy(sql`lower(name)`).orderBy('id');
  const [rows, count] = await Promise.all([
    page.offset(q.skip).limit(q.take).execute() as Promise<MasterRow[]>,
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One row of a list. */
export function findRow(db: DB, def: MasterListDef, id: number): Promise<MasterRow | undefined> {
  return anyDb(db)
    .selectFrom(def.table)
    .select(rowColumns(def))
    .where('id', '=', id)
    .executeTakeFirst() as Promise<MasterRow | undefined>;
}

/**
 * The row of the list whose name folds to the same as `values`' (evaluation cycles: period and year), other than
 * `exceptId`: the uniqueness check and the importer's lookup.
 */
export function findByFolded(
  db: DB,
  def: MasterListDef,
  values: Readonly<Record<string, unknown>>,
  exceptId?: number,
): Promise<MasterRow | undefined> {
  const probe =
    def.key === 'evaluation-cycles'
      ? `${String(values.period ?? '')} ${String(values.year ?? '')}`
      : String(values.name ?? '');
  let q = anyDb(db)
    .selectFrom(def.table)
    .select(rowColumns(def))
    .where(sql<boolean>`${foldedKey(def)} = portal_fold(${probe})`);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return q.orderBy('id').executeTakeFirst() as Promise<MasterRow | undefined>;
}

/** The labels and status of items of a list by id (refs shown by name; new references checked for status). */
export async function labelsOf(
  db: DB,
  def: MasterListDef,
  ids: readonly number[],
): Promise<Map<number, { label: string; active: boolean }>> {
  if (ids.length === 0) return new Map();
  const label =
    def.key === 'evaluation-cycles' ? sql<string>`period || ' ' || year::text` : sql<string>`name`;
  const rows = await anyDb(db)
    .selectFrom(def.table)
    .select(['id', label.as('label'), activeSql(def).as('active')])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id as number, { label: r.label as string, active: r.active === true }]));
}

export async function insertRow(trx: DB, def: MasterListDef, values: Record<string, unknown>) {
  await anyDb(trx).insertInto(def.table).values(values).execute();
}

/** Writes a row's columns while it is at `onlyVersion` (version + 1, updated_at); whether it was written. */
export async function updateRow(
  trx: DB,
  def: MasterListDef,
  id: number,
  values: Record<string, unknown>,
  onlyVersion: number,
): Promise<boolean> {
  const r = await versionedUpdate(trx, def.table as 'practices', values)
    .where('id', '=', id)
    .where('version', '=', onlyVersion)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Deletes a row while it is at `onlyVersion`; whether it was deleted. */
export async function deleteRow(trx: DB, def: MasterListDef, id: number, onlyVersion: number) {
  const r = await anyDb(trx)
    .deleteFrom(def.table)
    .where('id', '=', id)
    .where('version', '=', onlyVersion)
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** Evaluation cycles: every other cycle stops being the active one (one active cycle at a time). */
export async function clearOtherActiveCycles(trx: DB, id: number) {
  await versionedUpdate(trx, 'evaluationCycles', { isActive: false })
    .where('isActive', '=', true)
    .where('id', '<>', id)
    .execute();
}

/** Business units: professionals hold their units by name — a rename follows into their lists. */
export async function renameBusinessUnit(trx: DB, from: string, to: string) {
  await versionedUpdate(trx, 'professionals', {
    businessUnits: sql`array_replace(business_units, ${from}, ${to})` as unknown as string[],
  })
    .where(sql<boolean>`${from} = any(business_units)`)
    .execute();
}

// --- clients' segments ---------------------------------------------------------------------------

/** The segments of clients (id order), per client. */
export async function segmentsOf(db: DB, clientIds: readonly number[]) {
  const out = new Map<number, { segmentId: number; segmentLevel: number }[]>();
  if (clientIds.length === 0) return out;
  const rows = await db
    .selectFrom('clientSegments')
    .select(['clientId', 'segmentId', 'segmentLevel'])
    .where('clientId', 'in', [...clientIds])
    .orderBy('segmentLevel')
    .orderBy('segmentId')
    .execute();
  for (const r of rows) out.set(r.clientId, [...(out.get(r.clientId) ?? []), r]);
  return out;
}

/** The client's segments become `segments` (with their levels). */
export async function replaceSegments(
  trx: DB,
  clientId: number,
  segments: readonly { segmentId: number; segmentLevel: number }[],
) {
  await trx.deleteFrom('clientSegments').where('clientId', '=', clientId).execute();
  if (segments.length > 0)
    await trx
      .insertInto('clientSegments')
      .values(segments.map((s) => ({ clientId, ...s })))
      .execute();
}

// --- uses: every record that holds an item ----------------------------------------------------------

/** One kind of record that holds items of a list: its name (plural) and the count per item id. */
interface Use {
  what: string;
  count: (ids: readonly number[]) => RawBuilder<{ id: number; n: number }>;
}

const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** Rows of `table` whose `column` is the item (`distinct`: count that column's distinct values instead). */
const fk = (what: string, table: string, column: string, distinct?: string): Use => ({
  what,
  count: (ids) =>
    sql<{
      id: number;
      n: number;
    }>`select ${sql.ref(column)} as id, count(${distinct ? sql`distinct ${sql.ref(distinct)}` : sql`*`})::int as n from ${sql.table(table)} where ${sql.ref(column)} = any(${idArray(ids)}) group by 1`,
});

/** Rows of `table` whose text `column` names the item (folded), e.g. a stakeholder's position. */
const byName = (what: string, master: string, table: string, column: string): Use => ({
  what,
  count: (ids) =>
    sql<{
      id: number;
      n: number;
    }>`select m.id, count(*)::int as n from ${sql.table(master)} m join ${sql.table(table)} t on portal_fold(t.${sql.ref(column)}) = portal_fold(m.name) where m.id = any(${idArray(ids)}) group by m.id`,
});

/** CRM contacts whose data names the item in one of `keys` (by id or by name; a list or one value). */
const crm = (master: string, keys: readonly string[]): Use => ({
  what: 'CRM contacts',
  count: (ids) =>
    sql<{
      id: number;
      n: number;
    }>`select m.id, count(distinct c.id)::int as n from ${sql.table(master)} m join crm_contacts c on ${sql.join(
      keys.map(
        (k) =>
          sql`(case when jsonb_typeof(c.data -> ${k}) = 'array' then (c.data -> ${k}) ?| array[m.id::text, m.name] or (c.data -> ${k}) @> to_jsonb(m.id) else c.data ->> ${k} in (m.id::text, m.name) end)`,
      ),
      sql` or `,
    )} where m.id = any(${idArray(ids)}) group by m.id`,
});

/** Per list, every kind of record that holds its items (foreign keys, name lists, CRM contact data). */
const USES: Record<MasterListKey, readonly Use[]> = {
  practices: [
    fk('projects', 'project_practices', 'practice_id', 'project_id'),
    fk('professionals', 'professionals', 'practice_id'),
    fk('methodologies', 'methodologies', 'practice_id'),
    fk('allocation suggestions', 'allocation_suggestions', 'practice_id'),
    fk('close-out forms', 'closure_internal', 'form_practice'),
  ],
  offices: [
    fk('projects', 'project_offices', 'office_id', 'project_id'),
    fk('professionals', 'professionals', 'office_id'),
    fk('close-out forms', 'closure_internal', 'form_office'),
  ],
  geographics: [
    fk('projects', 'project_geographics', 'geographic_id', 'project_id'),
    fk('close-out forms', 'closure_internal', 'form_geography'),
  ],
  'geographic-scopes': [
    fk('projects', 'project_geographic_scopes', 'geographic_scope_id', 'project_id'),
    fk('close-out forms', 'closure_internal', 'form_geography_scope'),
  ],
  comanagements: [
    fk('projects', 'project_co_managements', 'comanagement_id', 'project_id'),
    fk('projects as support co-management', 'projects', 'id_support_comanagement'),
    fk('professionals', 'professionals', 'comanagement_id'),
  ],
  languages: [byName('stakeholders', 'languages', 'session_stakeholders', 'language')],
  segments: [fk('clients', 'client_segments', 'segment_id', 'client_id')],
  positions: [
    fk('professionals', 'professionals', 'position_id'),
    byName('stakeholders', 'positions', 'session_stakeholders', 'position'),
  ],
  'business-units': [
    fk('projects', 'projects', 'business_unit_id'),
    {
      what: 'professionals',
      count: (ids) =>
        sql<{
          id: number;
          n: number;
        }>`select m.id, count(*)::int as n from business_units m join professionals p on m.name = any(p.business_units) where m.id = any(${idArray(ids)}) group by m.id`,
    },
  ],
  methodologies: [
    fk('projects', 'project_methodologies', 'methodology_id', 'project_id'),
    fk('toolkits', 'toolkits', 'methodology_id'),
    {
      // the close-out form holds its methodologies as comma-joined ids (002 §3)
      what: 'close-out forms',
      count: (ids) =>
        sql<{
          id: number;
          n: number;
        }>`select m.id, count(*)::int as n from methodologies m join closure_internal c on m.id::text = any(string_to_array(replace(coalesce(c.form_methodology, ''), ' ', ''), ',')) where m.id = any(${idArray(ids)}) group by m.id`,
    },
  ],
  toolkits: [fk('projects', 'project_toolkits', 'toolkit_id', 'project_id')],
  'evaluation-cycles': [fk('evaluations', 'project_evaluations', 'cycle_id')],
  'allocation-statuses': [fk('projects', 'projects', 'id_allocation_status')],
  clients: [fk('projects', 'projects', 'client_id')],
  'crm-industries': [crm('crm_industries', ['industry'])],
  'crm-classifications': [crm('crm_classifications', ['classification'])],
  'crm-area-positions': [crm('crm_area_positions', ['groupPosition', 'groupArea'])],
  'crm-geographies': [crm('crm_geographies', ['residentCountry', 'nationality'])],
  'crm-languages': [crm('crm_languages', ['language'])],
  'crm-offices': [crm('crm_offices', ['responsibleOffice'])],
};

/** Per item id, how many records of each kind hold it (kinds without any left out). */
export async function usesOf(
  db: DB,
  key: MasterListKey,
  ids: readonly number[],
): Promise<Map<number, { what: string; n: number }[]>> {
  const out = new Map<number, { what: string; n: number }[]>();
  if (ids.length === 0) return out;
  const counts = await Promise.all(USES[key].map((u) => u.count(ids).execute(db)));
  USES[key].forEach((u, i) => {
    for (const r of counts[i]!.rows) {
      const n = Number(r.n);
      if (n > 0) out.set(Number(r.id), [...(out.get(Number(r.id)) ?? []), { what: u.what, n }]);
    }
  });
  return out;
}

// --- history -------------------------------------------------------------------------------------------

export async function insertHistory(
  trx: DB,
  row: {
    list: MasterListKey;
    itemId: number;
    actorId: number | null;
    action: 'created' | 'changed' | 'deactivated' | 'reactivated' | 'deleted' | 'imported';
    changes: Record<string, [unknown, unknown]> | null;
  },
) {
  await trx
    .insertInto('masterHistory')
    .values({ ...row, changes: row.changes === null ? null : JSON.stringify(row.changes) })
    .execute();
}

export function historyOf(db: DB, key: MasterListKey, id: number) {
  return db
    .selectFrom('masterHistory as h')
    .leftJoin('professionals as p', 'p.id', 'h.actorId')
    .select(['h.id', 'h.at', 'h.action', 'h.actorId', 'p.name as actorName', 'h.changes'])
    .where('h.list', '=', key)
    .where('h.itemId', '=', id)
    .orderBy('h.at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(500)
    .execute();
}
