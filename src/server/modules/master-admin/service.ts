import type {
  MasterHistory,
  MasterItem,
  MasterItemsQuery,
  MasterListsOverview,
} from '@domain/contract/master-admin';
import { masterValuesSchema } from '@domain/contract/master-admin';
import {
  MASTER_LIST_KEYS,
  MASTER_LISTS,
  isMasterListKey,
  masterItemLabel,
  type MasterField,
  type MasterListDef,
  type MasterListKey,
  type MasterTable,
} from '@domain/rules/master-lists';
import { cleanName } from '@domain/rules/names';
import type { DB } from '../../db';
import { describeZodError, httpError } from '../../http';
import { sanitizeRichTextOrNull } from '../../platform/sanitize';
import type { VersionedResult } from '../../platform/versions';
import * as repo from './repo';

/**
 * Admin › Master data: the lists of the catalogue (src/domain/rules/master-lists.ts), their items and history.
 * Names are unique per list (folded: case, accents and spaces ignored), checked under the list's advisory lock,
 * which also guards the next id. An item in use is deactivated, never deleted; every change is in master_history.
 *
 * The functions an importer needs take a transaction it holds (or the database: they open their own):
 * {@link listDef}, {@link parseValues}, {@link findByFoldedName}, {@link createItem}, {@link updateItem},
 * {@link deactivateItem}, {@link reactivateItem}; other modules refuse new references to deactivated items with
 * {@link assertOffered}.
 */

export type Actor = number | null;
type Values = Record<string, unknown>;
type HistoryAction = 'created' | 'changed' | 'deactivated' | 'reactivated' | 'deleted' | 'imported';

/** The list of a path's key; 404 for a key that names none. */
export function listDef(key: string): MasterListDef {
  if (!isMasterListKey(key))
    throw httpError(
      404,
      `No master list named "${key.slice(0, 60)}"; the lists are ${MASTER_LIST_KEYS.join(', ')}`,
    );
  return MASTER_LISTS[key];
}

/** Runs `fn` in the caller's transaction, or in a new one. */
const inTransaction = <T>(db: DB, fn: (trx: DB) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db) : db.transaction().execute(fn);

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'An' : 'A');
const lower = (def: MasterListDef) => def.item.charAt(0).toLowerCase() + def.item.slice(1);
const quoted = (s: string) => `“${s}”`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

// --- reading ---------------------------------------------------------------------------------------------

/** GET /api/admin/master-data: every list with its counts and version. */
export async function overview(db: DB): Promise<MasterListsOverview> {
  const [counts, versions] = await Promise.all([repo.listCounts(db), repo.listVersions(db)]);
  return {
    lists: MASTER_LIST_KEYS.map((key) => {
      const def = MASTER_LISTS[key];
      return {
        key,
        label: def.label,
        group: def.group,
        active: counts.get(key)?.active ?? 0,
        inactive: counts.get(key)?.inactive ?? 0,
        version: versions.get(key) ?? 0,
        renameOnly: def.renameOnly === true,
      };
    }),
  };
}

/** Each list's version. */
export async function versions(db: DB): Promise<{ versions: Record<string, number> }> {
  const v = await repo.listVersions(db);
  return { versions: Object.fromEntries(MASTER_LIST_KEYS.map((k) => [k, v.get(k) ?? 0])) };
}

/** The version of one list (the ETag of its GET /master/* answer). */
export const listVersion = (db: DB, key: MasterListKey) => repo.listVersion(db, key);

