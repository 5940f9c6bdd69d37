import {
  MASTER_LISTS,
  type MasterField,
  type MasterListDef,
  type MasterListKey,
} from '@domain/rules/master-lists';
import { cleanName, foldName } from '@domain/rules/names';
import type { DB } from '../../../db';
import { sanitizeRichTextOrNull } from '../../../platform/sanitize';
import type { FileData } from '../read';
import { ReportBuilder } from '../report';
import {
  breathe,
  cellOf,
  chunks,
  Lookup,
  mapSheet,
  parseYesNo,
  splitList,
  type ColumnDef,
  type SheetDef,
} from '../resolve';
import * as repo from '../repo';
import type { ImportKindModule, KindContext, Plan } from './types';

/**
 * A master list's import (every list of src/domain/rules/master-lists.ts): one row per item, its columns the
 * list's fields by label; matched by the list's unique fields (the name, folded: case, accents and spaces
 * ignored); references named by the other list's item name. A column the file lacks is left as stored; an empty
 * cell clears a field that may be empty. New items get max(id)+1 under the list's advisory lock; every created or
 * changed item steps its version and gets a master_history line 'imported' (nothing for an unchanged one).
 */
type Value = string | number | boolean | null | readonly (string | number)[];

const EXAMPLES: Partial<Record<string, string>> = {
  name: 'Example name',
  timeZone: 'America/Sao_Paulo',
  period: 'H1',
  year: String(new Date().getUTCFullYear()),
  isActive: 'No',
  economicGroup: 'Example group',
  clientDescription: '<p>What the client does</p>',
  clientCulture: '<p>How the client works</p>',
};

function columnOf(f: MasterField): ColumnDef {
  const example =
    EXAMPLES[f.key] ??
    (f.type === 'choice' || f.type === 'choices'
      ? (f.values?.[0]?.label ?? '')
      : f.type === 'boolean'
        ? 'No'
        : '');
  return {
    key: f.key,
    label: f.label,
    required: f.required,
    example,
    multi: f.type === 'refs' || f.type === 'choices',
    note:
      f.type === 'refs' || f.type === 'choices'
        ? 'Several values separated by ;'
        : f.type === 'ref'
          ? 'The name of an item of its list'
          : f.type === 'html'
            ? 'Text or simple HTML'
            : undefined,
  };
}

