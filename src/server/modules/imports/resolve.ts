import { foldName } from '@domain/rules/names';
import type { SheetData, SheetRow } from './read';
import type { ReportBuilder } from './report';

/**
 * Columns, cells and references of an import: headers are matched by their folded label (case, accents and
 * spaces ignored), references by the folded name of the item (or its id), people by e-mail (lower case).
 */
export interface ColumnDef {
  key: string;
  label: string;
  required?: boolean;
  /** The template's example value. */
  example: string;
  /** Several values in one cell, separated by `;`. */
  multi?: boolean;
  /** What the template's comment says about the column. */
  note?: string;
}

export interface SheetDef {
  name: string;
  columns: readonly ColumnDef[];
}

/** A sheet with its columns found: `index.get(key)` is the column's position, undefined when the file lacks it. */
export interface MappedSheet {
  def: SheetDef;
  name: string;
  index: Map<string, number>;
  rows: SheetRow[];
}

/** Finds the def's columns in the sheet's header; a missing required column is a problem of row 1. */
export function mapSheet(sheet: SheetData | undefined, def: SheetDef, report: ReportBuilder): MappedSheet {
  const index = new Map<string, number>();
  const header = (sheet?.header ?? []).map((h) => foldName(h.replace(/\*$/, '')));
  for (const c of def.columns) {
    const at = header.indexOf(foldName(c.label));
    if (at >= 0) index.set(c.key, at);
    else if (c.required && sheet) report.problem(def.name, 1, c.label, `The column ${c.label} is missing`);
  }
  return { def, name: def.name, index, rows: sheet?.rows ?? [] };
}

/** The cell of a column: undefined when the file has no such column, '' when the cell is empty. */
export function cellOf(sheet: MappedSheet, row: SheetRow, key: string): string | undefined {
  const at = sheet.index.get(key);
  if (at === undefined) return undefined;
  return row.cells[at] ?? '';
}

/** A cell's several values (`;`-separated, or one a line). */
export const splitList = (v: string) =>
  v
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

const YES = new Set(['yes', 'y', 'true', '1', 'x', 'sim', 'si', 'oui']);
const NO = new Set(['no', 'n', 'false', '0', 'nao', 'não', 'non']);
/** Yes / No (also true/false, 1/0); undefined when it is neither. */
export function parseYesNo(v: string): boolean | undefined {
  const f = v.trim().toLowerCase();
  if (YES.has(f)) return true;
  if (NO.has(f)) return false;
  return undefined;
}

const validDay = (y: number, m: number, d: number) => {
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return undefined;
  return date.toISOString().slice(0, 10);
};

/** A day as yyyy-mm-dd: from yyyy-mm-dd, dd/mm/yyyy (also - and .) or an Excel serial number; undefined otherwise. */
export function parseDay(v: string): string | undefined {
  const s = v.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(s);
  if (m) return validDay(+m[1]!, +m[2]!, +m[3]!);
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (m) return validDay(+m[3]!, +m[2]!, +m[1]!);
  if (/^\d{5}(\.\d+)?$/.test(s)) {
    const serial = Math.floor(Number(s));
    const d = new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000);
    return validDay(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  }
  return undefined;
}

export const DAY_HINT = 'use yyyy-mm-dd or dd/mm/yyyy';

/** Items of a list found by folded name (or id). */
export class Lookup<T extends { id: number; name: string }> {
  private readonly byFold = new Map<string, T>();
  private readonly byId = new Map<number, T>();
  constructor(items: readonly T[]) {
    for (const i of items) {
      this.byFold.set(foldName(i.name), i);
      this.byId.set(i.id, i);
    }
  }
  find(value: string): T | undefined {
    return (
      this.byFold.get(foldName(value)) ?? (/^\d+$/.test(value) ? this.byId.get(Number(value)) : undefined)
    );
  }
  get names() {
    return [...this.byId.values()].map((i) => i.name);
  }
}

/** Equal sets of ids. */
export const sameSet = (a: readonly number[], b: readonly number[]) => {
  if (a.length !== b.length) return false;
  const s = new Set(a);
  return b.every((x) => s.has(x));
};

/** Rows of ~1,000 for multi-row inserts. */
export function* chunks<T>(items: readonly T[], size = 1000): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Lets the event loop run (other requests, the progress writes) during a long loop of checks. */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));
