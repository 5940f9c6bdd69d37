import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  sendWorkbook,
  writeWorkbook,
  XLSX_CONTENT_TYPE,
  type AnySheet,
  type Column,
} from '@server/adapters/reports';

interface Person {
  id: number;
  name: string;
  managerId: number;
  startDate: string | null;
  hiredAt: Date;
  updatedAt: Date;
  days: number;
  rate: number;
  active: boolean;
}

const managers = new Map([
  [7, 'Marcos Manager'],
  [8, 'Paula Partner'],
]);

const peopleColumns: Column<Person>[] = [
  { header: 'Name', key: 'name', type: 'text', value: (p) => p.name },
  { header: 'Manager', key: 'manager', type: 'text', value: (p) => managers.get(p.managerId) },
  { header: 'Start date', key: 'startDate', type: 'date', value: (p) => p.startDate },
  { header: 'Hired', key: 'hiredAt', type: 'date', value: (p) => p.hiredAt },
  { header: 'Updated', key: 'updatedAt', type: 'datetime', value: (p) => p.updatedAt },
  { header: 'Days', key: 'days', type: 'number', width: 12, value: (p) => p.days },
  { header: 'Allocation', key: 'rate', type: 'percent', value: (p) => p.rate },
  { header: 'Active', key: 'active', type: 'boolean', value: (p) => p.active },
];

const people: Person[] = [
  {
    id: 1,
    name: 'Ana Souza',
    managerId: 7,
    startDate: '2024-03-05',
    hiredAt: new Date('2020-01-31T15:00:00Z'),
    updatedAt: new Date('2024-06-01T12:34:00Z'),
    days: 12.5,
    rate: 0.25,
    active: true,
  },
  {
    id: 2,
    name: 'João Sócio',
    managerId: 8,
    startDate: null,
    hiredAt: new Date('2019-12-01T00:00:00Z'),
    updatedAt: new Date('2024-06-02T08:00:00Z'),
    days: 3,
    rate: 1,
    active: false,
  },
];

async function* projects(n: number) {
  for (let i = 1; i <= n; i++)
    yield {
      code: `P-${String(i).padStart(5, '0')}`,
      total: i * 1.5,
      due: `2025-${String((i % 12) + 1).padStart(2, '0')}-15`,
    };
}
const projectSheet = (n: number): AnySheet => ({
  name: 'Projects: all / open', // characters Excel refuses in sheet names
  columns: [
    { header: 'Code', key: 'code', type: 'text', value: (r: { code: string }) => r.code },
    { header: 'Total', key: 'total', type: 'number', value: (r: { total: number }) => r.total },
    { header: 'Due', key: 'due', type: 'date', value: (r: { due: string }) => r.due },
  ],
  rows: projects(n),
});

async function toBuffer(sheets: AnySheet[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk);
      cb();
    },
  });
  await writeWorkbook(sink, sheets);
  return Buffer.concat(chunks);
}

async function load(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb;
}