const timeZones = new Set(Intl.supportedValuesOf('timeZone'));
const isTimeZone = (tz: string) => {
  if (timeZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const same = (a: Value | undefined, b: Value | undefined) =>
  Array.isArray(a) || Array.isArray(b)
    ? JSON.stringify(a ?? []) === JSON.stringify(b ?? [])
    : (a ?? null) === (b ?? null);

/** The field's stored value, as the import compares it. */
function storedValue(f: MasterField, row: Record<string, unknown>, segments: Map<number, number[]>): Value {
  if (f.key === 'segmentIds') return segments.get(row.id as number) ?? [];
  const v = row[f.key];
  if (f.type === 'choices') return [...((v as string[] | null) ?? [])].sort();
  if (f.type === 'boolean') return v === true;
  return (v as Value) ?? null;
}

export function masterKind(key: MasterListKey): ImportKindModule {
  const def: MasterListDef = MASTER_LISTS[key];
  const sheet: SheetDef = { name: def.label, columns: def.fields.map(columnOf) };
  const uniqueKeys = def.unique ?? [def.fields[0]!.key];
  const refLists = [...new Set(def.fields.flatMap((f) => (f.ref ? [f.ref] : [])))];

  const keyOf = (values: Record<string, Value | undefined>) =>
    uniqueKeys.map((k) => foldName(String(values[k] ?? ''))).join('|');

  async function refLookups(db: DB) {
    const out = new Map<string, Lookup<{ id: number; name: string; active: boolean }>>();
    for (const list of refLists)
      out.set(list, new Lookup(await repo.masterItems(db, MASTER_LISTS[list].table)));
    return out;
  }

  return {
    kind: key,
    label: def.label,
    sheets: [sheet],
    locks: [`master:${key}`],
    async allowed(db) {
      const lists: Record<string, readonly string[]> = {};
      const refs = await refLookups(db);
      for (const f of def.fields) {
        if (f.ref) lists[f.key] = refs.get(f.ref)!.names;
        if (f.values) lists[f.key] = f.values.map((v) => v.label);
        if (f.type === 'boolean') lists[f.key] = ['Yes', 'No'];
      }
      return lists;
    },
    async plan(db: DB, file: FileData, ctx: KindContext): Promise<Plan> {
      const report = new ReportBuilder();
      const s = mapSheet(file.sheets[0], sheet, report);
      const stored = await repo.masterRows(db, def.table);
      const segments = key === 'clients' ? await repo.clientSegments(db) : new Map<number, number[]>();
      const byKey = new Map(stored.map((r) => [keyOf(r as Record<string, Value>), r]));
      const refs = await refLookups(db);
      const seen = new Map<string, number>();
      const creates: { n: number; values: Record<string, Value> }[] = [];
      const updates: {
        n: number;
        id: number;
        set: Record<string, Value>;
        changes: Record<string, [Value, Value]>;
      }[] = [];
      let checked = 0;

      for (const row of s.rows) {
        const values: Record<string, Value> = {};
        const problem = (f: MasterField, message: string) =>
          report.problem(sheet.name, row.n, f.label, message);
        const existingKey = (() => {
          const v: Record<string, Value> = {};
          for (const k of uniqueKeys) {
            const raw = cellOf(s, row, k) ?? '';
            v[k] = k === 'year' ? raw : cleanName(raw);
          }
          return keyOf(v);
        })();
        const current = byKey.get(existingKey) as Record<string, unknown> | undefined;
        for (const f of def.fields) {
          const raw = cellOf(s, row, f.key);
          if (raw === undefined) continue;
          if (raw === '') {
            if (f.required) problem(f, `${f.label} is required`);
            else
              values[f.key] =
                f.type === 'refs' || f.type === 'choices' ? [] : f.type === 'boolean' ? false : null;
            continue;
          }
          switch (f.type) {
            case 'text':
              values[f.key] =
                f.key === def.fields[0]!.key || uniqueKeys.includes(f.key) ? cleanName(raw) : raw.trim();
              if (String(values[f.key]).length > 300) problem(f, `${f.label} is longer than 300 characters`);
              break;
            case 'html':
              values[f.key] = sanitizeRichTextOrNull(raw);
              break;
            case 'int':
              if (!/^-?\d{1,9}$/.test(raw)) problem(f, `${f.label}: "${raw}" is not a whole number`);
              else values[f.key] = Number(raw);
              break;
            case 'boolean': {
              const b = parseYesNo(raw);
              if (b === undefined) problem(f, `${f.label}: "${raw}" is neither Yes nor No`);
              else values[f.key] = b;
              break;
            }
            case 'timeZone':
              if (!isTimeZone(raw))
                problem(f, `${f.label}: "${raw}" is not a time zone (e.g. America/Sao_Paulo)`);
              else values[f.key] = raw;
              break;
            case 'ref': {
              const item = refs.get(f.ref!)!.find(raw);
              if (!item) problem(f, `Unknown ${MASTER_LISTS[f.ref!].item.toLowerCase()} "${raw}"`);
              else if (!item.active && current?.[f.key] !== item.id)
                problem(f, `The ${MASTER_LISTS[f.ref!].item.toLowerCase()} "${raw}" is deactivated`);
              else values[f.key] = item.id;
              break;
            }
            case 'refs': {
              const ids: number[] = [];
              for (const name of splitList(raw)) {
                const item = refs.get(f.ref!)!.find(name);
                if (!item) problem(f, `Unknown ${MASTER_LISTS[f.ref!].item.toLowerCase()} "${name}"`);
                else if (ids.includes(item.id)) problem(f, `"${name}" is listed twice`);
                else ids.push(item.id);
              }
              values[f.key] = ids;
              break;
            }
            case 'choice':
            case 'choices': {
              const picked: (string | number)[] = [];
              for (const v of f.type === 'choice' ? [raw] : splitList(raw)) {
                const hit = f.values!.find(
                  (c) => foldName(c.label) === foldName(v) || foldName(String(c.value)) === foldName(v),
                );
                if (!hit)
                  problem(f, `${f.label}: "${v}" is not one of ${f.values!.map((c) => c.label).join(', ')}`);
                else if (!picked.includes(hit.value)) picked.push(hit.value);
              }
              values[f.key] = f.type === 'choice' ? (picked[0] ?? null) : [...picked].sort();
              break;
            }
          }
        }
        const keyText = uniqueKeys.map((k) => String(values[k] ?? cellOf(s, row, k) ?? '')).join(' ');
        const first = seen.get(existingKey);
        if (first !== undefined && uniqueKeys.every((k) => values[k] !== undefined && values[k] !== ''))
          report.problem(
            sheet.name,
            row.n,
            def.fields[0]!.label,
            `Duplicate ${def.item.toLowerCase()} "${keyText}": also on row ${first}`,
          );
        else seen.set(existingKey, row.n);

        if (!report.failed(sheet.name, row.n)) {
          if (!current) {
            creates.push({ n: row.n, values });
            report.row(sheet.name, row.n, keyText, 'create');
          } else {
            const set: Record<string, Value> = {};
            const changes: Record<string, [Value, Value]> = {};
            for (const f of def.fields) {
              if (!(f.key in values)) continue;
              const before = storedValue(f, current, segments);
              if (!same(before, values[f.key])) {
                set[f.key] = values[f.key]!;
                changes[f.key] = [before, values[f.key]!];
              }
            }
            if (Object.keys(set).length > 0) {
              updates.push({ n: row.n, id: current.id as number, set, changes });
              report.row(sheet.name, row.n, keyText, 'update');
            } else report.row(sheet.name, row.n, keyText, 'unchanged');
          }
        } else report.row(sheet.name, row.n, keyText, 'unchanged');
        if (++checked % 1000 === 0) {
          ctx.progress.checked(checked);
          await breathe();
        }
      }
      ctx.progress.checked(checked);

      // one active evaluation cycle at most (the active cycle)
      if (key === 'evaluation-cycles') {
        const activeAfter = new Set(stored.filter((r) => r.isActive === true).map((r) => r.id));
        for (const u of updates)
          if ('isActive' in u.set) {
            if (u.set.isActive) activeAfter.add(u.id);
            else activeAfter.delete(u.id);
          }
        const newActive = creates.filter((c) => c.values.isActive === true);
        if (activeAfter.size + newActive.length > 1) {
          const rows = [
            ...newActive.map((c) => c.n),
            ...updates.filter((u) => u.set.isActive === true).map((u) => u.n),
          ];
          for (const n of rows.length ? rows : [1])
            report.problem(
              sheet.name,
              n,
              'Active cycle',
              'Only one evaluation cycle can be the active cycle',
            );
        }
      }

      return {
        report,
        async write(trx) {
          let written = 0;
          const history: {
            list: string;
            itemId: number;
            actorId: number;
            action: string;
            changes: string;
          }[] = [];
          if (creates.length > 0) {
            let next = await repo.nextMasterId(trx, def.table);
            for (const batch of chunks(creates)) {
              const rows = batch.map((c) => {
                const id = next++;
                const row: Record<string, unknown> = { id };
                const changes: Record<string, [null, Value]> = {};
                for (const f of def.fields) {
                  if (f.key === 'segmentIds' || !(f.key in c.values)) continue;
                  row[f.key] = c.values[f.key];
                  changes[f.key] = [null, c.values[f.key]!];
                }
                if (c.values.segmentIds) changes.segmentIds = [null, c.values.segmentIds];
                history.push({
                  list: key,
                  itemId: id,
                  actorId: ctx.user.professionalId,
                  action: 'imported',
                  changes: JSON.stringify(changes),
                });
                if (key === 'clients' && Array.isArray(c.values.segmentIds)) (c as { id?: number }).id = id;
                return row;
              });
              await repo.insertMasterRows(trx, def.table, rows);
              written += rows.length;
              ctx.progress.written(written);
            }
            if (key === 'clients')
              await repo.replaceClientSegments(
                trx,
                creates.flatMap((c) =>
                  Array.isArray(c.values.segmentIds)
                    ? [{ clientId: (c as { id?: number }).id!, segmentIds: c.values.segmentIds as number[] }]
                    : [],
                ),
              );
          }
          for (const u of updates) {
            const { segmentIds, ...columns } = u.set;
            await repo.updateMasterRow(trx, def.table, u.id, columns);
            if (segmentIds !== undefined)
              await repo.replaceClientSegments(trx, [{ clientId: u.id, segmentIds: segmentIds as number[] }]);
            history.push({
              list: key,
              itemId: u.id,
              actorId: ctx.user.professionalId,
              action: 'imported',
              changes: JSON.stringify(u.changes),
            });
            if (++written % 1000 === 0) ctx.progress.written(written);
          }
          for (const batch of chunks(history)) await trx.insertInto('masterHistory').values(batch).execute();
          ctx.progress.written(written);
          return written;
        },
      };
    },
  };
}
