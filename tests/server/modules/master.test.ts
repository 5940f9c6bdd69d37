import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers';
import { request } from '../request';
import { wantsAnyStatus } from '@server/modules/master/service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

const anyStatusFilter = encodeURIComponent(JSON.stringify({ where: { IsAnyStatus: true } }));

const SIMPLE = [
  'practices',
  'geographics',
  'geographic-scopes',
  'offices',
  'comanagements',
  'languages',
  'segments',
  'positions',
];

describe('master data routes', () => {
  it('answers every signed-in person (a consultant on no admin scope, an outsider) and 401 without a token', async () => {
    const urls = [
      ...SIMPLE.map((p) => `/master/${p}`),
      '/master/methodologies',
      '/master/toolkits',
      '/master/professionals',
      '/master/clients',
      '/api/during-types',
      '/api/clients',
    ];
    for (const url of urls) {
      for (const login of ['carla.consultant', 'oscar.outsider']) {
        const res = await request(ctx, login).get(url);
        expect(res.statusCode, `${login} ${url}`).toBe(200);
        expect((res.json() as unknown[]).length, url).toBeGreaterThan(0);
      }
      const anonymous = await ctx.app.inject({ url });
      expect(anonymous.statusCode, url).toBe(401);
    }
  });

  it('keeps the ID/Name casing and the fields of each list', async () => {
    for (const path of SIMPLE) {
      const list = (await request(ctx, 'carla.consultant').get(`/master/${path}`)).json() as any[];
      for (const item of list) expect(Object.keys(item), path).toEqual(['ID', 'Name']);
    }
    const positions = (await request(ctx, 'carla.consultant').get('/master/positions')).json() as any[];
    expect(positions).toHaveLength(45);
    const methodologies = (
      await request(ctx, 'carla.consultant').get('/master/methodologies')
    ).json() as any[];
    expect(methodologies.map((m) => m.ID)).toContain(0);
    expect(methodologies.find((m) => m.Name === 'No Methodology')).toBeDefined();
    expect(Object.keys(methodologies.find((m) => m.IDPractice !== null))).toEqual([
      'ID',
      'Name',
      'IDPractice',
    ]);

    const toolkits = (await request(ctx, 'carla.consultant').get('/master/toolkits')).json() as any[];
    const t = toolkits[0];
    expect(Object.keys(t)).toEqual(['ID', 'Name', 'IsActive', 'Methodology']);
    expect(Object.keys(t.Methodology)).toEqual(['ID', 'Name', 'IDPractice']);
    expect(toolkits.some((x) => x.IsActive === false)).toBe(true);

    const alice = (
      (await request(ctx, 'carla.consultant').get('/master/professionals')).json() as any[]
    ).find((p) => p.Login === 'alice.admin');
    expect(alice.photoGUID === null || typeof alice.photoGUID === 'string').toBe(true);
    expect(alice).toEqual({
      ID: expect.any(Number),
      Name: 'Alice Almeida',
      photoGUID: alice.photoGUID,
      JobTitle: { Name: 'Director' },
      Email: 'alice.admin@example.com',
      Login: 'alice.admin',
      isActive: true,
    });

    const during = (await request(ctx, 'carla.consultant').get('/api/during-types')).json() as any[];
    expect(during.map((d) => d.id)).toEqual([1, 2, 3]);
    expect(Object.keys(during[0])).toEqual(['id', 'name']);
    const clients = (await request(ctx, 'carla.consultant').get('/api/clients')).json() as any[];
    expect(Object.keys(clients[0])).toEqual(['id', 'name']);
    const names = clients.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('lists clients with their segments and opens one by id; 404 for an unknown one, 400 for a bad id', async () => {
    const all = (await request(ctx, 'carla.consultant').get('/master/clients')).json() as any[];
    const withSegments = all.find((c) => c.ClientSegments.length > 0);
    expect(withSegments).toBeDefined();
    expect(Object.keys(withSegments)).toEqual([
      'ID',
      'Name',
      'EconomicGroup',
      'ClientDescription',
      'ClientCulture',
      'ClientSegments',
    ]);
    expect(withSegments.ClientSegments[0]).toEqual({
      Segment: { ID: expect.any(Number), Name: expect.any(String) },
      SegmentLevel: expect.any(Number),
    });
    expect([1, 2]).toContain(withSegments.ClientSegments[0].SegmentLevel);
    const one = await request(ctx, 'carla.consultant').get(`/master/clients/${withSegments.ID}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ ...withSegments, version: expect.any(Number) });

    const missing = await request(ctx, 'carla.consultant').get('/master/clients/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Client 999999 not found',
    });
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999', '0x10']) {
      const res = await request(ctx, 'carla.consultant').get(`/master/clients/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toContain('id');
    }
  });
});

describe('GET /master/professionals: any status', () => {
  const logins = async (query: string) =>
    ((await request(ctx, 'carla.consultant').get(`/master/professionals${query}`)).json() as any[]).map(
      (p) => p.Login as string,
    );

  it('lists active professionals by default and everyone when the query asks for any status', async () => {
    const active = await logins('');
    expect(active).toContain('alice.admin');
    expect(active).not.toContain('rita.retired');
    for (const q of [
      `?filter=${anyStatusFilter}`,
      `?where=${encodeURIComponent('{"IsAnyStatus":true}')}`,
      '?isAnyStatus=true',
      '?IsAnyStatus=1',
      `?filter=${encodeURIComponent('{"where":{"isAnyStatus":"true"}}')}`,
    ]) {
      const all = await logins(q);
      expect(all, q).toContain('rita.retired');
      expect(all.length, q).toBe(active.length + 1);
    }
    for (const q of [
      '?isAnyStatus=false',
      `?filter=${encodeURIComponent('{"where":{"IsAnyStatus":false}}')}`,
      `?filter=${encodeURIComponent('{"where":{}}')}`,
    ]) {
      expect(await logins(q), q).not.toContain('rita.retired');
    }
  });

  it('refuses a filter that is not a JSON object, a bad flag and an over-long filter with 400; prototype keys change nothing', async () => {
    for (const q of [
      '?filter=not-json',
      '?filter=null',
      '?filter=%5B1%5D',
      '?filter=42',
      `?filter=${'a'.repeat(2001)}`,
      '?where=%22x%22',
      '?isAnyStatus=maybe',
      '?IsAnyStatus=',
      '?filter=%00',
    ]) {
      const res = await request(ctx, 'carla.consultant').get(`/master/professionals${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    const proto = encodeURIComponent(
      '{"where":{"__proto__":{"IsAnyStatus":true}},"constructor":{"IsAnyStatus":true}}',
    );
    const res = await request(ctx, 'carla.consultant').get(`/master/professionals?filter=${proto}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as any[]).map((p) => p.Login)).not.toContain('rita.retired');
  });

  it('wantsAnyStatus reads only own properties', () => {
    expect(wantsAnyStatus({ filter: { where: { IsAnyStatus: true } } })).toBe(true);
    expect(wantsAnyStatus({ filter: '{"where":{"IsAnyStatus":true}}' })).toBe(true);
    expect(wantsAnyStatus({ where: { isAnyStatus: 1 } })).toBe(true);
    expect(wantsAnyStatus({ isAnyStatus: true })).toBe(true);
    expect(wantsAnyStatus({ filter: JSON.parse('{"__proto__":{"IsAnyStatus":true}}') })).toBe(false);
    expect(wantsAnyStatus({ filter: Object.create({ where: { IsAnyStatus: true } }) })).toBe(false);
    expect(wantsAnyStatus({ filter: 'null' })).toBe(false);
    expect(wantsAnyStatus({ filter: '{bad' })).toBe(false);
    expect(wantsAnyStatus({})).toBe(false);
  });
});