/** The rows as the screen shows them: fields, labels of references and choices, status, use. */
async function toItems(db: DB, def: MasterListDef, rows: repo.MasterRow[]): Promise<MasterItem[]> {
  const ids = rows.map((r) => r.id);
  const [uses, segments] = await Promise.all([
    repo.usesOf(db, def.key, ids),
    def.key === 'clients' ? repo.segmentsOf(db, ids) : Promise.resolve(new Map()),
  ]);
  const values = rows.map((r) => {
    const v: Values = {};
    for (const f of def.fields)
      v[f.key] =
        f.type === 'refs'
          ? (segments.get(r.id) ?? []).map((s: { segmentId: number }) => s.segmentId)
          : r[f.key];
    return v;
  });
  // names of referenced items, one query per referenced list
  const refNames = new Map<string, Map<number, { label: string }>>();
  for (const f of def.fields.filter((f) => f.ref)) {
    const refIds = values.flatMap((v) => [v[f.key]].flat().filter((x): x is number => typeof x === 'number'));
    refNames.set(f.key, await repo.labelsOf(db, MASTER_LISTS[f.ref!], refIds));
  }
  return rows.map((r, i) => {
    const v = values[i]!;
    const display: Record<string, string> = {};
    for (const f of def.fields) display[f.key] = shown(f, v[f.key], refNames.get(f.key));
    const used = uses.get(r.id) ?? [];
    return {
      ...v,
      id: r.id,
      label: masterItemLabel(def, v),
      active: r.active,
      deactivatedAt: iso(r.deactivatedAt),
      inUse: used.reduce((n, u) => n + u.n, 0),
      display,
      version: r.version,
      updatedAt: iso(r.updatedAt)!,
    } as MasterItem;
  });
}

/** A field's value as a person reads it. */
function shown(f: MasterField, value: unknown, names?: Map<number, { label: string }>): string {
  if (value === null || value === undefined) return '';
  const label = (x: unknown) =>
    f.ref
      ? (names?.get(x as number)?.label ?? `#${String(x)}`)
      : f.values
        ? (f.values.find((c) => c.value === x)?.label ?? String(x))
        : String(x);
  if (Array.isArray(value)) return value.map(label).join(', ');
  if (f.type === 'boolean') return value ? 'Yes' : 'No';
  if (f.type === 'html')
    return String(value)
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return label(value);
}

/** GET /api/admin/master-data/:list: a page of items by label. */
export async function listItems(
  db: DB,
  key: string,
  query: { search?: string; status: 'all' | 'active' | 'inactive'; skip: number; take: number } & Omit<
    MasterItemsQuery,
    'status' | 'skip' | 'take'
  >,
) {
  const def = listDef(key);
  const { rows, total } = await repo.findRows(db, def, query);
  return { items: await toItems(db, def, rows), total };
}

/** One item; 404 when the list has none of that id. */
export async function getItem(db: DB, key: string, id: number): Promise<MasterItem> {
  const def = listDef(key);
  const row = await repo.findRow(db, def, id);
  if (!row) throw httpError(404, `${def.item} ${id} not found`);
  return (await toItems(db, def, [row]))[0]!;
}

/**
 * The item of the list whose name is `name` once folded (case, accents and spaces ignored) — for evaluation
 * cycles `values` names period and year. The importer's lookup of a row's reference and of an existing item.
 */
export async function findByFoldedName(
  db: DB,
  key: MasterListKey,
  name: string | Values,
): Promise<MasterItem | undefined> {
  const def = MASTER_LISTS[key];
  const row = await repo.findByFolded(db, def, typeof name === 'string' ? { name } : name);
  return row ? (await toItems(db, def, [row]))[0] : undefined;
}

// --- writing ---------------------------------------------------------------------------------------------

/**
 * Validates values against the list's fields (400 naming the field); text cleaned, rich text sanitised. `partial`:
 * an edit (every field optional). Exported for an importer's dry run (it reports the message by row).
 */
export function parseValues(def: MasterListDef, body: unknown, partial: boolean): Values {
  const raw = Object.fromEntries(Object.entries((body ?? {}) as Values).filter(([, v]) => v !== undefined));
  const r = masterValuesSchema(def, partial).safeParse(raw);
  if (!r.success) throw httpError(400, `Invalid request: ${describeZodError(r.error)}`);
  const out = r.data as Values;
  for (const f of def.fields) {
    if (!(f.key in out)) continue;
    if (f.type === 'text' && typeof out[f.key] === 'string') out[f.key] = cleanName(out[f.key] as string);
    if (f.type === 'html') out[f.key] = sanitizeRichTextOrNull(out[f.key] as string | null);
    if (f.type === 'refs') out[f.key] = [...new Set(out[f.key] as number[])];
  }
  return out;
}

/**
 * The references of `next` that are new (not in `before`) must name active items of their lists (400 naming the
 * field): a deactivated item stays on records that hold it and is never offered for a new one.
 */
