import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { REPORT_FILE_NAMES, REPORT_SCOPES, type ReportName } from '@domain/rules';
import { SCOPES } from '@domain/constants';
import { modules } from '@server/modules';
import reports from '@server/modules/reports/routes';
import { reportJobsOf } from '@server/modules/reports/jobs';
import { REPORTS, type BuiltReport } from '@server/modules/reports/registry';
import { weekStart } from '@server/platform/dates';
import { createTestContext, demoIds, type TestContext } from '../helpers';
import { request } from '../request';

/**
 * Report downloads: every GET /api/reports/<name> of this
 * module opened back with exceljs (header row, rows, a real date cell), forbidden per scope, bad input, the
 * one-page filters, and the report-job flow (POST → 202, poll, file, 24-hour cleanup) through drain().
 */
if (!modules.includes(reports)) modules.push(reports);

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
const today = new Date().toISOString().slice(0, 10);
const shift = (d: string, days: number) => {
  const x = new Date(`${d}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() + days);
  return x.toISOString().slice(0, 10);
};
const monday = weekStart(new Date());

beforeAll(async () => {
  ctx = await createTestContext({ projects: 6 });
  ids = await demoIds(ctx.db);
});
afterAll(() => ctx?.close());

async function open(payload: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  return wb;
}
const headerOf = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1);
/** The data rows of a sheet as objects keyed by header. */
function records(ws: ExcelJS.Worksheet) {
  const headers = headerOf(ws) as string[];
  const out: Record<string, unknown>[] = [];
  for (let i = 2; i <= ws.rowCount; i++) {
    const row = ws.getRow(i);
    out.push(Object.fromEntries(headers.map((h, j) => [h, row.getCell(j + 1).value])));
  }
  return out;
}

/** Each report's query for the seeded data and a date column it must fill. */
const CASES: Record<BuiltReport, { query: string; dateColumn: string | null }> = {
  'one-page-complete': { query: '', dateColumn: 'Week Start' },
  'one-page': { query: '', dateColumn: 'Week Start' },
  'client-segments': { query: '', dateColumn: null },
  'project-status': { query: '', dateColumn: 'Status Since' },
  'company-context': { query: '', dateColumn: 'Start Date' },
  'financial-kpi': { query: '', dateColumn: 'Latest Dashboard' },
  'governance-material': { query: '', dateColumn: 'Week Start' },
  'training-development': { query: '', dateColumn: 'Updated At' },
  'project-professional-evaluations': {
    query: `?startDate=${shift(today, -1)}&endDate=${shift(today, 1)}`,
    dateColumn: 'Updated At',
  },
  'setup-assessment': { query: `?startDate=${shift(today, -1)}&endDate=${today}`, dateColumn: 'Created At' },
  'project-allocation': {
    query: `?startDate=${shift(monday, -14)}&endDate=${monday}`,
    dateColumn: 'Week Start',
  },
};
const NAMES = Object.keys(REPORTS) as BuiltReport[];

describe('GET /api/reports/<name>', () => {
  it('builds every report but idone', () => {
    expect(NAMES.sort()).toEqual(
      (Object.keys(REPORT_FILE_NAMES) as ReportName[]).filter((n) => n !== 'idone').sort(),
    );
  });

  for (const name of NAMES) {
    it(`${name}: an xlsx with its file name, header row, rows and a real date cell`, async () => {
      const { query, dateColumn } = CASES[name];
      const res = await request(ctx, 'alice.admin').get(`/api/reports/${name}${query}`);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(decodeURIComponent(String(res.headers['x-file-name']))).toBe(REPORT_FILE_NAMES[name]);
      const wb = await open(res.rawPayload);
      const ws = wb.worksheets[0]!;
      const expected = REPORTS[name].build(
        ctx.db,
        REPORTS[name].query.parse({ ...qs(query) }) as never,
        new Date(),
      );
      expect(headerOf(ws)).toEqual(expected[0]!.columns.map((c) => c.header));
      const rows = records(ws);
      expect(rows.length).toBeGreaterThanOrEqual(1);
      // display values, never ids: no cell of a name column is a bare number
      for (const r of rows) if ('Client' in r && r.Client != null) expect(typeof r.Client).toBe('string');
      if (dateColumn) {
        const dated = rows.find((r) => r[dateColumn] != null);
        expect(dated?.[dateColumn]).toBeInstanceOf(Date);
      }
      for (const s of wb.worksheets) expect(headerOf(s).length).toBeGreaterThan(0);
    });
  }

  it('Yes/No for booleans and labels for codes (one-page-complete)', async () => {
    const res = await request(ctx, 'alice.admin').get(
      '/api/reports/one-page-complete?projectCode=DEMO-READY',
    );
    const [row] = records((await open(res.rawPayload)).worksheets[0]!);
    expect(row!['Project Code']).toBe('DEMO-READY');
    expect(row!['OP Submitted?']).toBe('Yes');
    expect(['Green', 'Yellow', 'Red']).toContain(row!['OP Status']);
    expect(row!['Project Status']).toBe('During');
    expect(row!['Governance Action?']).toBe('Maybe');
    expect(row!['Need Help From Governance']).toBe('No');
  });
});

function qs(query: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(query.replace(/^\?/, '')));
}

describe('GET /api/reports/one-page-complete: its filters narrow the rows', () => {
  const rowsOf = async (query: string) => {
    const res = await request(ctx, 'pedro.pdc').get(`/api/reports/one-page-complete${query}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return records((await open(res.rawPayload)).worksheets[0]!);
  };

  it("no filter: this week's one-page of every project, one row each", async () => {
    const rows = await rowsOf('');
    const projects = await ctx.db.selectFrom('projects').select('code').execute();
    expect(rows.map((r) => r['Project Code']).sort()).toEqual(projects.map((p) => p.code).sort());
    for (const r of rows)
      if (r['Week Start'] != null) expect((r['Week Start'] as Date).toISOString().slice(0, 10)).toBe(monday);
    const during = rows.find((r) => r['Project Code'] === 'DEMO-DURING')!;
    expect(during['OP Submitted?']).toBe('No');
    expect(during['OP Status']).toBe('Not Submitted');
    expect(rows.find((r) => r['Project Code'] === 'DEMO-DRAFT')!['Week Start']).toBeNull();
  });

  it('isSubmitted=false lists the unsubmitted (projects without a one-page too); isInternal=false is false', async () => {
    const not = await rowsOf('?isSubmitted=false');
    expect(not.length).toBeGreaterThan(0);
    expect(not.every((r) => r['OP Submitted?'] === 'No')).toBe(true);
    expect(not.map((r) => r['Project Code'])).toEqual(expect.arrayContaining(['DEMO-DURING', 'DEMO-DRAFT']));
    const yes = await rowsOf('?isSubmitted=true');
    expect(yes.every((r) => r['OP Submitted?'] === 'Yes')).toBe(true);
    expect(yes.length + not.length).toBe((await rowsOf('')).length);
    const external = await rowsOf('?isInternal=false');
    expect(external.length).toBeGreaterThan(0);
    expect(external.every((r) => r.Internal === 'No')).toBe(true);
  });

  it('code, name, client, status, during type, OP status and the lists of ids', async () => {
    expect((await rowsOf('?projectCode=demo-during')).map((r) => r['Project Code'])).toEqual(['DEMO-DURING']);
    const byStatus = await rowsOf('?projectStatus=3');
    expect(byStatus.every((r) => r['Project Status'] === 'During')).toBe(true);
    const red = await rowsOf('?onePageStatus=3');
    expect(red.every((r) => r['OP Status'] === 'Red')).toBe(true);
    const ids2 = [ids.project['DEMO-READY']!, ids.project['DEMO-BRAZIL']!];
    expect((await rowsOf(`?projectIds=${ids2.join(',')}`)).map((r) => r['Project Code'])).toEqual([
      'DEMO-BRAZIL',
      'DEMO-READY',
    ]);
    const client = (await rowsOf('?projectCode=DEMO-SETUP'))[0]!.Client as string;
    expect((await rowsOf(`?clientName=${encodeURIComponent(client.slice(0, 5))}`)).length).toBeGreaterThan(0);
  });

  it("month / year: the period's one-pages, several weeks per project", async () => {
    const [y, m] = monday.split('-').map(Number);
    const month = await rowsOf(`?projectCode=DEMO-READY&month=${m}&year=${y}`);
    expect(month.length).toBeGreaterThanOrEqual(1);
    for (const r of month) {
      const d = (r['Week Start'] as Date).toISOString();
      expect(d.slice(0, 7)).toBe(monday.slice(0, 7));
    }
    const year = await rowsOf(`?projectCode=DEMO-READY&year=${y}`);
    const expected = [shift(monday, -14), shift(monday, -7), monday].filter((d) => d.startsWith(String(y)));
    expect(year.map((r) => (r['Week Start'] as Date).toISOString().slice(0, 10))).toEqual(expected);
  });
});

