import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { Writable } from 'node:stream';
import { writeWorkbook, type AnySheet } from '@server/adapters/reports';
import {
  WEEKLY_SUPERVISION_EXPORT_FILE,
  weeklySupervisionExportRows,
  weeklySupervisionExportSheets,
} from '@server/modules/supervision/export';
import { createTestContext, type TestContext } from '../helpers';
import { request } from '../request';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 30 });
});
afterAll(() => ctx?.close());

/** The Weekly Supervision grid's column titles (src/web/features/admin/weekly-supervision/WeeklySupervisionPage.tsx). */
const GRID_TITLES = [
  'Project Code',
  'Project Name',
  'Client',
  'Project Status',
  'Priority',
  'Internal',
  'Co-management',
  'During Type',
  'OP Submitted?',
  'OP Status',
  'Environment',
];

async function roundTrip(sheets: AnySheet[]) {
  const chunks: Buffer[] = [];
  await writeWorkbook(
    new Writable({
      write(c: Buffer, _e, cb) {
        chunks.push(c);
        cb();
      },
    }),
    sheets,
  );
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

/** Rows of a sheet as objects keyed by header. */
function records(ws: ExcelJS.Worksheet) {
  const headers = (ws.getRow(1).values as unknown[]).slice(1) as string[];
  const out: Record<string, unknown>[] = [];
  for (let i = 2; i <= ws.rowCount; i++) {
    const row = ws.getRow(i);
    out.push(Object.fromEntries(headers.map((h, j) => [h, row.getCell(j + 1).value])));
  }
  return out;
}

describe('Weekly Supervision export', () => {
  it('has the grid columns and every row of the grid, with names and real dates', async () => {
    const grid = await ctx.app.inject({
      url: '/api/weekly-supervision?take=1000',
      headers: await ctx.auth('alice.admin'),
    });
    const gridRows = grid.json() as { projectCode: string }[];
    expect(gridRows.length).toBeGreaterThan(10);

    const t = Date.now();
    const ws = await roundTrip(weeklySupervisionExportSheets(ctx.db, {}));
    console.log(`${gridRows.length} rows exported and read back in ${Date.now() - t} ms`);
    expect(WEEKLY_SUPERVISION_EXPORT_FILE).toBe('report-all-weekly-supervisions.xlsx');
    expect(ws.name).toBe('Weekly Supervision');
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, GRID_TITLES.length)).toEqual(GRID_TITLES);
    expect(headers.slice(GRID_TITLES.length)).toEqual([
      'Project Manager',
      'Partner',
      'Start Date',
      'End Date',
    ]);
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    const rows = records(ws);
    expect(rows.map((r) => r['Project Code'])).toEqual(gridRows.map((r) => r.projectCode));

    const during = rows.find((r) => r['Project Code'] === 'DEMO-DURING')!;
    expect(during).toMatchObject({
      'Project Name': 'Demo During Project',
      'Project Status': 'During',
      'OP Submitted?': 'No',
      'OP Status': 'Not Submitted',
      'Project Manager': 'Marcos Moura',
      Partner: 'Paula Pereira',
    });
    const project = await ctx.db
      .selectFrom('projects')
      .select(['startDate', 'endDate'])
      .where('code', '=', 'DEMO-DURING')
      .executeTakeFirstOrThrow();
    expect(project.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(during['Start Date']).toBeInstanceOf(Date);
    expect((during['Start Date'] as Date).toISOString().slice(0, 10)).toBe(project.startDate);
    const startCell = ws.getRow(rows.indexOf(during) + 2).getCell(GRID_TITLES.length + 3);
    expect(startCell.numFmt).toBe('dd/mm/yyyy');
    // names, never ids
    for (const r of rows) {
      expect(typeof r['Project Status']).toBe('string');
      expect(['Green', 'Yellow', 'Red', 'Not Submitted']).toContain(r['OP Status']);
      expect(['Yes', 'No']).toContain(r.Priority);
    }
  });

  it("applies the grid's filters", async () => {
    const one = records(await roundTrip(weeklySupervisionExportSheets(ctx.db, { search: 'demo-during' })));
    expect(one.map((r) => r['Project Code'])).toEqual(['DEMO-DURING']);
    const paused = records(await roundTrip(weeklySupervisionExportSheets(ctx.db, { status: [6] })));
    expect(paused.map((r) => r['Project Code'])).toContain('DEMO-PAUSED');
    expect(paused.every((r) => r['Project Status'] === 'Paused')).toBe(true);
  });

  it('reads all rows in batches, each once and in order', async () => {
    const codes = async (batchSize?: number) => {
      const out: string[] = [];
      for await (const r of weeklySupervisionExportRows(ctx.db, {}, { batchSize })) out.push(r.projectCode);
      return out;
    };
    const all = await codes();
    expect(await codes(7)).toEqual(all);
    expect(await codes(all.length)).toEqual(all); // a batch boundary exactly at the end
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('GET /api/weekly-supervision/export', () => {
  const download = (query: string, login = 'alice.admin') =>
    request(ctx, login).get(`/api/weekly-supervision/export${query}`);
  async function sheetOf(body: Buffer) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    return wb.worksheets[0]!;
  }

  it("streams the grid's rows for the filters as an xlsx named report-all-weekly-supervisions.xlsx", async () => {
    const h = await ctx.auth('alice.admin');
    const grid = (
      await ctx.app.inject({ url: '/api/weekly-supervision?status=3&take=1000', headers: h })
    ).json() as { projectCode: string }[];
    const everything = (
      await ctx.app.inject({ url: '/api/weekly-supervision?take=1000', headers: h })
    ).json() as unknown[];
    expect(grid.length).toBeGreaterThan(1);
    expect(grid.length).toBeLessThan(everything.length);

    const res = await download('?status=3');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['x-file-name']).toBe('report-all-weekly-supervisions.xlsx');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="?report-all-weekly-supervisions\.xlsx"?$/,
    );
    expect(String(res.headers['access-control-expose-headers'])).toContain('x-file-name');

    const ws = await sheetOf(res.rawPayload);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      ...GRID_TITLES,
      'Project Manager',
      'Partner',
      'Start Date',
      'End Date',
    ]);
    const rows = records(ws);
    // the filter applied, every page of it (no paging), in the grid's order
    expect(rows).toHaveLength(grid.length);
    expect(rows.map((r) => r['Project Code'])).toEqual(grid.map((r) => r.projectCode));
    expect(rows.every((r) => r['Project Status'] === 'During')).toBe(true);
    const during = rows.find((r) => r['Project Code'] === 'DEMO-DURING')!;
    expect(during['Start Date']).toBeInstanceOf(Date);
    expect(during['Project Manager']).toBe('Marcos Moura');
  });

  it('applies search, and answers a header-only file when nothing matches', async () => {
    const one = records(await sheetOf((await download('?search=DEMO-DURING')).rawPayload));
    expect(one.map((r) => r['Project Code'])).toEqual(['DEMO-DURING']);
    const none = await download('?search=no-such-project-anywhere');
    expect(none.statusCode).toBe(200);
    const ws = await sheetOf(none.rawPayload);
    expect(ws.rowCount).toBe(1);
    expect(ws.getRow(1).getCell(1).value).toBe('Project Code');
  });

  it('is for holders of Admin, IDOne, KNW or PDC only; refuses bad filters with 400', async () => {
    for (const login of ['oscar.outsider', 'marcos.manager', 'gil.governance']) {
      const res = await download('', login);
      expect(res.statusCode, login).toBe(403);
      expect(res.headers['x-file-name'], login).toBeUndefined();
    }
    expect((await ctx.app.inject({ url: '/api/weekly-supervision/export' })).statusCode).toBe(401);
    expect((await download('', 'pedro.pdc')).statusCode).toBe(200);
    for (const q of ['?status=9', '?status=x', `?search=${'y'.repeat(201)}`, '?search=%00']) {
      const res = await download(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.headers['content-type'], q).toMatch(/application\/json/);
    }
  });
});