async function checkRefs(db: DB, def: MasterListDef, next: Values, before: Values | undefined) {
  for (const f of def.fields.filter((f) => f.ref)) {
    if (!(f.key in next)) continue;
    const held = new Set([before?.[f.key]].flat().filter((x) => typeof x === 'number'));
    const ids = [next[f.key]].flat().filter((x): x is number => typeof x === 'number' && !held.has(x));
    if (ids.length === 0) continue;
    const ref = MASTER_LISTS[f.ref!];
    const found = await repo.labelsOf(db, ref, ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0)
      throw httpError(400, `Invalid request: ${f.key}: no ${lower(ref)} ${missing.join(', ')}`);
    const inactive = ids.filter((id) => found.get(id)?.active === false);
    if (inactive.length > 0)
      throw httpError(
        400,
        `Invalid request: ${f.key}: ${inactive.map((id) => quoted(found.get(id)!.label)).join(', ')} is deactivated and not offered for new records`,
      );
  }
}

/** 409 when another item of the list has the same folded name. */
async function assertUnique(trx: DB, def: MasterListDef, values: Values, exceptId?: number) {
  const other = await repo.findByFolded(trx, def, values, exceptId);
  if (other)
    throw httpError(
      409,
      `${article(def.item)} ${lower(def)} named ${quoted(masterItemLabel(def, values))} already exists${
        other.deactivatedAt ? ' (deactivated: reactivate it instead)' : ''
      }`,
    );
}

/** The history's view of a change: field → [before, after], references by name, long texts shortened. */
async function changesOf(
  db: DB,
  def: MasterListDef,
  before: Values,
  after: Values,
): Promise<Record<string, [unknown, unknown]>> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const f of def.fields) {
    if (!(f.key in after) || same(before[f.key], after[f.key])) continue;
    let b: unknown = before[f.key] ?? null;
    let a: unknown = after[f.key] ?? null;
    if (f.ref) {
      const ids = [b, a].flat().filter((x): x is number => typeof x === 'number');
      const names = await repo.labelsOf(db, MASTER_LISTS[f.ref], ids);
      const name = (x: unknown) => (typeof x === 'number' ? (names.get(x)?.label ?? x) : x);
      [b, a] = [Array.isArray(b) ? b.map(name) : name(b), Array.isArray(a) ? a.map(name) : name(a)];
    }
    if (f.type === 'html') [b, a] = [b, a].map((x) => (typeof x === 'string' ? x.slice(0, 500) : x));
    out[f.key] = [b, a];
  }
  return out;
}

const sorted = (v: unknown) => (Array.isArray(v) ? [...(v as (string | number)[])].sort() : (v ?? null));
const same = (a: unknown, b: unknown) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

/** The columns of values (segmentIds is written into client_segments). */
const columnsOf = (def: MasterListDef, values: Values) =>
  Object.fromEntries(
    repo
      .columnFields(def)
      .filter((f) => f.key in values)
      .map((f) => [f.key, values[f.key]]),
  );

const refuseRenameOnly = (def: MasterListDef) => {
  if (def.renameOnly)
    throw httpError(
      409,
      `${def.label} have fixed meanings in the portal: they can be renamed, not added, deactivated or deleted`,
    );
};

/** The client's segments after an edit: kept ones keep their level (primary/secondary), new ones are secondary. */
async function writeSegments(trx: DB, clientId: number, segmentIds: readonly number[]) {
  const current = (await repo.segmentsOf(trx, [clientId])).get(clientId) ?? [];
  const level = new Map(current.map((s) => [s.segmentId, s.segmentLevel]));
  await repo.replaceSegments(
    trx,
    clientId,
    segmentIds.map((segmentId) => ({ segmentId, segmentLevel: level.get(segmentId) ?? 2 })),
  );
}

/**
 * A new item of the list (id max + 1 under the list's lock). 400 for bad values, 409 for a name the list has.
 * `action: 'imported'` records the history line as an import's.
 */
