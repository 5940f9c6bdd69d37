import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { Zip, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';
import { once } from 'node:events';
import { Transform, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { crc32, createDeflateRaw, deflateRawSync, type ZlibOptions } from 'node:zlib';

/**
 * Excel reports, streamed (≥ 20,000 rows/s, memory flat). A small SpreadsheetML
 * writer of our own: each sheet's XML is built row by row, deflated by fflate's streaming zip and written
 * to the output as it goes, waiting for 'drain' when the output is full — a sheet of any length costs the
 * memory of one chunk (plus the batch its source reads).
 *
 * Cells are typed: text (inline strings), real numbers, real Excel dates ('YYYY-MM-DD' strings or Dates,
 * shown dd/mm/yyyy), Yes/No for booleans. Each sheet gets a bold, grey, frozen header row with a bottom
 * border, an autofilter over its rows and column widths (given, or measured on the header and the first rows).
 */
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

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows measured for automatic column widths. */
const MEASURED_ROWS = 100;
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
/** Characters of sheet XML gathered before they are deflated and written. */
const CHUNK = 256 * 1024;
/** Deflate level: the fastest (the files are a few MB; speed matters more than size). */
const LEVEL = 1;
const DAY_MS = 86_400_000;
/** Excel's limit of characters in a cell (longer text makes it "repair" the file). */
const MAX_TEXT = 32_767;
/** Days from Excel's epoch (1899-12-30) to the Unix epoch. */
const EPOCH_DAYS = 25_569;

/**
 * A calendar date as Excel wants it: midnight UTC of that day.
 * Accepts 'YYYY-MM-DD' (DATE columns), ISO timestamps and Dates (their UTC day).
 */
function toExcelDate(v: unknown): Date | null {
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
function toExcelDateTime(v: unknown): Date | null {
  const d = v instanceof Date ? v : typeof v === 'string' || typeof v === 'number' ? new Date(v) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

function toNumber(v: unknown): number | null {
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
function sheetName(name: string, used: Set<string>): string {
  const base = (name.replace(/[:\\/?*[\]]/g, ' ').trim() || 'Sheet').slice(0, 31);
  let n = base;
  for (let i = 2; used.has(n.toLowerCase()); i++) n = `${base.slice(0, 31 - String(i).length - 1)} ${i}`;
  used.add(n.toLowerCase());
  return n;
}

// --- SpreadsheetML

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
function xmlText(s: string): string {
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

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const REL_TYPE = `${NS_REL}/`;

const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}">` +
  // '#,##0.00' (4), '0' (1) and '0%' (9) are built in
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/>' +
  '<numFmt numFmtId="165" formatCode="dd/mm/yyyy hh:mm"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>' +
  '<fill><patternFill patternType="solid"><fgColor rgb="FFE7E6E6"/><bgColor indexed="64"/></patternFill></fill></fills>' +
  '<borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border>' +
  '<border><left/><right/><top/><bottom style="thin"><color indexed="64"/></bottom><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="7"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="2" borderId="1" xfId="0" applyFont="1" applyFill="1" applyBorder="1"/>' +
  '<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="9" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '<dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/>' +
  '</styleSheet>';

function contentTypes(sheetCount: number): string {
  const ct = 'application/vnd.openxmlformats-officedocument';
  let sheets = '';
  for (let i = 1; i <= sheetCount; i++)
    sheets += `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="${ct}.spreadsheetml.worksheet+xml"/>`;
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/xl/workbook.xml" ContentType="${ct}.spreadsheetml.sheet.main+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="${ct}.spreadsheetml.styles+xml"/>` +
    sheets +
    '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
    `<Override PartName="/docProps/app.xml" ContentType="${ct}.extended-properties+xml"/></Types>`
  );
}

const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">` +
  `<Relationship Id="rId1" Type="${REL_TYPE}officeDocument" Target="xl/workbook.xml"/>` +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
  `<Relationship Id="rId3" Type="${REL_TYPE}extended-properties" Target="docProps/app.xml"/></Relationships>`;

const APP =
  `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">` +
  '<Application>Microsoft Excel</Application></Properties>';

function core(created: Date): string {
  const at = `${created.toISOString().slice(0, 19)}Z`;
  return (
    `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    '<dc:creator>Project Portal</dc:creator>' +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${at}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${at}</dcterms:modified></cp:coreProperties>`
  );
}

function workbookRels(sheetCount: number): string {
  let rels = '';
  for (let i = 1; i <= sheetCount; i++)
    rels += `<Relationship Id="rId${i}" Type="${REL_TYPE}worksheet" Target="worksheets/sheet${i}.xml"/>`;
  return (
    `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">${rels}` +
    `<Relationship Id="rId${sheetCount + 1}" Type="${REL_TYPE}styles" Target="styles.xml"/></Relationships>`
  );
}

/** The workbook part, written last: its autofilter names need each sheet's row count. */
function workbook(sheets: { name: string; filter: string | null }[]): string {
  const quoted = (n: string) => `'${n.replace(/'/g, "''")}'`;
  const names = sheets
    .map((s, i) =>
      s.filter === null
        ? ''
        : `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">${xmlText(
            `${quoted(s.name)}!${s.filter.replace(/([A-Z]+)(\d+)/g, '$$$1$$$2')}`,
          )}</definedName>`,
    )
    .join('');
  const list = sheets
    .map((s, i) => `<sheet name="${xmlText(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('');
  return (
    `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
    `<bookViews><workbookView xWindow="0" yWindow="0" windowWidth="12000" windowHeight="24000"/></bookViews>` +
    `<sheets>${list}</sheets>${names ? `<definedNames>${names}</definedNames>` : ''}` +
    '<calcPr calcId="171027"/></workbook>'
  );
}

/** A column's letters: 0 → A, 26 → AA. */
function columnLetters(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** The Excel serial of a date (days since 1899-12-30, UTC; the time as the fraction). */
const serial = (d: Date) => d.getTime() / DAY_MS + EPOCH_DAYS;

/** A compiled column: writes its cell of a row as XML (empty for no value). */
type CellWriter = (row: unknown, ref: string) => string;

function cellWriter(c: Column<unknown>, letters: string): CellWriter {
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

/** The rows' own iterator (no generator wrapped around it: a row costs one `next()`). */
function iterate<Row>(rows: AsyncIterable<Row> | Iterable<Row>): AsyncIterator<Row> | Iterator<Row> {
  return Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
}

interface Primed<Row> {
  head: Row[];
  rest: AsyncIterator<Row> | Iterator<Row> | undefined;
}

/**
 * Reads a sheet's first rows before anything of it is written: they give the column widths, and a failing
 * source (typically the first query) fails before the file has a single byte.
 */
async function prime<Row>(sheet: Sheet<Row>): Promise<Primed<Row>> {
  const source = iterate(sheet.rows);
  const head: Row[] = [];
  const wanted = sheet.columns.some((c) => c.width === undefined) ? MEASURED_ROWS : 1;
  while (head.length < wanted) {
    const next = await source.next();
    if (next.done) return { head, rest: undefined };
    head.push(next.value);
  }
  return { head, rest: source };
}

/**
 * A zip entry deflated by Node's zlib (native, and in the thread pool while streamed: the XML of the next
 * chunk is built meanwhile), its CRC by zlib.crc32; fflate's streaming `Zip` writes the container.
 * (fflate's own JS deflate took two thirds of the time.)
 */
class Entry implements ZipInputFile {
  compression = 8;
  flag = 0;
  crc = 0;
  size = 0;
  ondata?: AsyncFlateStreamHandler;
  constructor(public filename: string) {}
  /** Counts raw bytes in. */
  take(buf: Buffer): Buffer {
    this.crc = crc32(buf, this.crc);
    this.size += buf.length;
    return buf;
  }
  emit(deflated: Uint8Array, final: boolean): void {
    this.ondata!(null, deflated as Uint8Array<ArrayBuffer>, final);
  }
}

/**
 * The zip on its way to `output`: parts are added one after the other, and writes wait while the output
 * (or the deflater) is full, so memory stays a couple of chunks whatever the file's size.
 */
class ZipOut {
  private readonly zip: Zip;
  private error: Error | undefined;
  private full = false;

  constructor(private readonly output: Writable) {
    this.zip = new Zip((err, chunk, final) => {
      if (err) return void (this.error ??= err);
      if (!output.write(chunk)) this.full = true;
      if (final) output.end();
    });
  }

  /** A whole small part. */
  part(name: string, xml: string): void {
    const entry = new Entry(name);
    this.zip.add(entry);
    entry.emit(deflateRawSync(entry.take(Buffer.from(xml, 'utf8')), { level: LEVEL }), true);
    this.check();
  }

  /** A streamed part: `write` its text in chunks, the last one `final`. */
  stream(name: string) {
    const entry = new Entry(name);
    this.zip.add(entry);
    // a chunk or two may wait for the deflater (Transform's option, which ZlibOptions does not list)
    const z = createDeflateRaw({ level: LEVEL, writableHighWaterMark: 2 * CHUNK } as ZlibOptions);
    z.on('data', (c: Buffer) => entry.emit(c, false));
    const failed = new Promise<never>((_, reject) => z.once('error', reject));
    failed.catch(() => undefined);
    return {
      write: async (text: string, final = false) => {
        try {
          const more = z.write(entry.take(Buffer.from(text, 'utf8')));
          if (final) {
            z.end();
            await Promise.race([finished(z), failed]);
            entry.emit(new Uint8Array(0), true);
          } else if (!more) await Promise.race([once(z, 'drain'), failed]);
          this.check();
          await this.flush();
        } catch (err) {
          z.destroy();
          throw err;
        }
      },
    };
  }

  end(): void {
    this.zip.end();
    this.check();
  }

  private check(): void {
    if (this.error) throw this.error;
  }

  /** Waits for the output to drain (or fails if it is gone). */
  private async flush(): Promise<void> {
    const out = this.output;
    if (out.destroyed) throw new Error('the report output was closed');
    if (!this.full) return;
    this.full = false;
    if (!out.writableNeedDrain) return;
    await new Promise<void>((resolve, reject) => {
      const done = (err?: Error) => {
        out.off('drain', done);
        out.off('close', closed);
        out.off('error', done);
        if (err) reject(err);
        else resolve();
      };
      const closed = () => done(new Error('the report output was closed'));
      out.on('drain', done);
      out.on('close', closed);
      out.on('error', done);
    });
  }
}

/** Writes the workbook to `output` (ended when done); resolves when the file is complete. */
export async function writeWorkbook(output: Writable, sheets: AnySheet[]): Promise<void> {
  // read the first rows before the first byte: a failing first query fails the request, not the download
  const first = sheets.length > 0 ? await prime(sheets[0]!) : undefined;
  const used = new Set<string>();
  const names = sheets.map((s) => sheetName(s.name, used));
  const zip = new ZipOut(output);
  zip.part('[Content_Types].xml', contentTypes(sheets.length));
  zip.part('_rels/.rels', ROOT_RELS);
  zip.part('docProps/app.xml', APP);
  zip.part('docProps/core.xml', core(new Date()));
  zip.part('xl/_rels/workbook.xml.rels', workbookRels(sheets.length));
  zip.part('xl/styles.xml', STYLES);
  const filters: { name: string; filter: string | null }[] = [];
  for (const [index, sheet] of sheets.entries()) {
    const columns = sheet.columns as Column<unknown>[];
    const { head, rest } = index === 0 ? first! : await prime(sheet);
    const letters = columns.map((_, i) => columnLetters(i));
    const writers = columns.map((c, i) => cellWriter(c, letters[i]!));
    const widths = columns.map((c) => {
      if (c.width !== undefined) return c.width;
      let longest = c.header.length;
      for (const r of head) longest = Math.max(longest, displayLength(c.type, cellValue(c.type, c.value(r))));
      return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.ceil(longest) + 2));
    });
    const part = zip.stream(`xl/worksheets/sheet${index + 1}.xml`);
    let xml =
      `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
      '<sheetViews><sheetView workbookViewId="0">' +
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
      '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
      '<sheetFormatPr defaultRowHeight="15"/>' +
      (columns.length
        ? `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`
        : '') +
      '<sheetData><row r="1">' +
      columns
        .map((c, i) => `<c r="${letters[i]}1" s="1" t="inlineStr"><is><t>${xmlText(c.header)}</t></is></c>`)
        .join('') +
      '</row>';
    let n = 1;
    const cells: string[] = new Array<string>(writers.length);
    /** Adds a row; true when a chunk is ready to be written. */
    const addRow = (r: unknown) => {
      const ref = String(++n);
      for (let i = 0; i < writers.length; i++) cells[i] = writers[i]!(r, ref);
      xml += `<row r="${ref}">${cells.join('')}</row>`;
      return xml.length >= CHUNK;
    };
    const writeChunk = () => {
      const text = xml;
      xml = '';
      return part.write(text);
    };
    for (const r of head) if (addRow(r)) await writeChunk();
    if (rest)
      try {
        for (let next = await rest.next(); !next.done; next = await rest.next())
          if (addRow(next.value)) await writeChunk();
      } catch (err) {
        await rest.return?.(); // the source's queries stop with the file
        throw err;
      }
    const last = columnLetters(Math.max(columns.length, 1) - 1);
    const filter = columns.length ? `A1:${last}${n}` : null;
    filters.push({ name: names[index]!, filter });
    xml +=
      '</sheetData>' +
      (filter ? `<autoFilter ref="${filter}"/>` : '') +
      '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';
    await part.write(xml, true);
  }
  zip.part('xl/workbook.xml', workbook(filters));
  zip.end();
}

/**
 * Answers a Fastify request with the workbook, streamed as it is written: xlsx content type,
 * `x-file-name` (URI-encoded, as the web app reads it) and an attachment content-disposition.
 * An error before the first byte of the file (typically the first query) is thrown, so it becomes the
 * usual error answer; after that it is logged and the connection is cut (the client sees a failed
 * download, never a truncated file that looks complete).
 */
export async function sendWorkbook(
  reply: FastifyReply,
  fileName: string,
  sheets: AnySheet[],
): Promise<FastifyReply> {
  let started!: () => void;
  const firstByte = new Promise<void>((resolve) => (started = resolve));
  const body = new Transform({
    transform(chunk, _encoding, callback) {
      started();
      callback(null, chunk);
    },
  });
  const writing = writeWorkbook(body, sheets).then(
    () => undefined,
    (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
  );
  const early = await Promise.race([firstByte.then(() => undefined), writing]);
  if (early) throw early;
  void writing.then((err) => {
    if (!err) return;
    reply.log.error({ err, fileName }, 'report export failed while streaming');
    body.destroy(err);
  });
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('x-file-name', encodeURIComponent(fileName))
    .header('access-control-expose-headers', 'x-file-name, content-disposition')
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'no-store')
    .send(body);
}
