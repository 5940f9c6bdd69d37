/** The report's column model: typed columns, each cell's value, automatic widths and Excel's sheet-name rules. */
export type ColumnType = 'text' | 'number' | 'integer' | 'date' | 'datetime' | 'boolean' | 'percent';

export interface Column<Row> {
  header: string;
  key: string;
  type: ColumnType;
  /** Width in characters; measured from the header and the first rows when absent. */
  width?: number;
  /** The display value (a name, not an id). `null` / `undefined` leave the cell empty. */
  value: (row: Row) => unknown;
}

/**
 * Columns of rows of type `Row` that show one of the row's own fields as it is, keyed by its name:
 * `const field = fieldColumns<Row>(); field('Priority', 'priority', 'boolean')`.
 */
export const fieldColumns =
  <Row>() =>
  <K extends keyof Row & string>(header: string, key: K, type: ColumnType): Column<Row> => ({
    header,
    key,
    type,
    value: (row) => row[key],
  });

export interface Sheet<Row> {
  name: string;
  columns: Column<Row>[];
  rows: AsyncIterable<Row> | Iterable<Row>;
}

/** A sheet of any row type (what a report function returns). */
export type AnySheet = Sheet<any>;

/** Rows measured for automatic column widths. */
export const MEASURED_ROWS = 100;
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;

/**
 * A calendar date as Excel wants it: midnight UTC of that day.
 * Accepts 'YYYY-MM-DD' (DATE columns), ISO timestamps and Dates (their UTC day).
 */
export function toExcelDate(v: unknown): Date | null {
  if (v instanceof Date)
    return Number.isNaN(v.getTime())
      ? null
      : new Date(Date.UTC(v.getUTCFullYear(), v.getUTCMonth(), v.getUTCDate()));
  if (typeof v === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
    if (m) return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  }
  return null;
}

/** A point in time, written as its UTC wall-clock time (Excel has no time zones). */
export function toExcelDateTime(v: unknown): Date | null {
  const d = v instanceof Date ? v : typeof v === 'string' || typeof v === 'number' ? new Date(v) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

export function toNumber(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** The cell value of a column for a row. */
export function cellValue(type: ColumnType, v: unknown): string | number | Date | null {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'text':
      return String(v);
    case 'number':
    case 'percent':
      return toNumber(v);
    case 'integer': {
      const n = toNumber(v);
      return n === null ? null : Math.round(n);
    }
    case 'date':
      return toExcelDate(v);
    case 'datetime':
      return toExcelDateTime(v);
    case 'boolean':
      return v ? 'Yes' : 'No';
  }
}

/** Characters a value takes on screen, for the automatic widths. */
function displayLength(type: ColumnType, v: string | number | Date | null): number {
  if (v === null) return 0;
  if (type === 'date') return 10;
  if (type === 'datetime') return 16;
  if (typeof v === 'number')
    return type === 'number'
      ? v.toFixed(2).length + Math.floor(Math.abs(v)).toString().length / 3
      : String(v).length;
  return Math.max(
    ...String(v)
      .split('\n')
      .map((l) => l.length),
  );
}

/** Excel's sheet-name rules: at most 31 characters, none of : \ / ? * [ ], unique in the workbook. */
export function sheetName(name: string, used: Set<string>): string {
  const base = (name.replace(/[:\\/?*[\]]/g, ' ').trim() || 'Sheet').slice(0, 31);
  let n = base;
  for (let i = 2; used.has(n.toLowerCase()); i++) n = `${base.slice(0, 31 - String(i).length - 1)} ${i}`;
  used.add(n.toLowerCase());
  return n;
}

/** Each column's width: its own, or measured on its header and `head` (the sheet's first rows), within 8–60. */
export function columnWidths(columns: Column<unknown>[], head: unknown[]): number[] {
  return columns.map((c) => {
    if (c.width !== undefined) return c.width;
    let longest = c.header.length;
    for (const r of head) longest = Math.max(longest, displayLength(c.type, cellValue(c.type, c.value(r))));
    return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.ceil(longest) + 2));
  });
}