// --- the Allocation Supervision export, and the header filters on both exports
describe('GET /api/allocation-supervision/export', () => {
  const ALLOCATION_TITLES = [
    'Project Code',
    'Project Name',
    'Client',
    'Project Status',
    'Practice',
    'OP Submitted?',
    'During Type',
    'Has Allocation',
    'Has Governance Action',
    'Allocation Status',
    'Environment',
    'Project Manager',
    'Partner',
    'Start Date',
    'End Date',
  ];
  async function sheetOf(body: Buffer) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    return wb.worksheets[0]!;
  }

  it("streams the allocation columns of the grid's rows for its filters, named report-all-allocations.xlsx", async () => {
    const h = await ctx.auth('ida.idone');
    const grid = (
      await ctx.app.inject({ url: '/api/allocation-supervision?hasAllocation=true&take=1000', headers: h })
    ).json() as { projectCode: string; allocationStatusName: string }[];
    expect(grid.length).toBeGreaterThan(0);
    const res = await ctx.app.inject({
      url: '/api/allocation-supervision/export?hasAllocation=true',
      headers: h,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-file-name']).toBe('report-all-allocations.xlsx');
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const ws = await sheetOf(res.rawPayload);
    expect(ws.name).toBe('Allocation Supervision');
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(ALLOCATION_TITLES);
    const rows = records(ws);
    expect(rows.map((r) => r['Project Code'])).toEqual(grid.map((r) => r.projectCode));
    expect(rows.every((r) => r['Has Allocation'] === 'Yes')).toBe(true);
    expect(rows.map((r) => r['Allocation Status'])).toEqual(grid.map((r) => r.allocationStatusName));
    const dated = rows.find((r) => r['Start Date'] != null)!;
    expect(dated['Start Date']).toBeInstanceOf(Date);
  });

  it('is for the admin scopes only; bad filters are 400', async () => {
    for (const login of ['oscar.outsider', 'gil.governance']) {
      const res = await ctx.app.inject({
        url: '/api/allocation-supervision/export',
        headers: await ctx.auth(login),
      });
      expect(res.statusCode, login).toBe(403);
    }
    const bad = await ctx.app.inject({
      url: '/api/allocation-supervision/export?allocationStatus=9',
      headers: await ctx.auth('alice.admin'),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('applies the one-page header filters to the weekly export too', async () => {
    const h = await ctx.auth('alice.admin');
    const grid = (
      await ctx.app.inject({ url: '/api/weekly-supervision?onePageSubmitted=false&take=1000', headers: h })
    ).json() as { projectCode: string }[];
    const res = await ctx.app.inject({
      url: '/api/weekly-supervision/export?onePageSubmitted=false',
      headers: h,
    });
    const rows = records(await sheetOf(res.rawPayload));
    expect(rows.map((r) => r['Project Code'])).toEqual(grid.map((r) => r.projectCode));
    expect(rows.every((r) => r['OP Submitted?'] === 'No')).toBe(true);
  });
});
