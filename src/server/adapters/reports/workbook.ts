import type { Writable } from 'node:stream';
import { cellWriter, columnLetters } from './cells';
import { columnWidths, MEASURED_ROWS, sheetName, type AnySheet, type Column, type Sheet } from './columns';
import {
  APP,
  contentTypes,
  core,
  ROOT_RELS,
  STYLES,
  workbook,
  workbookRels,
  worksheetHead,
  worksheetTail,
} from './spreadsheetml';
import { CHUNK, ZipOut } from './zip-stream';

/** Writes a workbook: sheet after sheet, its rows made into XML by the chunk and streamed into the zip. */

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
    const widths = columnWidths(columns, head);
    const part = zip.stream(`xl/worksheets/sheet${index + 1}.xml`);
    let xml = worksheetHead(columns, letters, widths);
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
    xml += worksheetTail(filter);
    await part.write(xml, true);
  }
  zip.part('xl/workbook.xml', workbook(filters));
  zip.end();
}
