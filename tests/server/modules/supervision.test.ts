import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, demoIds, type TestContext } from '../helpers';
import { request } from '../request';
import { weekStart } from '@server/platform/dates';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 30 });
});
afterAll(() => ctx?.close());

describe('GET /api/weekly-supervision', () => {
  it('answers 403 to oscar.outsider and to team members without an admin scope', async () => {
    for (const login of ['oscar.outsider', 'marcos.manager', 'gil.governance']) {
      const res = await ctx.app.inject({ url: '/api/weekly-supervision', headers: await ctx.auth(login) });
      expect(res.statusCode, login).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    }
    expect((await ctx.app.inject({ url: '/api/weekly-supervision' })).statusCode).toBe(401);
  });

  it('answers 200 with rows and the x-total headers to Admin, IDOne, KNW and PDC holders', async () => {
    for (const login of ['alice.admin', 'ida.idone', 'kim.knm', 'pedro.pdc']) {
      const res = await ctx.app.inject({ url: '/api/weekly-supervision', headers: await ctx.auth(login) });
      expect(res.statusCode, login).toBe(200);
    }
    const res = await ctx.app.inject({
      url: '/api/weekly-supervision?take=1000',
      headers: await ctx.auth('alice.admin'),
    });
    const rows = res.json() as any[];
    const h = res.headers;
    const total = Number(h['x-total']);
    expect(total).toBe(rows.length);
    expect(
      Number(h['x-total-green']) +
        Number(h['x-total-yellow']) +
        Number(h['x-total-red']) +
        Number(h['x-total-notsubmitted']),
    ).toBe(total);
    expect(Number(h['x-total-notsubmitted'])).toBe(rows.filter((r) => !r.onePageSubmitted).length);
    expect(Number(h['x-total-green'])).toBe(
      rows.filter((r) => r.onePageSubmitted && r.onePageProblemLevel === 1).length,
    );
    const during = rows.find((r) => r.projectCode === 'DEMO-DURING');
    expect(during).toMatchObject({ statusName: 'During', onePageSubmitted: false, onePageProblemLevel: 0 });
    for (const key of [
      'idProject',
      'projectName',
      'clientName',
      'priority',
      'internal',
      'coManagementName',
      'duringTypeName',
      'environmentStatus',
    ]) {
      expect(during, key).toHaveProperty(key);
    }
    // Draft, Finished and Paused projects are not supervised by default
    expect(rows.find((r) => r.projectCode === 'DEMO-DRAFT')).toBeUndefined();
    expect(rows.find((r) => r.projectCode === 'DEMO-FINISHED')).toBeUndefined();
  });

  it('pages with skip/take while the totals stay those of the whole set, and filters by search and status', async () => {
    const h = await ctx.auth('alice.admin');
    const all = await ctx.app.inject({ url: '/api/weekly-supervision?take=1000', headers: h });
    const page = await ctx.app.inject({ url: '/api/weekly-supervision?skip=2&take=3', headers: h });
    expect(page.json()).toEqual((all.json() as any[]).slice(2, 5));
    expect(page.headers['x-total']).toBe(all.headers['x-total']);
    const past = await ctx.app.inject({ url: '/api/weekly-supervision?skip=100000&take=3', headers: h });
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total']).toBe(all.headers['x-total']);
    const search = (
      await ctx.app.inject({ url: '/api/weekly-supervision?search=demo-during', headers: h })
    ).json() as any[];
    expect(search.map((r) => r.projectCode)).toEqual(['DEMO-DURING']);
    const paused = (
      await ctx.app.inject({ url: '/api/weekly-supervision?status=6', headers: h })
    ).json() as any[];
    expect(paused.every((r) => r.statusName === 'Paused')).toBe(true);
    expect(paused.map((r) => r.projectCode)).toContain('DEMO-PAUSED');
  });

  it('rejects bad query values with 400 naming the parameter', async () => {
    const h = await ctx.auth('alice.admin');
    for (const q of ['take=0', 'take=abc', 'skip=-1', 'status=9']) {
      const res = await ctx.app.inject({ url: `/api/weekly-supervision?${q}`, headers: h });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toMatch(q.split('=')[0]!);
    }
  });
});