describe('forbidden per scope (REPORT_SCOPES)', () => {
  it('oscar.outsider may download no report', async () => {
    for (const name of NAMES) {
      const res = await request(ctx, 'oscar.outsider').get(`/api/reports/${name}${CASES[name].query}`);
      expect(res.statusCode, name).toBe(403);
    }
  });
  it('each DEMO scope holder downloads exactly the reports of its scope', async () => {
    const holders: [string, string][] = [
      ['kim.knm', SCOPES.knw],
      ['ida.idone', SCOPES.idOne],
      ['pedro.pdc', SCOPES.pdc],
      ['gil.governance', SCOPES.onePage],
    ];
    for (const [login, scope] of holders)
      for (const name of NAMES) {
        const res = await request(ctx, login).get(`/api/reports/${name}${CASES[name].query}`);
        expect(res.statusCode, `${login} ${name}`).toBe(REPORT_SCOPES[name].includes(scope) ? 200 : 403);
      }
  });
  it('kim.knm on a PDC report gets its message', async () => {
    const res = await request(ctx, 'kim.knm').get('/api/reports/one-page-complete');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This report needs the scope Admin or PDC');
  });
});

describe('bad input (400)', () => {
  it.each([
    [
      'setup-assessment',
      `?startDate=${today}&endDate=${shift(today, -1)}`,
      'the end date cannot be earlier than the start date',
    ],
    [
      'project-professional-evaluations',
      `?startDate=${today}&endDate=${shift(today, -3)}`,
      'the end date cannot be earlier than the start date',
    ],
    [
      'project-allocation',
      `?startDate=${today}&endDate=${shift(today, -3)}`,
      'the end date cannot be earlier than the start date',
    ],
    ['setup-assessment', '?startDate=2024-1-1&endDate=2024-02-01', 'must be a date YYYY-MM-DD'],
    ['setup-assessment', '', 'startDate'],
    [
      'project-allocation',
      `?startDate=${today}&endDate=${today}&professionalIds=1,x`,
      'comma-separated list of ids',
    ],
    ['project-professional-evaluations', `?startDate=${today}&endDate=${today}&idProject=abc`, 'idProject'],
    ['one-page-complete', '?month=13', 'month'],
    ['one-page-complete', '?isInternal=maybe', 'isInternal'],
    ['one-page-complete', '?onePageStatus=9', 'onePageStatus'],
    ['one-page', '?week=yesterday', 'must be a date YYYY-MM-DD'],
  ])('%s%s → 400', async (name, query, message) => {
    const res = await request(ctx, 'alice.admin').get(`/api/reports/${name}${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
  it('an unknown report is a 404 route', async () => {
    expect((await request(ctx, 'alice.admin').get('/api/reports/nope')).statusCode).toBe(404);
  });
});

describe('report jobs (POST /api/report-jobs → poll → file)', () => {
  const post = (login: string, body: unknown) => request(ctx, login).post('/api/report-jobs', body);
  const engine = () => reportJobsOf(ctx.app);

  it('runs a long report end to end through the queue', async () => {
    const created = await post('alice.admin', {
      report: 'one-page-complete',
      params: { isSubmitted: 'true' },
    });
    expect(created.statusCode, created.body).toBe(202);
    const job = created.json();
    expect(job).toMatchObject({
      report: 'one-page-complete',
      status: 'queued',
      fileName: 'ReportOnePage.xlsx',
      rows: null,
    });
    expect((await request(ctx, 'alice.admin').get(`/api/report-jobs/${job.id}`)).json().status).toBe(
      'queued',
    );
    const early = await request(ctx, 'alice.admin').get(`/api/report-jobs/${job.id}/file`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The report is not ready yet');

    expect(await engine().drain()).toBe(1);
    const done = (await request(ctx, 'alice.admin').get(`/api/report-jobs/${job.id}`)).json();
    expect(done.status).toBe('done');
    expect(done.finishedAt).toBeTruthy();
    const direct = await request(ctx, 'alice.admin').get('/api/reports/one-page-complete?isSubmitted=true');
    const directRows = records((await open(direct.rawPayload)).worksheets[0]!).length;
    expect(done.rows).toBe(directRows);

    const file = await request(ctx, 'alice.admin').get(`/api/report-jobs/${job.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(decodeURIComponent(String(file.headers['x-file-name']))).toBe('ReportOnePage.xlsx');
    const ws = (await open(file.rawPayload)).worksheets[0]!;
    expect(headerOf(ws)[0]).toBe('Project Code');
    const rows = records(ws);
    expect(rows.length).toBe(done.rows);
    expect(rows.every((r) => r['OP Submitted?'] === 'Yes')).toBe(true);
    expect(rows.find((r) => r['Week Start'] != null)!['Week Start']).toBeInstanceOf(Date);
  });

  it('its requester or an Admin reads it; anybody else gets 404', async () => {
    const created = await post('pedro.pdc', {
      report: 'project-allocation',
      params: { startDate: shift(monday, -14), endDate: monday },
    });
    expect(created.statusCode, created.body).toBe(202);
    const { id } = created.json();
    await engine().drain();
    expect((await request(ctx, 'pedro.pdc').get(`/api/report-jobs/${id}`)).json()).toMatchObject({
      status: 'done',
    });
    expect((await request(ctx, 'alice.admin').get(`/api/report-jobs/${id}`)).statusCode).toBe(200);
    expect((await request(ctx, 'kim.knm').get(`/api/report-jobs/${id}`)).statusCode).toBe(404);
    expect((await request(ctx, 'kim.knm').get(`/api/report-jobs/${id}/file`)).statusCode).toBe(404);
    expect((await request(ctx, 'oscar.outsider').get(`/api/report-jobs/${id}`)).statusCode).toBe(403);
    expect((await request(ctx, 'alice.admin').get('/api/report-jobs/999999')).statusCode).toBe(404);
    expect((await request(ctx, 'alice.admin').get('/api/report-jobs/abc')).statusCode).toBe(400);
    const ws = (await open((await request(ctx, 'pedro.pdc').get(`/api/report-jobs/${id}/file`)).rawPayload))
      .worksheets[0]!;
    expect(ws.rowCount).toBeGreaterThan(1);
  });

  it("refuses the report's scope (403 with its message), unknown reports and bad parameters (400)", async () => {
    const kim = await post('kim.knm', { report: 'one-page-complete', params: {} });
    expect(kim.statusCode).toBe(403);
    expect(kim.json().message).toBe('This report needs the scope Admin or PDC');
    expect((await post('oscar.outsider', { report: 'one-page', params: {} })).statusCode).toBe(403);
    expect((await post('alice.admin', { report: 'nope', params: {} })).statusCode).toBe(400);
    expect((await post('alice.admin', { report: 'idone', params: {} })).statusCode).toBe(400);
    expect((await post('alice.admin', { params: {} })).statusCode).toBe(400);
    const range = await post('alice.admin', {
      report: 'setup-assessment',
      params: { startDate: today, endDate: shift(today, -1) },
    });
    expect(range.statusCode).toBe(400);
    expect(range.json().message).toContain('the end date cannot be earlier than the start date');
    expect(await engine().drain()).toBe(0);
  });

  it('removes jobs and their files older than 24 hours when a new job is asked for', async () => {
    const first = (await post('alice.admin', { report: 'one-page', params: {} })).json();
    await engine().drain();
    const { fileKey } = await ctx.db
      .selectFrom('reportJobs')
      .select('fileKey')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(await ctx.app.files.get(fileKey!)).toBeDefined();
    await ctx.db
      .updateTable('reportJobs')
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where('id', '=', first.id)
      .execute();
    expect((await post('alice.admin', { report: 'one-page', params: {} })).statusCode).toBe(202);
    expect((await request(ctx, 'alice.admin').get(`/api/report-jobs/${first.id}`)).statusCode).toBe(404);
    expect(await ctx.app.files.get(fileKey!)).toBeUndefined();
    expect(
      await ctx.db.selectFrom('storedFiles').select('key').where('key', '=', fileKey!).executeTakeFirst(),
    ).toBeUndefined();
    await engine().drain();
  });
});
