import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { IdOneCentrePeople, IdOneCentreRow } from '@domain/contract';
import { REPORT_FILE_NAMES } from '@domain/rules/admin';
import { centreProjects, centreReportRows } from '@server/modules/idone/centre';
import { createTestContext, demoIds, type TestContext } from '../helpers';
import { request } from '../request';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let joao: number;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 25 });
  ids = await demoIds(ctx.db);
  // an accented partner on DEMO-PAUSED, for the search and the Responsible filter
  joao = (
    await ctx.db
      .insertInto('professionals')
      .values({
        name: 'João Évora',
        email: 'joao.evora@example.com',
        login: 'joao.evora',
        jobTitle: 'Partner',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await ctx.db
    .insertInto('projectTeam')
    .values({ projectId: ids.project['DEMO-PAUSED']!, professionalId: joao, isPartner: true })
    .execute();
});
afterAll(() => ctx?.close());

const CENTRE = '/api/id-one-centre';
const PEOPLE = '/api/id-one-centre/people';
const REPORT = '/api/reports/idone';

/** One page of the centre: its rows and x-total. */
async function page(query = '', login = 'alice.admin') {
  const res = await request(ctx, login).get(`${CENTRE}${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as IdOneCentreRow[], total: Number(res.headers['x-total']), res };
}
/** The codes of every row of the filters (one page of 1000: the test database is smaller). */
const codesOf = async (query = '') =>
  (await page(`take=1000${query ? `&${query}` : ''}`)).rows.map((r) => r.projectCode);

/** The projects' codes, as the database selects them. */
const projectQuery = () => ctx.db.selectFrom('projects').select('code');
type ProjectFilter = ReturnType<typeof projectQuery>;
/** The codes of the projects the database says match, by code. */
async function projectCodes(match: (q: ProjectFilter) => ProjectFilter = (q) => q) {
  const rows = await match(projectQuery()).orderBy('code').execute();
  return rows.map((r) => r.code);
}
const withRole = (role: 'isPartner' | 'isManager', who: number[]) => (q: ProjectFilter) =>
  q.where('id', 'in', (eb) =>
    eb
      .selectFrom('projectTeam')
      .select('projectId')
      .where(role, '=', true)
      .where('professionalId', 'in', who),
  );
const withIdOne = (has: boolean) => (q: ProjectFilter) =>
  q.where('id', has ? 'in' : 'not in', (eb) => eb.selectFrom('projectIdOnes').select('projectId'));

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
const reportCodes = async (query: string) => {
  const res = await request(ctx, 'alice.admin').get(`${REPORT}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return records(await sheetOf(res.rawPayload)).map((r) => r['Project Code']);
};

describe('GET /api/id-one-centre: one server page', () => {
  it('answers the first 100 projects by code with their partner, manager and ID One flag; x-total counts them all', async () => {
    const all = await projectCodes();
    expect(all.length).toBeGreaterThan(30);
    const { rows, total, res } = await page('', 'ida.idone');
    expect(total).toBe(all.length);
    expect(res.headers['access-control-expose-headers']).toContain('x-total');
    expect(rows.map((r) => r.projectCode)).toEqual(all.slice(0, 100));
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
    expect(rows.filter((r) => r.hasIDOne).map((r) => r.projectCode)).toEqual(
      await projectCodes(withIdOne(true)),
    );
  });

  it('pages with skip and take: consecutive pages cover every project once, in code order', async () => {
    const all = await projectCodes();
    const seen: string[] = [];
    for (let skip = 0; skip < all.length; skip += 7) {
      const { rows, total } = await page(`skip=${skip}&take=7`);
      expect(total).toBe(all.length);
      expect(rows.length).toBe(Math.min(7, all.length - skip));
      seen.push(...rows.map((r) => r.projectCode));
    }
    expect(seen).toEqual(all);
    const beyond = await page(`skip=${all.length + 10}&take=5`);
    expect(beyond.rows).toEqual([]);
    expect(beyond.total).toBe(all.length);
    expect((await page('take=1000')).rows).toHaveLength(all.length);
  });

  it('filters by Has IDOne (true/false or 1/0)', async () => {
    const yes = await projectCodes(withIdOne(true));
    const no = await projectCodes(withIdOne(false));
    expect(yes.length).toBeGreaterThan(0);
    expect(no.length).toBeGreaterThan(0);
    expect(await codesOf('hasIDOne=true')).toEqual(yes);
    expect(await codesOf('hasIDOne=1')).toEqual(yes);
    expect(await codesOf('hasIDOne=false')).toEqual(no);
    expect(await codesOf('hasIDOne=0')).toEqual(no);
    const { total, rows } = await page('hasIDOne=true&take=1');
    expect(total).toBe(yes.length);
    expect(rows.map((r) => r.hasIDOne)).toEqual([true]);
  });

  it('filters by Responsible: one of the project partners is one of the ids (comma-separated or repeated)', async () => {
    const paula = ids.person['paula.partner']!;
    expect(await codesOf(`responsible=${joao}`)).toEqual(['DEMO-PAUSED']);
    const both = await projectCodes(withRole('isPartner', [paula, joao]));
    expect(both.filter((c) => c.startsWith('DEMO-')).length).toBeGreaterThan(3);
    expect(await codesOf(`responsible=${paula},${joao}`)).toEqual(both);
    expect(await codesOf(`responsible=${paula}&responsible=${joao}`)).toEqual(both);
    // Marcos manages the DEMO projects but is partner of none
    expect(await codesOf(`responsible=${ids.person['marcos.manager']}`)).toEqual([]);
    expect((await page(`responsible=${joao}`)).total).toBe(1);
  });

  it('filters by Project Manager, and every filter and the search narrow each other and x-total', async () => {
    const marcos = ids.person['marcos.manager']!;
    const managed = await projectCodes(withRole('isManager', [marcos]));
    expect(managed.length).toBeGreaterThan(3);
    expect(await codesOf(`projectManager=${marcos}`)).toEqual(managed);
    expect(await codesOf(`projectManager=${ids.person['paula.partner']}`)).toEqual([]);
    const combined = await projectCodes((q) => withIdOne(true)(withRole('isManager', [marcos])(q)));
    expect(await codesOf(`projectManager=${marcos}&hasIDOne=true`)).toEqual(combined);
    expect((await page(`projectManager=${marcos}&hasIDOne=true`)).total).toBe(combined.length);
    expect(await codesOf(`projectManager=${marcos}&responsible=${joao}&search=paused`)).toEqual([
      'DEMO-PAUSED',
    ]);
    expect(await codesOf(`projectManager=${marcos}&responsible=${joao}&hasIDOne=true&search=brazil`)).toEqual(
      [],
    );
  });

  it("applies the grid's search: every word, case and accents ignored, in code, responsible or manager", async () => {
    expect(await codesOf('search=demo-bra')).toEqual(['DEMO-BRAZIL']);
    expect(await codesOf('search=JOAO%20evora')).toEqual(['DEMO-PAUSED']);
    expect(await codesOf(`search=${encodeURIComponent('évora moura')}`)).toEqual(['DEMO-PAUSED']);
    expect(await codesOf(`search=${encodeURIComponent('ÉVÔRA')}`)).toEqual(['DEMO-PAUSED']);
    const paulaMarcos = await projectCodes((q) =>
      withRole('isManager', [ids.person['marcos.manager']!])(
        withRole('isPartner', [ids.person['paula.partner']!])(q),
      ),
    );
    expect(await codesOf('search=pereira%20moura')).toEqual(paulaMarcos);
    expect(paulaMarcos.filter((c) => c.startsWith('DEMO-'))).toHaveLength(9);
    // a team member who is neither partner nor manager is not searched
    expect(await codesOf('search=carla')).toEqual([]);
    // regular-expression characters are plain text
    expect(await codesOf(`search=${encodeURIComponent('demo.bra')}`)).toEqual([]);
    expect(await codesOf(`search=${encodeURIComponent('(demo')}`)).toEqual([]);
    expect(await codesOf('search=no-such-thing')).toEqual([]);
    expect(await codesOf('search=%20%20%20')).toEqual(await codesOf());
    const searched = await page('search=demo&take=2');
    expect(searched.rows).toHaveLength(2);
    expect(searched.total).toBe((await projectCodes()).filter((c) => c.startsWith('DEMO-')).length);
  });

  it('refuses bad paging and filters with 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['take=0', 'take'],
      ['take=5000', 'take'],
      ['take=-1', 'take'],
      ['skip=abc', 'skip'],
      ['hasIDOne=maybe', 'hasIDOne'],
      ['responsible=abc', 'responsible'],
      ['responsible=0', 'responsible'],
      ['responsible=3,,4', 'responsible'],
      ['projectManager=-2', 'projectManager'],
      ['projectManager=1.5', 'projectManager'],
      [`search=${'x'.repeat(201)}`, 'search'],
    ] as const) {
      const res = await request(ctx, 'alice.admin').get(`${CENTRE}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(field);
    }
  });

  it('is for holders of Admin or IDOne only', async () => {
    for (const login of ['alice.admin', 'ida.idone'])
      expect((await request(ctx, login).get(CENTRE)).statusCode).toBe(200);
    for (const login of ['kim.knm', 'pedro.pdc', 'gil.governance', 'oscar.outsider', 'paula.partner'])
      expect((await request(ctx, login).get(CENTRE)).statusCode, login).toBe(403);
  });
});

describe('GET /api/id-one-centre/people: the header filters’ options', () => {
  it('lists the partners (Responsible) and managers (Project Manager) of any project, by name', async () => {
    const res = await request(ctx, 'ida.idone').get(PEOPLE);
    expect(res.statusCode).toBe(200);
    const people = res.json() as IdOneCentrePeople;
    const expected = async (role: 'isPartner' | 'isManager') =>
      (
        await ctx.db
          .selectFrom('professionals as pr')
          .select(['pr.id', 'pr.name'])
          .where('pr.id', 'in', (eb) =>
            eb.selectFrom('projectTeam').select('professionalId').where(role, '=', true),
          )
          .orderBy('pr.name')
          .orderBy('pr.id')
          .execute()
      ).map((r) => ({ id: r.id, name: r.name }));
    expect(people.responsible).toEqual(await expected('isPartner'));
    expect(people.projectManager).toEqual(await expected('isManager'));
    expect(people.responsible).toContainEqual({ id: joao, name: 'João Évora' });
    expect(people.responsible).toContainEqual({ id: ids.person['paula.partner'], name: 'Paula Pereira' });
    expect(people.projectManager).toContainEqual({ id: ids.person['marcos.manager'], name: 'Marcos Moura' });
    expect(people.responsible.map((p) => p.id)).not.toContain(ids.person['marcos.manager']);
    expect(people.projectManager.map((p) => p.id)).not.toContain(ids.person['carla.consultant']);
    const names = people.responsible.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('is for holders of Admin or IDOne only', async () => {
    expect((await request(ctx, 'alice.admin').get(PEOPLE)).statusCode).toBe(200);
    for (const login of ['kim.knm', 'pedro.pdc', 'oscar.outsider', 'paula.partner'])
      expect((await request(ctx, login).get(PEOPLE)).statusCode, login).toBe(403);
  });
});

describe('GET /api/reports/idone', () => {
  it('streams id-one.xlsx: the header row, every project, display values and real dates', async () => {
    const res = await request(ctx, 'ida.idone').get(REPORT);
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
    expect(rows.map((r) => r['Project Code'])).toEqual(await projectCodes());
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
    expect(rows.find((r) => r['Project Code'] === 'DEMO-PAUSED')!['Responsible']).toBe(
      'João Évora, Paula Pereira',
    );
  });

  it("applies the grid's search and header filters, every page of them (no paging)", async () => {
    expect(await reportCodes('search=demo-brazil')).toEqual(['DEMO-BRAZIL']);
    expect(await reportCodes(`search=${encodeURIComponent('evora')}`)).toEqual(['DEMO-PAUSED']);
    expect(await reportCodes(`responsible=${joao}`)).toEqual(['DEMO-PAUSED']);
    for (const query of [
      'hasIDOne=true',
      'hasIDOne=false',
      `projectManager=${ids.person['marcos.manager']}`,
      `responsible=${ids.person['paula.partner']},${joao}&hasIDOne=false`,
      `projectManager=${ids.person['marcos.manager']}&search=pereira`,
    ])
      expect(await reportCodes(query), query).toEqual(await codesOf(query));
    const none = await request(ctx, 'alice.admin').get(`${REPORT}?search=nothing-matches-this`);
    expect(none.statusCode).toBe(200);
    const ws = await sheetOf(none.rawPayload);
    expect(ws.getRow(1).getCell(1).value).toBe('Project Code');
    expect(records(ws)).toEqual([]);
  });

  it('reads in batches by code without losing or repeating a project, filters applied', async () => {
    const codes: string[] = [];
    for await (const p of centreReportRows(ctx.db, {}, 4)) codes.push(p.code);
    expect(codes).toEqual((await centreProjects(ctx.db, { limit: 10_000 })).map((p) => p.code));
    expect(codes).toEqual(await projectCodes());
    expect(new Set(codes).size).toBe(codes.length);
    const filtered: string[] = [];
    for await (const p of centreReportRows(ctx.db, { hasIDOne: false, search: 'demo' }, 3))
      filtered.push(p.code);
    expect(filtered).toEqual(await codesOf('hasIDOne=false&search=demo'));
    expect(filtered.length).toBeGreaterThan(3);
  });

  it('is reportRule(idone): Admin and IDOne; others 403; bad filters 400 naming them', async () => {
    for (const login of ['kim.knm', 'pedro.pdc', 'oscar.outsider', 'gil.governance'])
      expect((await request(ctx, login).get(REPORT)).statusCode, login).toBe(403);
    expect((await request(ctx, 'alice.admin').get(REPORT)).statusCode).toBe(200);
    expect((await request(ctx, 'alice.admin').get(`${REPORT}?search=${'y'.repeat(300)}`)).statusCode).toBe(
      400,
    );
    for (const [query, field] of [
      ['hasIDOne=maybe', 'hasIDOne'],
      ['responsible=abc', 'responsible'],
      ['projectManager=0', 'projectManager'],
    ] as const) {
      const res = await request(ctx, 'alice.admin').get(`${REPORT}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(field);
    }
  });
});
