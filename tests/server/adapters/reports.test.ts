import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { Writable } from 'node:stream';
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
    expect(ws.autoFilter).toBe('A1:H1');
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
    expect(ps.autoFilter).toBe('A1:C1');
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
