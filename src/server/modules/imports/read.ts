import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse';
import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { httpError } from '../../http';

/**
 * Reading an import file (an .xlsx workbook or a CSV text), streamed and bounded:
 * - the upload itself is at most UPLOAD_MAX_BYTES (routes.ts: the multipart part's limit, refused while streaming);
 * - an .xlsx is a zip: its central directory is checked before any parsing (declared sizes, ratio, entry count),
 *   then its entries are inflated once through a counting stream that stops past the limit (a zip that lies
 *   about its sizes is refused as well) — a zip bomb is a 413, never an exhausted server;
 * - rows are read with exceljs' streaming WorkbookReader (or csv-parse's stream), one at a time, as arrays of
 *   trimmed strings (dates as yyyy-mm-dd), at most MAX_ROWS per sheet.
 * CSV: UTF-8 with or without BOM, `;` or `,` (the header line says which: the one it holds more of, outside quotes).
 */
export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
export const UNZIPPED_MAX_BYTES = 200 * 1024 * 1024;
export const MAX_RATIO = 100;
const MAX_ENTRIES = 2_000;
export const MAX_ROWS = 500_000;

export interface SheetRow {
  /** The spreadsheet's row number (header = 1). */
  n: number;
  cells: string[];
}
export interface SheetData {
  name: string;
  header: string[];
  rows: SheetRow[];
}
export interface FileData {
  format: 'xlsx' | 'csv';
  sheets: SheetData[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
export const isZip = (b: Buffer) => b.length >= 4 && b.subarray(0, 4).equals(ZIP_MAGIC);

const tooBig = () =>
  httpError(
    413,
    `The workbook unpacks to more than ${UNZIPPED_MAX_BYTES / 1024 / 1024} MB (or is compressed more than ${MAX_RATIO} times): it is refused`,
  );

/**
 * Refuses a zip bomb before parsing: the declared sizes of the central directory, then the true sizes by
 * inflating every entry through a counter that stops at the limit (nothing is kept).
 */
export async function checkZip(buffer: Buffer) {
  let declared = 0;
  let entries = 0;
  try {
    unzipSync(buffer, {
      filter: (f) => {
        entries++;
        declared += f.originalSize;
        if (f.size > 0 && f.originalSize / f.size > MAX_RATIO && f.originalSize > 1024 * 1024) throw tooBig();
        return false;
      },
    });
  } catch (e) {
    if ((e as { statusCode?: number }).statusCode) throw e;
    throw httpError(400, 'The file is not a readable .xlsx workbook');
  }
  if (entries > MAX_ENTRIES) throw httpError(413, 'The workbook has too many parts: it is refused');
  if (declared > UNZIPPED_MAX_BYTES) throw tooBig();
  // the true sizes (a zip may lie in its directory): inflate and count, keep nothing
  let total = 0;
  let failed: Error | undefined;
  const unzip = new Unzip((file) => {
    file.ondata = (err, chunk) => {
      if (failed) return;
      if (err) {
        failed = httpError(400, 'The file is not a readable .xlsx workbook');
        return;
      }
      total += chunk.length;
      if (total > UNZIPPED_MAX_BYTES || total > MAX_RATIO * Math.max(buffer.length, 1024 * 1024)) {
        failed = tooBig();
        file.terminate();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const step = 256 * 1024;
  for (let i = 0; i < buffer.length && !failed; i += step) {
    if (i % (16 * step) === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      unzip.push(buffer.subarray(i, Math.min(i + step, buffer.length)), i + step >= buffer.length);
    } catch {
      failed ??= httpError(400, 'The file is not a readable .xlsx workbook');
    }
  }
  if (failed) throw failed;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** A cell's value as text: rich text joined, hyperlinks' text, formulas' results, dates as yyyy-mm-dd. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : isoDay(v);
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.richText))
      return (o.richText as { text?: string }[])
        .map((r) => r.text ?? '')
        .join('')
        .trim();
    if ('result' in o) return cellText(o.result);
    if ('text' in o) return cellText(o.text);
    if ('error' in o) return '';
  }
  return '';
}

/**
 * One copy of each repeated cell text (e-mails, client and list names, Yes/No, roles repeat across thousands of
 * rows): a file's rows then hold a fraction of the strings. Bounded: short texts only, at most INTERNED of them.
 */
const INTERNED = 200_000;
function interner() {
  const seen = new Map<string, string>();
  return (s: string) => {
    if (s.length === 0 || s.length > 80) return s;
    const hit = seen.get(s);
    if (hit !== undefined) return hit;
    if (seen.size < INTERNED) seen.set(s, s);
    return s;
  };
}

const trimTail = (cells: string[]) => {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === '') end--;
  return end === cells.length ? cells : cells.slice(0, end);
};

/** Reads every sheet of an .xlsx workbook, streamed (exceljs WorkbookReader); `onRow` counts progress. */
export async function readXlsx(buffer: Buffer, onRow?: (n: number) => void): Promise<FileData> {
  await checkZip(buffer);
  const sheets: SheetData[] = [];
  const intern = interner();
  let count = 0;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      worksheets: 'emit',
      entries: 'emit',
    });
    for await (const ws of reader) {
      const sheet: SheetData = {
        name: (ws as unknown as { name?: string }).name ?? `Sheet${sheets.length + 1}`,
        header: [],
        rows: [],
      };
      sheets.push(sheet);
      for await (const row of ws) {
        const values = row.values as unknown[];
        const cells = trimTail(
          Array.from({ length: Math.max(values.length - 1, 0) }, (_, i) => intern(cellText(values[i + 1]))),
        );
        if (sheet.header.length === 0) {
          if (cells.length > 0) sheet.header = cells;
          continue;
        }
        if (cells.length === 0) continue;
        if (sheet.rows.length >= MAX_ROWS)
          throw httpError(413, `The sheet ${sheet.name} has more than ${MAX_ROWS} rows: split the file`);
        sheet.rows.push({ n: row.number, cells });
        if (++count % 1000 === 0) onRow?.(count);
      }
    }
  } catch (e) {
    if ((e as { statusCode?: number }).statusCode) throw e;
    throw httpError(400, `The file is not a readable .xlsx workbook (${(e as Error).message})`);
  }
  onRow?.(count);
  return { format: 'xlsx', sheets };
}