describe('GET /api/weekly-supervision: access per DEMO person and bad input', () => {
  /** Every active DEMO login (rita.retired is inactive: no token can be made for her). */
  const ALLOWED = ['alice.admin', 'ida.idone', 'kim.knm', 'pedro.pdc'];
  const REFUSED = [
    'gil.governance',
    'marcos.manager',
    'paula.partner',
    'dora.director',
    'carla.consultant',
    'ivan.intern',
    'oscar.outsider',
  ];

  it('answers 200 only to holders of Admin, IDOne, KNW or PDC, on each supervision grid', async () => {
    for (const url of ['/api/weekly-supervision', '/api/allocation-supervision', '/api/pdc-supervision']) {
      for (const login of ALLOWED) {
        const res = await ctx.app.inject({ url: `${url}?take=1`, headers: await ctx.auth(login) });
        expect(res.statusCode, `${login} ${url}`).toBe(200);
        expect(Number(res.headers['x-total']), `${login} ${url}`).toBeGreaterThan(0);
      }
      for (const login of REFUSED) {
        const res = await ctx.app.inject({ url: `${url}?take=1`, headers: await ctx.auth(login) });
        expect(res.statusCode, `${login} ${url}`).toBe(403);
        expect(res.json(), login).toEqual({
          statusCode: 403,
          error: 'Forbidden',
          message: 'This needs one of the scopes Admin, IDOne, KNW or PDC',
        });
        expect(res.headers['x-total'], login).toBeUndefined();
      }
    }
  });

  it('refuses out-of-range, non-numeric and over-long query values with 400 naming the parameter', async () => {
    const h = await ctx.auth('alice.admin');
    const cases: [string, string][] = [
      ['take=100000', 'take'],
      ['take=1001', 'take'],
      ['take=-1', 'take'],
      ['take=1e3', 'take'],
      ['take=%201', 'take'],
      ['take=1&take=2', 'take'],
      ['skip=abc', 'skip'],
      ['skip=-5', 'skip'],
      ['skip=1.5', 'skip'],
      ['skip=9999999999', 'skip'],
      ['status=abc', 'status'],
      ['status=2,9', 'status'],
      ['status=0', 'status'],
      [`search=${'x'.repeat(201)}`, 'search'],
      ['search=a%00b', 'NUL'],
    ];
    for (const [q, name] of cases) {
      const res = await ctx.app.inject({ url: `/api/weekly-supervision?${q}`, headers: h });
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.json().message, q).toContain(name);
    }
    // the largest page is fine, and several statuses may be given as a list or repeated
    expect(
      (await ctx.app.inject({ url: '/api/weekly-supervision?take=1000&skip=0', headers: h })).statusCode,
    ).toBe(200);
    const listed = await ctx.app.inject({ url: '/api/weekly-supervision?status=3,6&take=1000', headers: h });
    const repeated = await ctx.app.inject({
      url: '/api/weekly-supervision?status=3&status=6&take=1000',
      headers: h,
    });
    expect(listed.statusCode).toBe(200);
    expect(repeated.json()).toEqual(listed.json());
    const statuses = new Set((listed.json() as any[]).map((r) => r.idStatus));
    expect([...statuses].sort()).toEqual([3, 6]);
    expect(listed.headers['x-total']).toBe(String((listed.json() as any[]).length));
  });
});

describe('weekStart', () => {
  it('is the Monday of the week, for every weekday', () => {
    expect(weekStart(new Date('2026-11-23T10:00:00Z'))).toBe('2026-11-23'); // Monday
    expect(weekStart(new Date('2026-11-22T23:00:00Z'))).toBe('2026-11-16'); // Sunday
    expect(weekStart(new Date('2026-11-18T00:00:00Z'))).toBe('2026-11-16'); // Wednesday
    expect(weekStart(new Date('2026-01-01T00:00:00Z'))).toBe('2025-12-29'); // across a year
  });
});