export async function createItem(
  db: DB,
  key: string,
  body: unknown,
  actor: Actor,
  opts: { action?: 'created' | 'imported' } = {},
): Promise<MasterItem> {
  const def = listDef(key);
  refuseRenameOnly(def);
  const values = parseValues(def, body, false);
  for (const f of def.fields)
    if (!(f.key in values))
      values[f.key] = f.type === 'refs' || f.type === 'choices' ? [] : f.type === 'boolean' ? false : null;
  await checkRefs(db, def, values, undefined);
  const id = await inTransaction(db, async (trx) => {
    await repo.lockList(trx, def.key);
    await assertUnique(trx, def, values);
    const id = await repo.nextId(trx, def);
    await repo.insertRow(trx, def, { id, ...columnsOf(def, values) });
    if (def.key === 'clients') await writeSegments(trx, id, values.segmentIds as number[]);
    if (def.key === 'evaluation-cycles' && values.isActive === true)
      await repo.clearOtherActiveCycles(trx, id);
    await repo.insertHistory(trx, {
      list: def.key,
      itemId: id,
      actorId: actor,
      action: opts.action ?? 'created',
      changes: await changesOf(trx, def, {}, values),
    });
    return id;
  });
  return getItem(db, def.key, id);
}

/**
 * PUT: the item as GET gave it, with fields changed (missing ones kept; read-only ones were dropped). Only what
 * differs is written and recorded. If-Match → 412 with the current item when stale.
 */
export async function updateItem(
  db: DB,
  key: string,
  id: number,
  body: unknown,
  actor: Actor,
  expected: number | undefined,
  opts: { action?: 'changed' | 'imported' } = {},
): Promise<VersionedResult<MasterItem>> {
  const def = listDef(key);
  const before = await getItem(db, def.key, id);
  if (expected !== undefined && expected !== before.version) return { changed: false, current: before };
  const parsed = parseValues(def, body, true);
  const next = Object.fromEntries(Object.entries(parsed).filter(([k, v]) => !same((before as Values)[k], v)));
  if (Object.keys(next).length === 0) return { changed: true, current: before };
  await checkRefs(db, def, next, before as Values);
  if (def.key === 'evaluation-cycles' && next.isActive === true && !before.active)
    throw httpError(409, 'A deactivated evaluation cycle cannot be the active one: reactivate it first');
  const merged = { ...(before as Values), ...next };
  const written = await inTransaction(db, async (trx) => {
    await repo.lockList(trx, def.key);
    if (def.fields.some((f) => (def.unique ?? [def.fields[0]!.key]).includes(f.key) && f.key in next))
      await assertUnique(trx, def, merged, id);
    const ok = await repo.updateRow(trx, def, id, columnsOf(def, next), expected ?? before.version);
    if (!ok) return false;
    if (def.key === 'clients' && 'segmentIds' in next)
      await writeSegments(trx, id, next.segmentIds as number[]);
    if (def.key === 'evaluation-cycles' && next.isActive === true) await repo.clearOtherActiveCycles(trx, id);
    if (def.key === 'business-units' && 'name' in next)
      await repo.renameBusinessUnit(trx, before.name as string, next.name as string);
    await repo.insertHistory(trx, {
      list: def.key,
      itemId: id,
      actorId: actor,
      action: opts.action ?? 'changed',
      changes: await changesOf(trx, def, before as Values, next),
    });
    return true;
  });
  return { changed: written, current: await getItem(db, def.key, id) };
}

/** Deactivates or reactivates an item (toolkits: `is_active`, the field the toolkit pickers read, follows). */
async function setActive(
  db: DB,
  key: string,
  id: number,
  active: boolean,
  actor: Actor,
  expected: number | undefined,
): Promise<VersionedResult<MasterItem>> {
  const def = listDef(key);
  refuseRenameOnly(def);
  const before = await getItem(db, def.key, id);
  if (expected !== undefined && expected !== before.version) return { changed: false, current: before };
  if (before.active === active) return { changed: true, current: before };
  if (!active && def.key === 'evaluation-cycles' && before.isActive)
    throw httpError(
      409,
      `${quoted(before.label)} is the active evaluation cycle: make another cycle active before deactivating it`,
    );
  const written = await inTransaction(db, async (trx) => {
    const values: Values = { deactivatedAt: active ? null : new Date() };
    if (def.key === 'toolkits') values.isActive = active;
    const ok = await repo.updateRow(trx, def, id, values, expected ?? before.version);
    if (ok)
      await repo.insertHistory(trx, {
        list: def.key,
        itemId: id,
        actorId: actor,
        action: active ? 'reactivated' : 'deactivated',
        changes: null,
      });
    return ok;
  });
  return { changed: written, current: await getItem(db, def.key, id) };
}

