import { toExcelDate, toExcelDateTime, toNumber, type Column, type ColumnType } from './columns';

/** A row's cells as SpreadsheetML: XML escaping, the cell styles, column letters and each column's cell writer. */

const DAY_MS = 86_400_000;
/** Excel's limit of characters in a cell (longer text makes it "repair" the file). */
const MAX_TEXT = 32_767;
/** Days from Excel's epoch (1899-12-30) to the Unix epoch. */
const EPOCH_DAYS = 25_569;

/** What needs escaping in XML text: markup, CR (kept as &#13;), characters XML 1.0 forbids, and literal
 *  `_xHHHH_` (Excel reads it as an escaped character). Lone surrogates become U+FFFD when UTF-8 encoded. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const SPECIAL = /[&<>"\r\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|_x[0-9A-Fa-f]{4}_/;
// eslint-disable-next-line no-control-regex -- idem
const FORBIDDEN = /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\r': '&#13;',
};

/** XML-escaped text (attribute-safe). */
export function xmlText(s: string): string {
  if (!SPECIAL.test(s)) return s;
  return s
    .replace(/_x([0-9A-Fa-f]{4})_/g, '_x005F_x$1_')
    .replace(FORBIDDEN, '')
    .replace(/[&<>"\r]/g, (c) => ESCAPES[c]!);
}

/** Style ids (cellXfs order in styles.xml): 0 plain, 1 header, then one per formatted column type. */
const XF: Record<ColumnType, number> = {
  text: 0,
  boolean: 0,
  number: 2,
  integer: 3,
  percent: 4,
  date: 5,
  datetime: 6,
};

/** A column's letters: 0 → A, 26 → AA. */
export function columnLetters(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** The Excel serial of a date (days since 1899-12-30, UTC; the time as the fraction). */
const serial = (d: Date) => d.getTime() / DAY_MS + EPOCH_DAYS;

/** A compiled column: writes its cell of a row as XML (empty for no value). */
export type CellWriter = (row: unknown, ref: string) => string;

export function cellWriter(c: Column<unknown>, letters: string): CellWriter {
  const value = c.value;
  const s = XF[c.type];
  const num = (n: number | null, ref: string) =>
    n === null ? '' : `<c r="${letters}${ref}" s="${s}"><v>${n}</v></c>`;
  const text = (v: string, ref: string) => {
    if (v.length > MAX_TEXT) v = v.slice(0, MAX_TEXT);
    const pad = v.length > 0 && (v.charCodeAt(0) <= 32 || v.charCodeAt(v.length - 1) <= 32);
    return `<c r="${letters}${ref}" t="inlineStr"><is><t${pad ? ' xml:space="preserve"' : ''}>${xmlText(v)}</t></is></c>`;
  };
  switch (c.type) {
    case 'text':
      return (r, ref) => {
        const v = value(r);
        return v === null || v === undefined ? '' : text(typeof v === 'string' ? v : String(v), ref);
      };
    case 'boolean':
      return (r, ref) => {
        const v = value(r);
        return v === null || v === undefined
          ? ''
          : `<c r="${letters}${ref}" t="inlineStr"><is><t>${v ? 'Yes' : 'No'}</t></is></c>`;
      };
    case 'number':
    case 'percent':
      return (r, ref) => num(toNumber(value(r)), ref);
    case 'integer':
      return (r, ref) => {
        const n = toNumber(value(r));
        return num(n === null ? null : Math.round(n), ref);
      };
    case 'date': {
      // DATE columns come as 'YYYY-MM-DD', and a report has few distinct days: their serials are cached
      const cache = new Map<string, number | null>();
      return (r, ref) => {
        const v = value(r);
        if (v === null || v === undefined) return '';
        if (typeof v !== 'string') {
          const d = toExcelDate(v);
          return num(d && serial(d), ref);
        }
        let n = cache.get(v);
        if (n === undefined) {
          const d = toExcelDate(v);
          n = d && serial(d);
          if (cache.size > 10_000) cache.clear();
          cache.set(v, n);
        }
        return num(n, ref);
      };
    }
    case 'datetime':
      return (r, ref) => {
        const v = value(r);
        if (v === null || v === undefined) return '';
        const d = toExcelDateTime(v);
        return num(d && serial(d), ref);
      };
  }
}
