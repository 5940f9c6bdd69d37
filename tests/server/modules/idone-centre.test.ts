import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { IdOneCentreRow } from '@domain/contract';
import { REPORT_FILE_NAMES } from '@domain/rules/admin';
import { centreProjects, centreReportRows } from '@server/modules/idone/centre';
import { createTestContext, demoIds, type TestContext } from '../helpers';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 25 });
  ids = await demoIds(ctx.db);
  // an accented partner on DEMO-PAUSED, for the search
  const joao = await ctx.db
    .insertInto('professionals')
    .values({ name: 'João Évora', email: 'joao.evora@example.com', login: 'joao.evora', jobTitle: 'Partner' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('projectTeam')
    .values({ projectId: ids.project['DEMO-PAUSED']!, professionalId: joao.id, isPartner: true })
    .execute();
});
afterAll(() => ctx?.close());

const get = async (url: string, login = 'alice.admin') =>
  ctx.app.inject({ url, headers: await ctx.auth(login) });
const CENTRE = '/api/id-one-centre';
const REPORT = '/api/reports/idone';

async function sheetOf(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}
function records(ws: ExcelJS.Worksheet) {
  const headers = (ws.getRow(1).values as unknown[]).slice(1) as string[];
  const out: Record<string, unknown>[] = [];
  for (let i = 2; i <= ws.rowCount; i++) {
    const row = ws.getRow(i);
    out.push(Object.fromEntries(headers.map((h, j) => [h, row.getCell(j + 1).value])));
  }
  return out;
}

describe('GET /api/id-one-centre (002 §2.9)', () => {
  it('lists every project by code with its partner, manager and whether it has ID One records', async () => {
    const res = await get(CENTRE, 'ida.idone');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as IdOneCentreRow[];
    const count = await ctx.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(rows).toHaveLength(Number(count.n));
    const codes = rows.map((r) => r.projectCode);
    expect(codes).toEqual([...codes].sort());
    expect(rows.find((r) => r.projectCode === 'DEMO-BRAZIL')).toEqual({
      idProject: ids.project['DEMO-BRAZIL'],
      projectCode: 'DEMO-BRAZIL',
      responsible: 'Paula Pereira',
      projectManager: 'Marcos Moura',
      hasIDOne: true,
    });
    expect(rows.find((r) => r.projectCode === 'DEMO-DURING')).toMatchObject({ hasIDOne: false });
    // several partners: names joined in name order
    expect(rows.find((r) => r.projectCode === 'DEMO-PAUSED')!.responsible).toBe('João Évora, Paula Pereira');
    // exactly the projects that have records
    const withRecords = await ctx.db.selectFrom('projectIdOnes').select('projectId').distinct().execute();
    expect(
      rows
        .filter((r) => r.hasIDOne)
        .map((r) => r.idProject)
        .sort(),
    ).toEqual(withRecords.map((r) => r.projectId).sort());
  });

  it("applies the grid's search: every word, case and accents ignored, in code, responsible or manager", async () => {
    const codes = async (search: string) =>
      ((await get(`${CENTRE}?search=${encodeURIComponent(search)}`)).json() as IdOneCentreRow[]).map(
        (r) => r.projectCode,
      );
    expect(await codes('demo-bra')).toEqual(['DEMO-BRAZIL']);
    expect(await codes('JOAO evora')).toEqual(['DEMO-PAUSED']);
    expect(await codes('évora moura')).toEqual(['DEMO-PAUSED']);
    expect((await codes('pereira moura')).filter((c) => c.startsWith('DEMO-'))).toHaveLength(9);
    expect(await codes('no-such-thing')).toEqual([]);
    expect(await codes('   ')).toHaveLength((await codes('')).length);
  });

  it('is for holders of Admin or IDOne only; a search over 200 characters is a 400', async () => {
    for (const login of ['alice.admin', 'ida.idone']) expect((await get(CENTRE, login)).statusCode).toBe(200);
    for (const login of ['kim.knm', 'pedro.pdc', 'gil.governance', 'oscar.outsider', 'paula.partner'])
      expect((await get(CENTRE, login)).statusCode, login).toBe(403);
    const long = await get(`${CENTRE}?search=${'x'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/search/);
  });
});

describe('GET /api/reports/idone (002 §7)', () => {
  it('streams id-one.xlsx: the header row, every project, display values and real dates', async () => {
    const res = await get(REPORT, 'ida.idone');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(REPORT_FILE_NAMES.idone).toBe('id-one.xlsx');
    expect(decodeURIComponent(String(res.headers['x-file-name']))).toBe('id-one.xlsx');
    const ws = await sheetOf(res.rawPayload);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Project Code',
      'Project Name',
      'Client',
      'Project Status',
      'Responsible',
      'Project Manager',
      'Has IDOne',
      'ID One Records',
      'Profiles',
      'Additional Profiles',
      'Start Date',
      'End Date',
    ]);
    const rows = records(ws);
    const grid = (await get(CENTRE)).json() as IdOneCentreRow[];
    expect(rows.map((r) => r['Project Code'])).toEqual(grid.map((r) => r.projectCode));
    const brazil = rows.find((r) => r['Project Code'] === 'DEMO-BRAZIL')!;
    const project = await ctx.db
      .selectFrom('projects')
      .select(['startDate', 'endDate'])
      .where('code', '=', 'DEMO-BRAZIL')
      .executeTakeFirstOrThrow();
    expect(brazil).toMatchObject({
      'Project Status': 'During',
      Responsible: 'Paula Pereira',
      'Project Manager': 'Marcos Moura',
      'Has IDOne': 'Yes',
      'ID One Records': 2,
      Profiles: 17,
      'Additional Profiles': 3,
    });
    expect(brazil['Client']).toEqual(expect.any(String));
    expect(brazil['Start Date']).toBeInstanceOf(Date);
    expect((brazil['Start Date'] as Date).toISOString().slice(0, 10)).toBe(
      String(project.startDate).slice(0, 10),
    );
    expect(rows.find((r) => r['Project Code'] === 'DEMO-DRAFT')).toMatchObject({
      'Has IDOne': 'No',
      'ID One Records': 0,
      'Project Status': 'Draft',
    });
  });

  it("applies the grid's search", async () => {
    const one = records(await sheetOf((await get(`${REPORT}?search=demo-brazil`)).rawPayload));
    expect(one.map((r) => r['Project Code'])).toEqual(['DEMO-BRAZIL']);
    const none = await get(`${REPORT}?search=nothing-matches-this`);
    expect(none.statusCode).toBe(200);
    const ws = await sheetOf(none.rawPayload);
    expect(ws.getRow(1).getCell(1).value).toBe('Project Code');
    expect(records(ws)).toEqual([]);
  });

  it('reads in batches by code without losing or repeating a project', async () => {
    const codes: string[] = [];
    for await (const p of centreReportRows(ctx.db, {}, 4)) codes.push(p.code);
    expect(codes).toEqual((await centreProjects(ctx.db, { limit: 10_000 })).map((p) => p.code));
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('is reportRule(idone): Admin and IDOne; others 403; bad search 400', async () => {
    for (const login of ['kim.knm', 'pedro.pdc', 'oscar.outsider', 'gil.governance'])
      expect((await get(REPORT, login)).statusCode, login).toBe(403);
    expect((await get(REPORT)).statusCode).toBe(200);
    expect((await get(`${REPORT}?search=${'y'.repeat(300)}`)).statusCode).toBe(400);
  });
});