export const deactivateItem = (db: DB, key: string, id: number, actor: Actor, expected?: number) =>
  setActive(db, key, id, false, actor, expected);
export const reactivateItem = (db: DB, key: string, id: number, actor: Actor, expected?: number) =>
  setActive(db, key, id, true, actor, expected);

/** "12 projects and 3 professionals". */
const describeUses = (uses: readonly { what: string; n: number }[]) => {
  const parts = uses.map((u) => `${u.n} ${u.n === 1 ? singular(u.what) : u.what}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
};
const singular = (what: string) =>
  what.replace(/^(\w+?)(ies|s)\b/, (_, stem: string, end: string) => (end === 'ies' ? `${stem}y` : stem));

const isForeignKeyViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23503';

/** Deletes an unused item; 409 naming its uses ("In use by 12 projects: deactivate it instead"). */
export async function deleteItem(
  db: DB,
  key: string,
  id: number,
  actor: Actor,
  expected: number | undefined,
): Promise<{ removed: true } | { removed: false; current: MasterItem }> {
  const def = listDef(key);
  refuseRenameOnly(def);
  const before = await getItem(db, def.key, id);
  if (expected !== undefined && expected !== before.version) return { removed: false, current: before };
  try {
    return await inTransaction(db, async (trx) => {
      await repo.lockList(trx, def.key);
      const uses = (await repo.usesOf(trx, def.key, [id])).get(id) ?? [];
      if (uses.length > 0) throw httpError(409, `In use by ${describeUses(uses)}: deactivate it instead`);
      if (def.key === 'clients') await repo.replaceSegments(trx, id, []);
      if (!(await repo.deleteRow(trx, def, id, expected ?? before.version)))
        return { removed: false as const, current: before };
      await repo.insertHistory(trx, {
        list: def.key,
        itemId: id,
        actorId: actor,
        action: 'deleted',
        changes: await changesOf(
          trx,
          def,
          before as Values,
          Object.fromEntries(def.fields.map((f) => [f.key, null])),
        ),
      });
      return { removed: true as const };
    });
  } catch (e) {
    // a record this catalogue does not know of still holds the item (the database's foreign keys say so)
    if (isForeignKeyViolation(e)) throw httpError(409, 'In use by other records: deactivate it instead');
    throw e;
  }
}

/** GET …/:id/history: newest first (an item's lines outlive its deletion). */
export async function history(db: DB, key: string, id: number): Promise<MasterHistory> {
  const def = listDef(key);
  const rows = await repo.historyOf(db, def.key, id);
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      at: iso(r.at)!,
      action: r.action as HistoryAction,
      actor: r.actorId === null ? null : { id: r.actorId, name: r.actorName ?? `#${r.actorId}` },
      changes: (typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes) as Record<
        string,
        [unknown, unknown]
      > | null,
    })),
  };
}

// --- for other modules: new references must name active items ---------------------------------------------

/** The list of a master table (the catalogue's). */
const listOfTable = (table: MasterTable): MasterListDef =>
  Object.values(MASTER_LISTS).find((d) => d.table === table)!;

/**
 * 400 naming `field` when an id of `ids` that the record does not hold already (`held`) names a deactivated item
 * of the master table: "Invalid request: projectPractices: “Strategy” is deactivated and not offered for new
 * records". Unknown ids are left to the caller's own check.
 */
export async function assertOffered(
  db: DB,
  field: string,
  table: MasterTable,
  ids: readonly (number | null | undefined)[],
  held: readonly number[] = [],
): Promise<void> {
  const keep = new Set(held);
  const fresh = ids.filter((id): id is number => typeof id === 'number' && !keep.has(id));
  if (fresh.length === 0) return;
  const found = await repo.labelsOf(db, listOfTable(table), fresh);
  const inactive = [...found.values()].filter((f) => !f.active);
  if (inactive.length > 0)
    throw httpError(
      400,
      `Invalid request: ${field}: ${inactive.map((f) => quoted(f.label)).join(', ')} ${inactive.length === 1 ? 'is' : 'are'} deactivated and not offered for new records`,
    );
}