describe('Excel report kit', () => {
  it('writes typed sheets that read back with bold frozen headers, filters, real dates and numbers', async () => {
    const wb = await load(
      await toBuffer([{ name: 'People', columns: peopleColumns, rows: people }, projectSheet(30)]),
    );
    expect(wb.worksheets.map((w) => w.name)).toEqual(['People', 'Projects  all   open']);

    const ws = wb.getWorksheet('People')!;
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Name',
      'Manager',
      'Start date',
      'Hired',
      'Updated',
      'Days',
      'Allocation',
      'Active',
    ]);
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBe('A1:H3'); // the header and every row
    expect(ws.rowCount).toBe(3);

    // display values, not ids
    expect(ws.getCell('A2').value).toBe('Ana Souza');
    expect(ws.getCell('B2').value).toBe('Marcos Manager');
    expect(ws.getCell('A3').value).toBe('João Sócio');
    // a real date from a 'YYYY-MM-DD' string, on the right day, shown dd/mm/yyyy
    const start = ws.getCell('C2');
    expect(start.value).toBeInstanceOf(Date);
    expect((start.value as Date).toISOString()).toBe('2024-03-05T00:00:00.000Z');
    expect(start.numFmt).toBe('dd/mm/yyyy');
    expect(ws.getCell('C3').value).toBeNull(); // no date → empty cell
    expect((ws.getCell('D2').value as Date).toISOString()).toBe('2020-01-31T00:00:00.000Z');
    expect((ws.getCell('E2').value as Date).toISOString()).toBe('2024-06-01T12:34:00.000Z');
    expect(ws.getCell('E2').numFmt).toBe('dd/mm/yyyy hh:mm');
    // numbers are numbers
    expect(ws.getCell('F2').value).toBe(12.5);
    expect(ws.getCell('F2').type).toBe(ExcelJS.ValueType.Number);
    expect(ws.getCell('G2').value).toBe(0.25);
    expect(ws.getCell('G2').numFmt).toBe('0%');
    expect([ws.getCell('H2').value, ws.getCell('H3').value]).toEqual(['Yes', 'No']);
    // widths: given, or measured (at least the header, at most 60)
    expect(ws.getColumn(6).width).toBe(12);
    expect(ws.getColumn(1).width).toBeGreaterThanOrEqual('João Sócio'.length);
    expect(ws.getColumn(3).width).toBeGreaterThanOrEqual('Start date'.length);

    const ps = wb.worksheets[1]!;
    expect(ps.rowCount).toBe(31);
    expect(ps.getCell('A31').value).toBe('P-00030');
    expect(ps.getCell('B31').value).toBe(45);
    expect((ps.getCell('C2').value as Date).toISOString()).toBe('2025-02-15T00:00:00.000Z');
    expect(ps.autoFilter).toBe('A1:C31');
  });

  it('streams 10,000 rows', async () => {
    const t = Date.now();
    const buf = await toBuffer([projectSheet(10_000)]);
    const ms = Date.now() - t;
    console.log(`10,000 rows × 3 columns streamed in ${ms} ms (${Math.round(buf.length / 1024)} KB)`);
    const ws = (await load(buf)).worksheets[0]!;
    expect(ws.rowCount).toBe(10_001);
    expect(ws.getCell('A10001').value).toBe('P-10000');
  });

  it('styles the header: bold, grey fill, thin bottom border', async () => {
    const ws = (await load(await toBuffer([projectSheet(2)]))).worksheets[0]!;
    const h = ws.getCell('B1');
    expect(h.font?.bold).toBe(true);
    expect(h.fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7E6E6' } });
    expect(h.border?.bottom?.style).toBe('thin');
    expect(ws.getCell('B2').font?.bold).toBeFalsy();
    expect(ws.getCell('B2').numFmt).toBe('#,##0.00');
  });

  it('escapes markup, drops characters XML forbids and keeps emoji, spaces and literal _xHHHH_', async () => {
    const texts = [
      '<b>Tom & "Jerry"</b> > all',
      'bell\x07 and nul\x00 and esc\x1b gone',
      'line one\r\nline two',
      'rocket 🚀 and ç ã ü',
      '_x0041_ stays',
      '  padded  ',
      'lone \uD800 surrogate',
    ];
    const sheet: AnySheet = {
      name: "R&D <'team'>",
      columns: [
        { header: 'Text <&>', key: 't', type: 'text', value: (r: { t: string }) => r.t },
        { header: 'Number', key: 'n', type: 'number', value: () => 'not a number' },
        { header: 'Integer', key: 'i', type: 'integer', value: () => '41.6' },
        { header: 'Date', key: 'd', type: 'date', value: () => 'someday' },
      ],
      rows: texts.map((t) => ({ t })),
    };
    const buf = await toBuffer([sheet]);
    const ws = (await load(buf)).worksheets[0]!;
    expect(ws.name).toBe("R&D <'team'>");
    expect(ws.getCell('A1').value).toBe('Text <&>');
    expect(texts.map((_, i) => ws.getCell(`A${i + 2}`).value)).toEqual([
      '<b>Tom & "Jerry"</b> > all',
      'bell and nul and esc gone',
      'line one\r\nline two',
      'rocket 🚀 and ç ã ü',
      // Excel reads _xHHHH_ as a character: a literal one is written _x005F_xHHHH_ (exceljs does not decode it)
      '_x005F_x0041_ stays',
      '  padded  ',
      'lone \uFFFD surrogate',
    ]);
    expect(ws.getCell('B2').value).toBeNull(); // not a number → empty, never NaN
    expect(ws.getCell('C2').value).toBe(42);
    expect(ws.getCell('D2').value).toBeNull();
    // the zip itself is sound (when unzip is installed)
    let unzip = true;
    try {
      execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    } catch {
      unzip = false;
    }
    if (unzip) {
      const dir = mkdtempSync(join(tmpdir(), 'kit-'));
      try {
        writeFileSync(join(dir, 'r.xlsx'), buf);
        expect(execFileSync('unzip', ['-t', join(dir, 'r.xlsx')]).toString()).toContain('No errors detected');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('streams 100,000 rows to a slow reader with backpressure: the source waits, memory stays flat', async () => {
    const N = 100_000;
    let produced = 0;
    const rows = (function* () {
      for (let i = 1; i <= N; i++) {
        produced = i;
        yield {
          code: `P-${String(i).padStart(6, '0')}`,
          n: i,
          text: `Some longer description of row ${i} ${'x'.repeat(i % 40)}`,
        };
      }
    })();
    const sheet: AnySheet = {
      name: 'Big',
      columns: [
        { header: 'Code', key: 'code', type: 'text', width: 10, value: (r: { code: string }) => r.code },
        { header: 'N', key: 'n', type: 'integer', width: 10, value: (r: { n: number }) => r.n },
        { header: 'Due', key: 'due', type: 'date', width: 10, value: () => '2026-01-05' },
        { header: 'Text', key: 'text', type: 'text', width: 40, value: (r: { text: string }) => r.text },
      ],
      rows,
    };
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const chunks: Buffer[] = [];
    const sink = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _enc, cb) {
        chunks.push(chunk);
        void gate.then(() => setImmediate(cb)); // held until released, then one chunk per turn
      },
    });
    const heap0 = process.memoryUsage().heapUsed;
    let heapMax = heap0;
    const sampler = setInterval(() => (heapMax = Math.max(heapMax, process.memoryUsage().heapUsed)), 20);
    const writing = writeWorkbook(sink, [sheet]);
    // the sink takes nothing: the writer stops reading rows after a chunk or two
    let seen = -1;
    while (seen !== produced) {
      seen = produced;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(produced).toBeLessThan(15_000);
    release();
    await writing;
    await finished(sink); // what was written is still reaching the slow sink
    clearInterval(sampler);
    expect(produced).toBe(N);
    // the uncompressed sheet is ~15 MB (30 MB as JS strings): it was never held whole
    expect((heapMax - heap0) / 1024 / 1024).toBeLessThan(100);
    const ws = (await load(Buffer.concat(chunks))).worksheets[0]!;
    expect(ws.rowCount).toBe(N + 1);
    expect(ws.getCell(`A${N + 1}`).value).toBe('P-100000');
    expect(ws.getCell(`B${N + 1}`).value).toBe(N);
    expect((ws.getCell(`C${N + 1}`).value as Date).toISOString()).toBe('2026-01-05T00:00:00.000Z');
    expect(ws.autoFilter).toBe(`A1:D${N + 1}`);
  }, 60_000);

  it('writes a sheet without rows as its header alone', async () => {
    const ws = (await load(await toBuffer([projectSheet(0)]))).worksheets[0]!;
    expect(ws.rowCount).toBe(1);
    expect(ws.getCell('C1').value).toBe('Due');
    expect(ws.autoFilter).toBe('A1:C1');
  });

  it('stops reading the rows when the output goes away (a cancelled download)', async () => {
    let read = 0;
    let closed = false;
    const rows = (function* () {
      try {
        for (let i = 1; i <= 1_000_000; i++) {
          read = i;
          yield { code: `P-${i}`, total: i, due: '2025-01-01' };
        }
      } finally {
        closed = true;
      }
    })();
    const sink = new Writable({
      write(_chunk, _enc, cb) {
        cb();
        setImmediate(() => sink.destroy()); // the client leaves after the first bytes
      },
    });
    const sheet = { ...projectSheet(0), rows };
    await expect(writeWorkbook(sink, [sheet])).rejects.toThrow('closed');
    expect(closed).toBe(true);
    expect(read).toBeLessThan(100_000);
  });

  it('answers an HTTP request with the file and its names', async () => {
    const app = Fastify();
    app.get('/report', (_req, reply) =>
      sendWorkbook(reply, 'relatório semanal.xlsx', [
        { name: 'People', columns: peopleColumns, rows: people },
      ]),
    );
    app.get('/broken', (_req, reply) =>
      sendWorkbook(reply, 'broken.xlsx', [
        {
          name: 'Broken',
          columns: peopleColumns,
          // eslint-disable-next-line require-yield
          rows: (async function* () {
            throw new Error('the query failed');
          })(),
        },
      ]),
    );
    const res = await app.inject({ method: 'GET', url: '/report' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(decodeURIComponent(String(res.headers['x-file-name']))).toBe('relatório semanal.xlsx');
    expect(res.headers['access-control-expose-headers']).toContain('x-file-name');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="relat?rio semanal.xlsx"; filename*=UTF-8''relat%C3%B3rio%20semanal.xlsx`,
    );
    const wb = await load(res.rawPayload);
    expect(wb.worksheets[0]!.getCell('B2').value).toBe('Marcos Manager');

    // a failure before the first byte is an ordinary error answer, not a broken download
    const broken = await app.inject({ method: 'GET', url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.headers['content-type']).toContain('application/json');
    await app.close();
  });
});
