import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers';
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