// --- supervision: filters, counters, edits
const GRIDS = ['/api/weekly-supervision', '/api/allocation-supervision', '/api/pdc-supervision'];

/** Every row of a grid for a query, paged `take` at a time, with the counters of each page. */
async function allPages(url: string, query: string, take = 7) {
  const h = await ctx.auth('alice.admin');
  const rows: any[] = [];
  const headers: Record<string, string>[] = [];
  for (let skip = 0; ; skip += take) {
    const res = await ctx.app.inject({ url: `${url}?${query}&skip=${skip}&take=${take}`, headers: h });
    expect(res.statusCode, `${url}?${query}`).toBe(200);
    headers.push(res.headers as Record<string, string>);
    const page = res.json() as any[];
    rows.push(...page);
    if (page.length < take) break;
  }
  return { rows, headers };
}

describe('supervision filters: the counters are the rows’ own counts', () => {
  const FILTERS = [
    '',
    'status=1,2,3,4,5,6',
    'status=3',
    'onePageSubmitted=true',
    'onePageSubmitted=false',
    'problemLevel=1,3',
    'problemLevel=0',
    'environmentStatus=0',
    'environmentStatus=2,3',
    'duringType=1,0',
    'allocationStatus=0',
    'priority=true',
    'internal=false',
    'pdcPriority=false',
    'hasAllocation=true',
    'hasGovernanceAction=false',
    'search=demo&onePageSubmitted=false',
    'status=2,3,4,6&problemLevel=2&hasAllocation=true',
  ];

  it('pages through every row of each filter and finds exactly the x-total* counters', async () => {
    for (const f of FILTERS) {
      const url = GRIDS[FILTERS.indexOf(f) % 3]!;
      const { rows, headers } = await allPages(url, f);
      const n = (pred: (r: any) => boolean) => String(rows.filter(pred).length);
      for (const h of headers) {
        expect(h['x-total'], f).toBe(String(rows.length));
        expect(h['x-total-notsubmitted'], f).toBe(n((r) => !r.onePageSubmitted));
        expect(h['x-total-green'], f).toBe(n((r) => r.onePageSubmitted && r.onePageProblemLevel === 1));
        expect(h['x-total-yellow'], f).toBe(n((r) => r.onePageSubmitted && r.onePageProblemLevel === 2));
        expect(h['x-total-red'], f).toBe(n((r) => r.onePageSubmitted && r.onePageProblemLevel === 3));
      }
      expect(new Set(rows.map((r) => r.idProject)).size, f).toBe(rows.length);
      const codes = rows.map((r) => r.projectCode);
      expect(codes, f).toEqual([...codes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }
  });

  it('applies each filter to the rows', async () => {
    const check = async (q: string, pred: (r: any) => boolean) => {
      const { rows } = await allPages('/api/weekly-supervision', q, 1000);
      expect(rows.length, q).toBeGreaterThan(0);
      expect(
        rows.filter((r) => !pred(r)),
        q,
      ).toEqual([]);
      return rows;
    };
    await check('onePageSubmitted=true', (r) => r.onePageSubmitted);
    await check('onePageSubmitted=0', (r) => !r.onePageSubmitted);
    await check('problemLevel=1,3', (r) => [1, 3].includes(r.onePageProblemLevel));
    await check('environmentStatus=0', (r) => r.environmentStatus === null);
    await check('environmentStatus=2', (r) => r.environmentStatus === 2);
    await check('duringType=1', (r) => r.idDuringType === 1);
    await check('allocationStatus=0', (r) => r.idAllocationStatus === 0);
    await check('priority=false&internal=false', (r) => !r.priority && !r.internal);
    await check('hasAllocation=true', (r) => r.hasAllocation);
    // a search's LIKE wildcards are literal
    const none = await ctx.app.inject({
      url: '/api/weekly-supervision?search=%25%25_',
      headers: await ctx.auth('alice.admin'),
    });
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total']).toBe('0');
  });

  it('refuses bad filter values with 400 naming the parameter', async () => {
    const h = await ctx.auth('alice.admin');
    for (const q of [
      'onePageSubmitted=maybe',
      'problemLevel=4',
      'environmentStatus=x',
      'duringType=5',
      'allocationStatus=7',
      'priority=yes',
      'pdcPriority=2',
    ]) {
      for (const url of [...GRIDS, '/api/weekly-supervision/export', '/api/allocation-supervision/export']) {
        const res = await ctx.app.inject({ url: `${url}?${q}`, headers: h });
        expect(res.statusCode, `${url}?${q}`).toBe(400);
        expect(res.json().message, q).toContain(q.split('=')[0]!);
      }
    }
  });

  it('carries the project version and this week’s one-page id on every row', async () => {
    const { rows } = await allPages('/api/pdc-supervision', 'status=1,2,3,4,5,6', 1000);
    const v = await ctx.db.selectFrom('projects').select(['id', 'version']).execute();
    const byId = new Map(v.map((p) => [p.id, p.version]));
    for (const r of rows) expect(r.version, r.projectCode).toBe(byId.get(r.idProject));
    expect(rows.some((r) => r.idOnePage !== null)).toBe(true);
    expect(rows.find((r) => r.projectCode === 'DEMO-DURING').idOnePage).toEqual(expect.any(Number));
  });
});

describe('PATCH /api/projects/:id/priority and /allocation-status', () => {
  const patch = (path: string, payload: unknown, login = 'alice.admin', headers = {}) =>
    request(ctx, login).patch(path, payload, { headers });
  const rowOf = async (code: string) =>
    (
      (
        await ctx.app.inject({
          url: `/api/weekly-supervision?status=1,2,3,4,5,6&search=${code}`,
          headers: await ctx.auth('alice.admin'),
        })
      ).json() as any[]
    ).find((r) => r.projectCode === code);

  it('is Admin’s only: 403 to the other admin scopes and to outsiders, 401 without a token', async () => {
    const { project } = await demoIds(ctx.db);
    const id = project['DEMO-SETUP']!;
    for (const login of [
      'kim.knm',
      'pedro.pdc',
      'ida.idone',
      'gil.governance',
      'marcos.manager',
      'oscar.outsider',
    ]) {
      for (const [path, body] of [
        [`/api/projects/${id}/priority`, { priority: true }],
        [`/api/projects/${id}/allocation-status`, { idAllocationStatus: 3 }],
      ] as const) {
        const res = await patch(path, body, login);
        expect(res.statusCode, `${login} ${path}`).toBe(403);
        expect(res.json().message).toBe('Only an administrator may edit the supervision of a project');
      }
    }
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: `/api/projects/${id}/priority`,
          payload: { priority: true },
        })
      ).statusCode,
    ).toBe(401);
    expect((await rowOf('DEMO-SETUP')).priority).toBe(false);
  });

  it('refuses bad bodies and paths with 400, unknown projects with 404', async () => {
    const { project } = await demoIds(ctx.db);
    const id = project['DEMO-SETUP']!;
    const bad: [string, unknown][] = [
      ['priority', {}],
      ['priority', { priority: 'yes' }],
      ['priority', { idDuringType: 4 }],
      ['priority', { idDuringType: 0 }],
      ['priority', { onePageProblemLevel: 4 }],
      ['priority', { onePageEnvironmentStatus: 0 }],
      ['priority', { isSubmitted: null }],
      ['priority', { priority: true, color: 'red' }],
      ['allocation-status', {}],
      ['allocation-status', { idAllocationStatus: 7 }],
      ['allocation-status', { idAllocationStatus: -1 }],
      ['allocation-status', { idAllocationStatus: 1.5 }],
      ['allocation-status', { idAllocationStatus: 2, x: 1 }],
    ];
    for (const [path, body] of bad) {
      const res = await patch(`/api/projects/${id}/${path}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('Bad Request');
    }
    expect((await patch('/api/projects/abc/priority', { priority: true })).statusCode).toBe(400);
    expect(
      (await patch(`/api/projects/${id}/priority`, { priority: true }, 'alice.admin', { 'if-match': 'x' }))
        .statusCode,
    ).toBe(400);
    const missing = await patch('/api/projects/999999/priority', { priority: true });
    expect(missing.statusCode).toBe(404);
    expect(
      (await patch('/api/projects/999999/allocation-status', { idAllocationStatus: 1 })).statusCode,
    ).toBe(404);
  });

  it('sets priority, internal and During Type, answers the row with its ETag, records the history, honours If-Match', async () => {
    const { project } = await demoIds(ctx.db);
    const id = project['DEMO-READY']!;
    const before = await rowOf('DEMO-READY');
    const res = await patch(
      `/api/projects/${id}/priority`,
      { priority: !before.priority, internal: true, idDuringType: 3 },
      'alice.admin',
      {
        'if-match': `"${before.version}"`,
      },
    );
    expect(res.statusCode).toBe(200);
    const row = res.json();
    expect(row).toMatchObject({
      idProject: id,
      projectCode: 'DEMO-READY',
      priority: !before.priority,
      internal: true,
      idDuringType: 3,
      duringTypeName: 'Ad Hoc',
      version: before.version + 1,
    });
    expect(res.headers.etag).toBe(`"${before.version + 1}"`);
    expect(await rowOf('DEMO-READY')).toEqual(row);
    const changes = await ctx.db
      .selectFrom('projectChanges')
      .select(['area', 'subject'])
      .where('projectId', '=', id)
      .where('area', '=', 'Supervision')
      .execute();
    expect(changes.map((c) => c.subject)).toEqual(
      expect.arrayContaining([
        `Priority: ${before.priority ? 'No' : 'Yes'}`,
        'Internal: Yes',
        'During Type: Ad Hoc',
      ]),
    );
    // stale: 412 with the current row, nothing changed
    const stale = await patch(`/api/projects/${id}/priority`, { priority: before.priority }, 'alice.admin', {
      'if-match': `"${before.version}"`,
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toEqual(row);
    expect((await rowOf('DEMO-READY')).priority).toBe(!before.priority);
    // priority filter sees it
    const prio = (
      await ctx.app.inject({
        url: `/api/weekly-supervision?priority=${!before.priority}&take=1000`,
        headers: await ctx.auth('alice.admin'),
      })
    ).json() as any[];
    expect(prio.map((r) => r.projectCode)).toContain('DEMO-READY');
  });

  it('edits this week’s one-page: level, environment, submit as the caller and undo; the counters follow', async () => {
    const { project, person } = await demoIds(ctx.db);
    const id = project['DEMO-DURING']!;
    const h = await ctx.auth('alice.admin');
    const counters = async () =>
      (await ctx.app.inject({ url: '/api/weekly-supervision?take=1', headers: h })).headers;
    const c0 = await counters();
    const r0 = await rowOf('DEMO-DURING');
    expect(r0.onePageSubmitted).toBe(false);

    // submitted without a level is refused (409), nothing changes
    await ctx.db
      .updateTable('onePages')
      .set({ onePageProblemLevel: null })
      .where('id', '=', r0.idOnePage)
      .execute();
    const noLevel = await patch(`/api/projects/${id}/priority`, { isSubmitted: true });
    expect(noLevel.statusCode).toBe(409);
    expect(noLevel.json().message).toBe('A submitted one-page needs an OP Status: Green, Yellow or Red');
    expect((await rowOf('DEMO-DURING')).version).toBe(r0.version);

    const res = await patch(`/api/projects/${id}/priority`, {
      onePageProblemLevel: 3,
      onePageEnvironmentStatus: 2,
      isSubmitted: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      onePageSubmitted: true,
      onePageProblemLevel: 3,
      environmentStatus: 2,
      idOnePage: r0.idOnePage,
      version: r0.version + 1,
    });
    const op = await ctx.db
      .selectFrom('onePages')
      .selectAll()
      .where('id', '=', r0.idOnePage)
      .executeTakeFirstOrThrow();
    expect(op.submittedById).toBe(person['alice.admin']);
    expect(op.submittedAt).not.toBeNull();
    const dash = await ctx.db
      .selectFrom('projectDashboards')
      .select('id')
      .where('onePageId', '=', r0.idOnePage)
      .execute();
    expect(dash).toHaveLength(1);
    const c1 = await counters();
    expect(Number(c1['x-total-red'])).toBe(Number(c0['x-total-red']) + 1);
    expect(Number(c1['x-total-notsubmitted'])).toBe(Number(c0['x-total-notsubmitted']) - 1);

    // a submitted one-page cannot lose its level; it can change it
    expect((await patch(`/api/projects/${id}/priority`, { onePageProblemLevel: 0 })).statusCode).toBe(409);
    expect(
      (await patch(`/api/projects/${id}/priority`, { onePageProblemLevel: 1 })).json().onePageProblemLevel,
    ).toBe(1);

    // undo, then level 0 clears it
    const undo = await patch(`/api/projects/${id}/priority`, { isSubmitted: false, onePageProblemLevel: 0 });
    expect(undo.json()).toMatchObject({ onePageSubmitted: false, onePageProblemLevel: 0 });
    const after = await ctx.db
      .selectFrom('onePages')
      .selectAll()
      .where('id', '=', r0.idOnePage)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ submittedAt: null, submittedById: null, onePageProblemLevel: null });
    const c2 = await counters();
    expect(c2['x-total-notsubmitted']).toBe(c0['x-total-notsubmitted']);
    expect(c2['x-total-red']).toBe(c0['x-total-red']);
    const subjects = (
      await ctx.db
        .selectFrom('projectChanges')
        .select('subject')
        .where('projectId', '=', id)
        .where('area', '=', 'Supervision')
        .execute()
    ).map((c) => c.subject);
    expect(subjects.some((s) => /One-Page of \d{4}-\d{2}-\d{2} submitted$/.test(s))).toBe(true);
    expect(subjects.some((s) => /submit undone$/.test(s))).toBe(true);
  });

  it('answers 409 for one-page fields when the project has no one-page this week', async () => {
    const { project } = await demoIds(ctx.db);
    const id = project['DEMO-DRAFT']!;
    await ctx.db.deleteFrom('onePages').where('projectId', '=', id).execute();
    const before = await rowOf('DEMO-DRAFT');
    const res = await patch(`/api/projects/${id}/priority`, {
      onePageEnvironmentStatus: 1,
      priority: !before.priority,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This project has no one-page this week: one-pages are opened each Monday for projects in During',
    );
    expect(await rowOf('DEMO-DRAFT')).toEqual(before); // nothing of the body applied
  });

  it('sets the allocation status (0–6, by its names) with If-Match and history', async () => {
    const { project } = await demoIds(ctx.db);
    const id = project['DEMO-CLOSURE']!;
    const before = await rowOf('DEMO-CLOSURE');
    const res = await patch(
      `/api/projects/${id}/allocation-status`,
      { idAllocationStatus: 6 },
      'alice.admin',
      {
        'if-match': `"${before.version}"`,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      idAllocationStatus: 6,
      allocationStatusName: 'Written not Submitted',
      version: before.version + 1,
    });
    expect(res.headers.etag).toBe(`"${before.version + 1}"`);
    const stale = await patch(
      `/api/projects/${id}/allocation-status`,
      { idAllocationStatus: 1 },
      'alice.admin',
      {
        'if-match': `"${before.version}"`,
      },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current.idAllocationStatus).toBe(6);
    expect(
      (await patch(`/api/projects/${id}/allocation-status`, { idAllocationStatus: 0 })).json()
        .allocationStatusName,
    ).toBe('Unset');
    const filtered = (
      await ctx.app.inject({
        url: '/api/allocation-supervision?allocationStatus=6&take=1000',
        headers: await ctx.auth('kim.knm'),
      })
    ).json() as any[];
    expect(filtered.map((r) => r.projectCode)).not.toContain('DEMO-CLOSURE');
    const subjects = (
      await ctx.db.selectFrom('projectChanges').select('subject').where('projectId', '=', id).execute()
    ).map((c) => c.subject);
    expect(subjects).toEqual(
      expect.arrayContaining(['Allocation Status: Written not Submitted', 'Allocation Status: Unset']),
    );
  });
});
