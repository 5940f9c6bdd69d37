import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onePageWeekOf } from '@domain/rules';
import { createTestContext, type TestContext } from '../../helpers';
import { multipartBody } from '../../multipart';

let ctx: TestContext;
let admin: { authorization: string };
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  admin = await ctx.auth('alice.admin');
});
afterAll(() => ctx?.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(sheets: Record<string, (string | number | Date)[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function upload(
  kind: string,
  data: Buffer | string,
  opts: { dryRun?: boolean; name?: string; auth?: object } = {},
) {
  const csv = typeof data === 'string';
  const { payload, headers } = multipartBody([
    {
      name: 'file',
      filename: opts.name ?? (csv ? 'file.csv' : 'file.xlsx'),
      contentType: csv ? 'text/csv' : XLSX,
      data,
    },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/imports/${kind}?dryRun=${opts.dryRun ?? true}`,
    headers: { ...(opts.auth ?? admin), ...headers },
    payload,
  });
}

const count = async (table: string, where = sql`true`) =>
  Number(
    (
      await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(
        ctx.db,
      )
    ).rows[0]!.n,
  );
const versions = async (table: string) =>
  Number(
    (
      await sql<{ v: number }>`select coalesce(sum(version), 0)::int as v from ${sql.table(table)}`.execute(
        ctx.db,
      )
    ).rows[0]!.v,
  );

describe('import templates', () => {
  it('a master list template opens in Excel with its header, an example row and a list of allowed values', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/imports/methodologies/template',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Methodologies')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Name', 'Practice']);
    expect(ws.getRow(2).getCell(1).value).toBe('Example name');
    const dv = (
      ws as unknown as { dataValidations: { model: Record<string, { type: string; formulae: string[] }> } }
    ).dataValidations.model;
    expect(dv.B2?.type).toBe('list');
    expect(dv.B2?.formulae[0]).toMatch(/^Lists!\$A\$2:\$A\$\d+$/);
    const practices = await ctx.db
      .selectFrom('practices')
      .select('name')
      .where('deactivatedAt', 'is', null)
      .execute();
    const lists = wb.getWorksheet('Lists')!;
    expect(practices.map((p) => p.name)).toContain(lists.getCell('A2').value);
  });

  it('the projects template has a Projects and a Team sheet with the statuses and roles to choose from', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/imports/projects/template',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.getWorksheet('Projects')!.getRow(1).getCell(1).value).toBe('Code');
    const team = wb.getWorksheet('Team')!;
    expect(team.getRow(1).values).toEqual([undefined, 'Project code', 'E-mail', 'Role', 'One-page access']);
    const dv = (team as unknown as { dataValidations: { model: Record<string, { formulae: string[] }> } })
      .dataValidations.model;
    const range = dv.C2!.formulae[0]!.replace('Lists!', '').replaceAll('$', '').split(':');
    const lists = wb.getWorksheet('Lists')!;
    const col = range[0]!.replace(/\d+/, '');
    const roles = [2, 3, 4].map((r) => lists.getCell(`${col}${r}`).value);
    expect(roles).toEqual(['Manager', 'Partner', 'Member']);
  });

  it('an unknown kind is a 404 in the one error shape', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/imports/unicorns/template',
      headers: admin,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, message: expect.stringContaining('unicorns') });
    const post = await upload('unicorns', 'Name\nx\n');
    expect(post.statusCode).toBe(404);
  });
});

describe('master list imports', () => {
  it('a CSV with BOM and ; previews creates, updates and unchanged rows, writing nothing', async () => {
    const [first] = await ctx.db
      .selectFrom('segments')
      .select(['id', 'name'])
      .orderBy('id')
      .limit(1)
      .execute();
    const before = await count('segments');
    const csv = `\uFEFFName;Extra\n${first!.name.toUpperCase()};x\nBrand New Segment;y\n`;
    const res = await upload('segments', csv);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      kind: 'segments',
      dryRun: true,
      created: 1,
      updated: 1,
      unchanged: 0,
      errorCount: 0,
    });
    expect(r.rows).toEqual([
      { sheet: 'Segments', row: 2, key: first!.name.toUpperCase(), action: 'update' },
      { sheet: 'Segments', row: 3, key: 'Brand New Segment', action: 'create' },
    ]);
    expect(await count('segments')).toBe(before);
    // a name equal but for case, accents and spaces is the same item
    const same = await upload('segments', `Name\n  ${first!.name} \n`);
    expect(same.json()).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
  });

  it('a commit writes every row with max(id)+1 ids and history; the same file again writes nothing', async () => {
    const practice = await ctx.db
      .selectFrom('practices')
      .select(['id', 'name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const file = await workbook({
      Methodologies: [
        ['Name', 'Practice'],
        ['Imported Method A', practice.name.toLowerCase()],
        ['Imported Method B', ''],
      ],
    });
    const maxBefore = Number(
      (await sql<{ m: number }>`select max(id) as m from methodologies`.execute(ctx.db)).rows[0]!.m,
    );
    const res = await upload('methodologies', file, { dryRun: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: false, created: 2, written: 2 });
    const rows = await ctx.db
      .selectFrom('methodologies')
      .select(['id', 'name', 'practiceId'])
      .where('name', 'like', 'Imported Method%')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: maxBefore + 1, name: 'Imported Method A', practiceId: practice.id },
      { id: maxBefore + 2, name: 'Imported Method B', practiceId: null },
    ]);
    const history = await count('master_history', sql`list = 'methodologies' and action = 'imported'`);
    expect(history).toBe(2);
    const v = await versions('methodologies');
    const again = await upload('methodologies', file, { dryRun: false });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 2, written: 0 });
    expect(await versions('methodologies')).toBe(v);
    expect(await count('master_history', sql`list = 'methodologies'`)).toBe(history);
  });

  it('a changed field steps the version and writes one history line', async () => {
    const file = await workbook({
      Methodologies: [
        ['Name', 'Practice'],
        [
          'Imported Method B',
          (await ctx.db.selectFrom('practices').select('name').orderBy('id').executeTakeFirstOrThrow()).name,
        ],
      ],
    });
    const row = await ctx.db
      .selectFrom('methodologies')
      .select(['id', 'version'])
      .where('name', '=', 'Imported Method B')
      .executeTakeFirstOrThrow();
    const res = await upload('methodologies', file, { dryRun: false });
    expect(res.json()).toMatchObject({ updated: 1, written: 1 });
    const after = await ctx.db
      .selectFrom('methodologies')
      .select(['version'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after.version).toBe(row.version + 1);
  });

  it('problems are listed by row and column; a commit with one is a 422 with the report and writes nothing', async () => {
    const before = await count('methodologies');
    const file = await workbook({
      Methodologies: [
        ['Name', 'Practice'],
        ['Fine Method', ''],
        ['Method With Unknown Practice', 'No Such Practice'],
        ['fine method', ''],
        ['', ''],
      ],
    });
    const preview = await upload('methodologies', file);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().errors).toEqual([
      { sheet: 'Methodologies', row: 3, column: 'Practice', message: 'Unknown practice "No Such Practice"' },
      {
        sheet: 'Methodologies',
        row: 4,
        column: 'Name',
        message: 'Duplicate methodology "fine method": also on row 2',
      },
    ]);
    const commit = await upload('methodologies', file, { dryRun: false });
    expect(commit.statusCode).toBe(422);
    const body = commit.json();
    expect(body).toMatchObject({ statusCode: 422, message: 'The file has 2 problems: nothing was imported' });
    expect(body.report.errorCount).toBe(2);
    expect(await count('methodologies')).toBe(before);
  });

  it('a client names its segments (the first is the primary) and a list of choices takes labels', async () => {
    const segs = await ctx.db.selectFrom('segments').select(['id', 'name']).orderBy('id').limit(2).execute();
    const csv = `Name;Economic group;Segments\nImported Client;Group X;${segs[1]!.name}; ${segs[0]!.name}\n`;
    const quoted = `Name;Economic group;Segments\nImported Client;Group X;"${segs[1]!.name}; ${segs[0]!.name}"\n`;
    expect((await upload('clients', csv)).json().errorCount).toBe(0); // the extra cell is ignored
    const res = await upload('clients', quoted, { dryRun: false });
    expect(res.json()).toMatchObject({ created: 1, errorCount: 0 });
    const client = await ctx.db
      .selectFrom('clients')
      .select(['id', 'economicGroup'])
      .where('name', '=', 'Imported Client')
      .executeTakeFirstOrThrow();
    expect(client.economicGroup).toBe('Group X');
    const rows = await ctx.db
      .selectFrom('clientSegments')
      .select(['segmentId', 'segmentLevel'])
      .where('clientId', '=', client.id)
      .orderBy('segmentLevel')
      .execute();
    expect(rows).toEqual([
      { segmentId: segs[1]!.id, segmentLevel: 1 },
      { segmentId: segs[0]!.id, segmentLevel: 2 },
    ]);
    expect((await upload('clients', quoted, { dryRun: false })).json()).toMatchObject({
      unchanged: 1,
      written: 0,
    });
    const area = await upload('crm-area-positions', 'Name,Type\nImported Area,Position\nBad Type,Galaxy\n');
    expect(area.json().errors).toEqual([
      {
        sheet: 'CRM area positions',
        row: 3,
        column: 'Type',
        message: 'Type: "Galaxy" is not one of Area, Position',
      },
    ]);
  });

  it('only one evaluation cycle can be the active cycle', async () => {
    const active = await ctx.db
      .selectFrom('evaluationCycles')
      .select(['period', 'year'])
      .where('isActive', '=', true)
      .executeTakeFirstOrThrow();
    const r = (await upload('evaluation-cycles', `Period,Year,Active cycle\nZ9,2031,Yes\n`)).json();
    expect(r.errors).toEqual([
      {
        sheet: 'Evaluation cycles',
        row: 2,
        column: 'Active cycle',
        message: 'Only one evaluation cycle can be the active cycle',
      },
    ]);
    const ok = (
      await upload(
        'evaluation-cycles',
        `Period,Year,Active cycle\nZ9,2031,Yes\n${active.period},${active.year},No\n`,
      )
    ).json();
    expect(ok).toMatchObject({ errorCount: 0, created: 1, updated: 1 });
  });

  it('a file without the naming column says which column is missing', async () => {
    const res = await upload('practices', 'Title,Other\nx,y\n');
    expect(res.json().errors[0]).toEqual({
      sheet: 'Practices',
      row: 1,
      column: 'Name',
      message: 'The column Name is missing',
    });
  });
});

describe('people imports', () => {
  it('creates professionals with their scopes and manager, records their history, and changes nothing the second time', async () => {
    const csv = [
      'E-mail,Name,Job title,Manager,Scopes,Active',
      'nina.new@example.com,Nina Novak,Consultant,marcos.manager@example.com,,Yes',
      'otto.new@example.com,Otto Olsen,Manager,nina.new@example.com,Admin,Yes',
    ].join('\n');
    const res = await upload('professionals', csv, { dryRun: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, errorCount: 0 });
    const otto = await ctx.db
      .selectFrom('professionals')
      .select(['id', 'scopes', 'source', 'managerId', 'login'])
      .where('email', '=', 'otto.new@example.com')
      .executeTakeFirstOrThrow();
    const nina = await ctx.db
      .selectFrom('professionals')
      .select('id')
      .where('email', '=', 'nina.new@example.com')
      .executeTakeFirstOrThrow();
    expect(otto).toMatchObject({
      scopes: ['API.Portal.Admin'],
      source: 'import',
      managerId: nina.id,
      login: 'otto.new',
    });
    const historyBefore = await count('people_history');
    const v = await versions('professionals');
    const again = await upload('professionals', csv, { dryRun: false });
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 2, written: 0 });
    expect(await count('people_history')).toBe(historyBefore);
    expect(await versions('professionals')).toBe(v);
  });

  it('an import that would leave no active administrator is refused and writes nothing', async () => {
    const admins = await ctx.db
      .selectFrom('professionals')
      .select('email')
      .where(sql<boolean>`'API.Portal.Admin' = any(scopes)`)
      .execute();
    const csv = ['E-mail,Active', ...admins.map((a) => `${a.email},No`)].join('\n');
    const history = await count('people_history');
    const res = await upload('professionals', csv, { dryRun: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('without an active administrator');
    expect(await count('professionals', sql`'API.Portal.Admin' = any(scopes) and is_active`)).toBe(
      admins.length,
    );
    expect(await count('people_history')).toBe(history);
  });

  it('an unknown manager e-mail, a bad e-mail and an unknown scope are problems of their cells', async () => {
    const csv = 'E-mail;Name;Manager;Scopes\nbad-email;X;;\nz.new@example.com;Z;nobody@example.com;Wizard\n';
    const r = (await upload('professionals', csv)).json();
    expect(r.errors).toEqual([
      { sheet: 'Professionals', row: 2, column: 'E-mail', message: '"bad-email" is not an e-mail address' },
      expect.objectContaining({
        row: 3,
        column: 'Scopes',
        message: expect.stringContaining('Unknown scope "Wizard"'),
      }),
      {
        sheet: 'Professionals',
        row: 3,
        column: 'Manager',
        message: 'No professional has the e-mail "nobody@example.com"',
      },
    ]);
  });
});

describe('project imports', () => {
  async function names() {
    const client = await ctx.db.selectFrom('clients').select('name').orderBy('id').executeTakeFirstOrThrow();
    const practice = await ctx.db
      .selectFrom('practices')
      .select('name')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const office = await ctx.db.selectFrom('offices').select('name').orderBy('id').executeTakeFirstOrThrow();
    return { client: client.name, practice: practice.name, office: office.name };
  }
  const header = [
    'Code',
    'Name',
    'Client',
    'Practices',
    'Offices',
    'Status',
    'Start date',
    'End date',
    'Manager',
    'Partner',
  ];

  it('a portfolio with teams at During gets its team, its first status and this week’s one-page; again it changes nothing', async () => {
    const n = await names();
    const file = await workbook({
      Projects: [
        header,
        [
          'IMP-1',
          'Imported one',
          n.client.toUpperCase(),
          n.practice,
          n.office,
          'During',
          '2026-01-05',
          '30/06/2026',
          'marcos.manager@example.com',
          'paula.partner@example.com',
        ],
        ['IMP-2', 'Imported two', '', '', '', 'Draft', '', '', '', ''],
      ],
      Team: [
        ['Project code', 'E-mail', 'Role', 'One-page access'],
        ['IMP-1', 'carla.consultant@example.com', 'Member', 'Yes'],
        ['IMP-1', 'marcos.manager@example.com', 'Manager', 'Yes'],
      ],
    });
    const preview = await upload('projects', file);
    expect(preview.json()).toMatchObject({ created: 4, errorCount: 0, total: 4 });
    const res = await upload('projects', file, { dryRun: false });
    expect(res.statusCode).toBe(200);
    const p = await ctx.db
      .selectFrom('projects')
      .select(['id', 'idStatus', 'name', 'clientId'])
      .where('code', '=', 'IMP-1')
      .executeTakeFirstOrThrow();
    expect(p.idStatus).toBe(3);
    const team = await ctx.db
      .selectFrom('projectTeam as t')
      .innerJoin('professionals as pr', 'pr.id', 't.professionalId')
      .select(['pr.login', 't.isManager', 't.isPartner', 't.isOnePageAllow'])
      .where('t.projectId', '=', p.id)
      .orderBy('pr.login')
      .execute();
    expect(team).toEqual([
      { login: 'carla.consultant', isManager: false, isPartner: false, isOnePageAllow: true },
      { login: 'marcos.manager', isManager: true, isPartner: false, isOnePageAllow: true },
      { login: 'paula.partner', isManager: false, isPartner: true, isOnePageAllow: false },
    ]);
    const week = onePageWeekOf(new Date());
    const pages = (
      await sql<{ id: number; initialDate: string }>`
        select id, to_char(initial_date, 'YYYY-MM-DD') as "initialDate" from one_pages where project_id = ${p.id}`.execute(
        ctx.db,
      )
    ).rows;
    expect(pages).toEqual([{ id: expect.any(Number), initialDate: week.initialDate }]);
    expect(await count('allocation_suggestions', sql`one_page_id = ${pages[0]!.id}`)).toBe(3);
    expect(await count('project_status_history', sql`project_id = ${p.id}`)).toBe(1);
    const draft = await ctx.db
      .selectFrom('projects')
      .select('id')
      .where('code', '=', 'IMP-2')
      .executeTakeFirstOrThrow();
    expect(await count('one_pages', sql`project_id = ${draft.id}`)).toBe(0);

    const v = await versions('projects');
    const changes = await count('project_changes');
    const again = await upload('projects', file, { dryRun: false });
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 4, written: 0 });
    expect(await versions('projects')).toBe(v);
    expect(await count('project_changes')).toBe(changes);
    expect(await count('one_pages', sql`project_id = ${p.id}`)).toBe(1);
  });

  it('a CSV holds one row per team member, the project’s columns repeated', async () => {
    const csv = [
      'Code;Name;Status;Manager;E-mail;Role;One-page access',
      'IMP-CSV;From CSV;Setup;marcos.manager@example.com;dora.director@example.com;Member;No',
      'IMP-CSV;;;;ivan.intern@example.com;Member;Yes',
    ].join('\r\n');
    const res = await upload('projects', csv, { dryRun: false });
    expect(res.statusCode).toBe(200);
    const p = await ctx.db
      .selectFrom('projects')
      .select(['id', 'idStatus'])
      .where('code', '=', 'IMP-CSV')
      .executeTakeFirstOrThrow();
    expect(p.idStatus).toBe(2);
    expect(await count('project_team', sql`project_id = ${p.id}`)).toBe(3);
  });

  it('unknown client, duplicate code, a date that is not one and an e-mail with no professional are problems of their cells', async () => {
    const before = await count('projects');
    const file = await workbook({
      Projects: [
        header,
        ['IMP-E1', 'A', 'No Such Client', '', '', 'Setup', '31/02/2026', '', '', ''],
        ['imp-e1', 'B', '', '', '', '', '', '', '', ''],
      ],
      Team: [
        ['Project code', 'E-mail', 'Role', 'One-page access'],
        ['IMP-E1', 'ghost@example.com', 'Member', 'No'],
      ],
    });
    const r = (await upload('projects', file)).json();
    expect(r.errors).toEqual(
      expect.arrayContaining([
        { sheet: 'Projects', row: 2, column: 'Client', message: 'Unknown client "No Such Client"' },
        {
          sheet: 'Projects',
          row: 2,
          column: 'Start date',
          message: 'Start date: "31/02/2026" is not a date (use yyyy-mm-dd or dd/mm/yyyy)',
        },
        { sheet: 'Projects', row: 3, column: 'Code', message: 'Duplicate code "imp-e1": also on row 2' },
        {
          sheet: 'Team',
          row: 2,
          column: 'E-mail',
          message: 'No professional has the e-mail "ghost@example.com"',
        },
      ]),
    );
    const commit = await upload('projects', file, { dryRun: false });
    expect(commit.statusCode).toBe(422);
    expect(await count('projects')).toBe(before);
  });

  it('an inactive professional cannot join a team and a team has one manager', async () => {
    const file = await workbook({
      Projects: [header, ['IMP-T', 'T', '', '', '', '', '', '', '', 'paula.partner@example.com']],
      Team: [
        ['Project code', 'E-mail', 'Role'],
        ['IMP-T', 'rita.retired@example.com', 'Member'],
      ],
    });
    const r = (await upload('projects', file)).json();
    expect(r.errors.map((e: { message: string }) => e.message)).toEqual([
      'The team of IMP-T has no manager (project leader)',
      'Rita Ramos is not active and cannot join the team',
    ]);
  });
});

describe('import limits and access', () => {
  it('an upload over 25 MB is refused with 413', async () => {
    const big = Buffer.alloc(26 * 1024 * 1024, 0x61);
    const res = await upload('practices', big, { name: 'big.csv' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      statusCode: 413,
      message: 'The file is too large: the limit is 25 MB',
    });
  });

  it('a zip bomb (a small workbook of a huge zeroed entry) is refused before parsing', async () => {
    const bomb = Buffer.from(
      zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(210 * 1024 * 1024) }, { level: 1 }),
    );
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const res = await upload('practices', bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain('refused');
  });

  it('a file that is neither a workbook nor a text is a 400', async () => {
    const res = await upload('practices', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 1, 2, 3]));
    expect(res.statusCode).toBe(400);
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports/practices',
      headers: admin,
      payload: {},
    });
    expect(none.statusCode).toBe(400);
  });

  it('two commits of the same kind at once never write twice', async () => {
    const csv = 'Name\nConcurrent Language\n';
    const [a, b] = await Promise.all([
      upload('languages', csv, { dryRun: false }),
      upload('languages', csv, { dryRun: false }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    // PostgreSQL: the second is refused (409) while the first holds the lock; the embedded database runs them in turn
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(codes);
    expect(await count('languages', sql`portal_fold(name) = 'concurrentlanguage'`)).toBe(1);
  });

  it('the run is recorded with its counts and can be read back', async () => {
    const res = await upload('languages', 'Name\nProgress Language\n');
    const id = res.json().id;
    const run = await ctx.app.inject({ method: 'GET', url: `/api/imports/${id}`, headers: admin });
    expect(run.json()).toMatchObject({
      id,
      kind: 'languages',
      status: 'done',
      dryRun: true,
      rowsRead: 1,
      rowsChecked: 1,
    });
    expect(run.json().report.created).toBe(1);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/imports?kind=languages&mine=true',
      headers: admin,
    });
    expect(list.json()[0]).toMatchObject({ id, startedByName: 'Alice Almeida', report: null });
  });

  it.each(['carla.consultant', 'kim.knm'])(
    '%s may not import, download a template or read the runs',
    async (login) => {
      const auth = await ctx.auth(login);
      expect((await upload('practices', 'Name\nX\n', { auth })).statusCode).toBe(403);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/imports/practices/template', headers: auth }))
          .statusCode,
      ).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/imports', headers: auth })).statusCode).toBe(
        403,
      );
    },
  );
});