/** `;` or `,`: the one the header line holds more of, outside quotes. */
export function sniffDelimiter(text: string): ';' | ',' {
  let semi = 0;
  let comma = 0;
  let quoted = false;
  for (const c of text) {
    if (c === '\n' || c === '\r') {
      if (!quoted) break;
    } else if (c === '"') quoted = !quoted;
    else if (!quoted && c === ';') semi++;
    else if (!quoted && c === ',') comma++;
  }
  return semi > comma ? ';' : ',';
}

/** Reads a CSV text (UTF-8, with or without BOM), streamed through csv-parse. */
export async function readCsv(
  buffer: Buffer,
  sheetName: string,
  onRow?: (n: number) => void,
): Promise<FileData> {
  if (buffer.includes(0)) throw httpError(400, 'The file is neither an .xlsx workbook nor a UTF-8 CSV text');
  const head = buffer
    .subarray(0, 64 * 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const delimiter = sniffDelimiter(head);
  const sheet: SheetData = { name: sheetName, header: [], rows: [] };
  const intern = interner();
  let count = 0;
  try {
    const parser = Readable.from([buffer]).pipe(
      parse({
        bom: true,
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        trim: true,
        info: true,
        max_record_size: 1024 * 1024,
      }),
    );
    for await (const rec of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const cells = trimTail(rec.record.map((c) => intern((c ?? '').trim())));
      if (sheet.header.length === 0) {
        if (cells.length > 0) sheet.header = cells;
        continue;
      }
      if (cells.length === 0) continue;
      if (sheet.rows.length >= MAX_ROWS)
        throw httpError(413, `The file has more than ${MAX_ROWS} rows: split it`);
      sheet.rows.push({ n: rec.info.lines, cells });
      if (++count % 1000 === 0) onRow?.(count);
    }
  } catch (e) {
    if ((e as { statusCode?: number }).statusCode) throw e;
    throw httpError(400, `The file is not a readable CSV text (${(e as Error).message})`);
  }
  onRow?.(count);
  return { format: 'csv', sheets: [sheet] };
}

/** An upload as sheets: an .xlsx by its bytes (a zip), otherwise a CSV text. */
export function readFile(buffer: Buffer, csvSheet: string, onRow?: (n: number) => void): Promise<FileData> {
  return isZip(buffer) ? readXlsx(buffer, onRow) : readCsv(buffer, csvSheet, onRow);
}
