import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProjectListItem } from '@domain/contract';
import { listProjects } from '@server/modules/projects/list.repo';
import zlib from 'node:zlib';
import { createProjectListCache, listEncoding } from '@server/modules/projects/service';
import { createTestContext, type TestContext } from '../helpers';
import { request } from '../request';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 12 });
});
afterAll(() => ctx?.close());

const DEMO_CODES = [
  'DEMO-DRAFT',
  'DEMO-SETUP',
  'DEMO-DURING',
  'DEMO-READY',
  'DEMO-CLOSURE',
  'DEMO-CLOSEOUT',
  'DEMO-FINISHED',
  'DEMO-PAUSED',
  'DEMO-BRAZIL',
];

describe('GET /api/projects', () => {
  it('lists every project with client, manager and practices for any signed-in person', async () => {
    const res = await ctx.app.inject({ url: '/api/projects', headers: await ctx.auth('oscar.outsider') });
    expect(res.statusCode).toBe(200);
    const list = res.json() as any[];
    expect(list.length).toBe(9 + 12);
    const codes = list.map((p) => p.code);
    for (const c of DEMO_CODES) expect(codes).toContain(c);
    const during = list.find((p) => p.code === 'DEMO-DURING');
    expect(during).toMatchObject({
      idStatus: 3,
      projectManager: { name: 'Marcos Moura', login: 'marcos.manager' },
    });
    expect(during.client.name).toEqual(expect.any(String));
    expect(during.projectPractices.length).toBeGreaterThan(0);
    expect(during.endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const statuses = Object.fromEntries(
      list.filter((p) => p.code.startsWith('DEMO-')).map((p) => [p.code, p.idStatus]),
    );
    expect(statuses).toEqual({
      'DEMO-DRAFT': 1,
      'DEMO-SETUP': 2,
      'DEMO-DURING': 3,
      'DEMO-READY': 3,
      'DEMO-CLOSURE': 4,
      'DEMO-CLOSEOUT': 4,
      'DEMO-FINISHED': 5,
      'DEMO-PAUSED': 6,
      'DEMO-BRAZIL': 3,
    });
  });
});

describe('GET /api/projects (the database builds the JSON)', () => {
  it('answers exactly the rows (and order) of the reference query, in the contract shape — also for a bare project', async () => {
    const bare = await ctx.db
      .insertInto('projects')
      .values({ code: 'ZZ-BARE', name: 'Bare "quoted" \\ project ç', idStatus: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const res = await ctx.app.inject({ url: '/api/projects', headers: await ctx.auth('carla.consultant') });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const list = res.json() as ProjectListItem[];
      expect(list).toEqual(await listProjects(ctx.db));
      expect(z.array(ProjectListItem).safeParse(list).success).toBe(true);
      expect(list.find((p) => p.id === bare.id)).toEqual({
        id: bare.id,
        code: 'ZZ-BARE',
        name: 'Bare "quoted" \\ project ç',
        idStatus: 1,
        endDate: null,
        client: null,
        projectManager: null,
        projectPractices: [],
      });
    } finally {
      await ctx.db.deleteFrom('projects').where('id', '=', bare.id).execute();
    }
  });

  it('401 without a token', async () => {
    expect((await ctx.app.inject({ url: '/api/projects' })).statusCode).toBe(401);
  });
});

describe('GET /api/projects/{id}', () => {
  it('returns the project with its team, geographics and missing assessment names', async () => {
    const list = (
      await ctx.app.inject({ url: '/api/projects', headers: await ctx.auth('carla.consultant') })
    ).json() as any[];
    const id = list.find((p) => p.code === 'DEMO-DURING').id;
    const res = await ctx.app.inject({
      url: `/api/projects/${id}`,
      headers: await ctx.auth('carla.consultant'),
    });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ id, code: 'DEMO-DURING', idStatus: 3 });
    const team = Object.fromEntries(p.projectTeam.map((t: any) => [t.professional.login, t]));
    expect(team['marcos.manager']).toMatchObject({ isManager: true, isPartner: false });
    expect(team['paula.partner']).toMatchObject({ isPartner: true });
    expect(Object.keys(team)).toEqual(
      expect.arrayContaining(['dora.director', 'carla.consultant', 'ivan.intern']),
    );
    expect(team['oscar.outsider']).toBeUndefined();
    expect(p.missingAssessmentNames).toBe('Ivan Ito');
    expect(p.projectGeographics.map((g: any) => g.idGeographic)).not.toContain(223);

    const closure = (
      await ctx.app.inject({ url: '/api/projects/5', headers: await ctx.auth('carla.consultant') })
    ).json();
    const closeout = (
      await ctx.app.inject({ url: '/api/projects/6', headers: await ctx.auth('carla.consultant') })
    ).json();
    expect([closure.closeOutComplete, closeout.closeOutComplete]).toEqual([false, true]);

    const ready = list.find((x) => x.code === 'DEMO-READY').id;
    expect(
      (
        await ctx.app.inject({ url: `/api/projects/${ready}`, headers: await ctx.auth('carla.consultant') })
      ).json().missingAssessmentNames,
    ).toBe('');

    const brazil = list.find((x) => x.code === 'DEMO-BRAZIL').id;
    const b = (
      await ctx.app.inject({ url: `/api/projects/${brazil}`, headers: await ctx.auth('carla.consultant') })
    ).json();
    expect(b.projectGeographics.map((g: any) => g.idGeographic)).toContain(223);
  });

  it('answers 404 for an unknown project and 400 for a bad id', async () => {
    expect(
      (await ctx.app.inject({ url: '/api/projects/999999', headers: await ctx.auth('alice.admin') }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ url: '/api/projects/0', headers: await ctx.auth('alice.admin') })).statusCode,
    ).toBe(400);
  });

  it('GET /api/projects/{id}/team returns the team entries', async () => {
    const res = await ctx.app.inject({ url: '/api/projects/1/team', headers: await ctx.auth('alice.admin') });
    expect(res.statusCode).toBe(200);
    const team = res.json() as any[];
    expect(team.find((t) => t.isManager).professional.name).toBe('Marcos Moura');
    expect(team[0]).toHaveProperty('idProfessional');
    expect(team[0].professional).toHaveProperty('email');
    expect(
      (await ctx.app.inject({ url: '/api/projects/999999/team', headers: await ctx.auth('alice.admin') }))
        .statusCode,
    ).toBe(404);
  });
});

describe('professionals and photos', () => {
  it('GET /api/professionals/{id} returns the record with photoGUID', async () => {
    const res = await ctx.app.inject({ url: '/api/professionals/1', headers: await ctx.auth('alice.admin') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 1, name: 'Alice Almeida', login: 'alice.admin' });
    expect(res.json()).toHaveProperty('photoGUID');
    expect(
      (await ctx.app.inject({ url: '/api/professionals/999999', headers: await ctx.auth('alice.admin') }))
        .statusCode,
    ).toBe(404);
  });

  it('serves a photo (initials when none uploaded) by login, 404 for unknown', async () => {
    const res = await ctx.app.inject({
      url: '/photos/by-login/marcos.manager',
      headers: await ctx.auth('alice.admin'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\//);
    if (String(res.headers['content-type']).includes('svg')) expect(res.body).toContain('MM');
    expect(
      (await ctx.app.inject({ url: '/photos/by-login/ghost', headers: await ctx.auth('alice.admin') }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ url: '/photos/not-a-guid', headers: await ctx.auth('alice.admin') }))
        .statusCode,
    ).toBe(400);
  });
});

describe('master data', () => {
  it('lists practices with ID/Name casing, including practice 7', async () => {
    const res = await ctx.app.inject({ url: '/master/practices', headers: await ctx.auth('oscar.outsider') });
    expect(res.statusCode).toBe(200);
    const list = res.json() as any[];
    expect(list.map((p) => p.ID)).toContain(7);
    expect(list[0]).toEqual({ ID: expect.any(Number), Name: expect.any(String) });
  });

  it('lists active professionals by default and every status with IsAnyStatus', async () => {
    const h = await ctx.auth('alice.admin');
    const active = (await ctx.app.inject({ url: '/master/professionals', headers: h })).json() as any[];
    expect(active.find((p) => p.Name === 'Rita Ramos')).toBeUndefined();
    const all = (
      await ctx.app.inject({
        url:
          '/master/professionals?filter=' +
          encodeURIComponent(JSON.stringify({ where: { IsAnyStatus: true } })),
        headers: h,
      })
    ).json() as any[];
    expect(all.find((p) => p.Name === 'Rita Ramos')).toMatchObject({ isActive: false });
    expect(all[0]).toHaveProperty('photoGUID');
    expect(all[0]).toHaveProperty('JobTitle');
  });

  it('lists master toolkits with IsActive and the methodology practice, and geographics with 223', async () => {
    const h = await ctx.auth('alice.admin');
    const toolkits = (await ctx.app.inject({ url: '/master/toolkits', headers: h })).json() as any[];
    expect(toolkits.some((t) => t.IsActive === false)).toBe(true);
    expect(toolkits[0].Methodology).toHaveProperty('IDPractice');
    const geos = (await ctx.app.inject({ url: '/master/geographics', headers: h })).json() as any[];
    expect(geos.find((g) => g.ID === 223)).toBeDefined();
    for (const path of [
      'methodologies',
      'offices',
      'geographic-scopes',
      'comanagements',
      'languages',
      'segments',
      'clients',
    ]) {
      const r = await ctx.app.inject({ url: `/master/${path}`, headers: h });
      expect(r.statusCode, path).toBe(200);
      expect((r.json() as any[]).length, path).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/projects — conditional GET on the list version', () => {
  const get = (headers: Record<string, string> = {}) =>
    request(ctx, 'carla.consultant').get('/api/projects', { headers });
  const listVersion = async () =>
    (
      await ctx.db
        .selectFrom('listVersions')
        .select('version')
        .where('name', '=', 'projects')
        .executeTakeFirstOrThrow()
    ).version;

  it('answers ETag "p<list version>" with Cache-Control no-store (personal data), and 304 with an empty body on If-None-Match', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(`"p${await listVersion()}"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const etag = String(res.headers.etag);

    const again = await get({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-store');
    // a list of tags, the weak form and * also match; another tag does not
    expect((await get({ 'if-none-match': `"p0", W/${etag}` })).statusCode).toBe(304);
    expect((await get({ 'if-none-match': '*' })).statusCode).toBe(304);
    const other = await get({ 'if-none-match': '"p0"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(res.body);
  });

  it('a status change, a team change and a client rename each give a new ETag and the new content', async () => {
    const before = await get();
    let etag = String(before.headers.etag);
    const demo = (before.json() as ProjectListItem[]).find((p) => p.code === 'DEMO-DRAFT')!;
    expect(demo.idStatus).toBe(1);

    const changed = async (check: (item: ProjectListItem) => void) => {
      expect((await get({ 'if-none-match': etag })).statusCode).toBe(200);
      const res = await get();
      expect(res.headers.etag).not.toBe(etag);
      expect(res.headers.etag).toBe(`"p${await listVersion()}"`);
      check((res.json() as ProjectListItem[]).find((p) => p.id === demo.id)!);
      etag = String(res.headers.etag);
      expect((await get({ 'if-none-match': etag })).statusCode).toBe(304);
    };

    // status change through the API
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/projects/${demo.id}/status`,
      headers: await ctx.auth('alice.admin'),
      payload: { idStatus: 2 },
    });
    expect(put.statusCode).toBe(200);
    await changed((item) => expect(item.idStatus).toBe(2));

    // team change: a new manager replaces Marcos
    await ctx.db
      .updateTable('projectTeam')
      .set({ isManager: false })
      .where('projectId', '=', demo.id)
      .execute();
    const dora = await ctx.db
      .selectFrom('professionals')
      .select('id')
      .where('login', '=', 'dora.director')
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('projectTeam')
      .set({ isManager: true })
      .where('projectId', '=', demo.id)
      .where('professionalId', '=', dora.id)
      .execute();
    await changed((item) =>
      expect(item.projectManager).toMatchObject({ login: 'dora.director', name: 'Dora Duarte' }),
    );

    // client rename
    await ctx.db
      .updateTable('clients')
      .set({ name: 'Renamed Client Ltd' })
      .where('id', '=', demo.client!.id)
      .execute();
    await changed((item) => expect(item.client).toEqual({ id: demo.client!.id, name: 'Renamed Client Ltd' }));
    expect(await get().then((r) => r.json() as ProjectListItem[])).toEqual(await listProjects(ctx.db));
  });

  it('builds once per version: concurrent requests share the build; the cache answers the same text', async () => {
    const cache = createProjectListCache(ctx.db);
    const v1 = await cache.current();
    const [a, b] = await Promise.all([cache.get(v1), cache.get(v1)]);
    expect(a).toBe(b);
    expect(await cache.get(v1)).toBe(a);
    expect(a.version).toBe(v1);
    await ctx.db.updateTable('projects').set({ name: 'Cache test' }).where('id', '=', 2).execute();
    const v2 = await cache.current();
    expect(BigInt(v2)).toBeGreaterThan(BigInt(v1));
    const c = await cache.get(v2);
    expect(c.version).toBe(v2);
    expect((JSON.parse(c.json) as ProjectListItem[]).find((p) => p.id === 2)!.name).toBe('Cache test');
    expect(JSON.parse(c.json)).toEqual(await listProjects(ctx.db));

    const etag = `"p${v2}"`;
    const all = await Promise.all([1, 2, 3, 4].map(() => get()));
    expect(all.map((r) => [r.statusCode, r.headers.etag])).toEqual(all.map(() => [200, etag]));
    expect(new Set(all.map((r) => r.body)).size).toBe(1);
  });

  it('answers brotli, gzip or plain text as asked, each compressed once per version', async () => {
    const plain = await get({ 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const list = plain.json() as ProjectListItem[];
    expect(list.length).toBeGreaterThan(5);

    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(list);
    expect(br.headers.etag).toBe(plain.headers.etag);

    const gz = await get({ 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(list);

    const cache = createProjectListCache(ctx.db);
    const built = await cache.get(await cache.current());
    expect(built.encoded('br')).toBe(built.encoded('br'));
  });

  it('reads Accept-Encoding with its q-values and wildcard', () => {
    expect(listEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(listEncoding('gzip')).toBe('gzip');
    expect(listEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(listEncoding('*')).toBe('br');
    expect(listEncoding('*, br;q=0')).toBe('gzip');
    expect(listEncoding('identity')).toBeUndefined();
    expect(listEncoding('deflate')).toBeUndefined();
    expect(listEncoding(undefined)).toBeUndefined();
    expect(listEncoding('')).toBeUndefined();
  });

  it('the ETag is the list version of the document served, also when the versions move on', async () => {
    const res = await get();
    const version = String(res.headers.etag).slice(2, -1);
    // a document of an older version is never served under a newer tag
    await ctx.db.updateTable('clients').set({ name: 'Moved on' }).where('id', '=', 1).execute();
    const next = await get({ 'if-none-match': String(res.headers.etag) });
    expect(next.statusCode).toBe(200);
    expect(BigInt(String(next.headers.etag).slice(2, -1))).toBeGreaterThan(BigInt(version));
    const ofClient = (next.json() as ProjectListItem[]).filter((p) => p.client?.id === 1);
    expect(ofClient.length).toBeGreaterThan(0);
    expect(ofClient.map((p) => p.client!.name)).toEqual(ofClient.map(() => 'Moved on'));
  });

  it('a change of a table the list is not built from keeps the ETag', async () => {
    const etag = String((await get()).headers.etag);
    await ctx.db
      .updateTable('projectTrainingDevelopment')
      .set({ text: 'not in the list' })
      .where('projectId', '=', 1)
      .execute();
    expect((await get({ 'if-none-match': etag })).statusCode).toBe(304);
  });
});

describe('GET /api/projects/{id} — ETag and ids', () => {
  it('answers ETag from projects.version, and the Learning and Development version', async () => {
    const row = await ctx.db
      .selectFrom('projects')
      .select(['version'])
      .where('id', '=', 3)
      .executeTakeFirstOrThrow();
    const res = await ctx.app.inject({ url: '/api/projects/3', headers: await ctx.auth('oscar.outsider') });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(`"${row.version}"`);
    expect(res.json().version).toBe(row.version);
    expect(res.json().projectTrainingDevelopment).toEqual({
      tdOportunity: expect.any(Boolean),
      text: expect.any(String),
      version: 1,
    });
  });

  it('refuses non-canonical and out-of-range ids with 400 naming the parameter; unknown id → 404', async () => {
    const h = await ctx.auth('alice.admin');
    for (const id of ['0x3', '3.0', '%2B3', '+3', '03', '99999999999', '2147483648', '-1', 'abc']) {
      const res = await ctx.app.inject({ url: `/api/projects/${id}`, headers: h });
      expect(res.statusCode, id).toBe(400);
      expect(res.json(), id).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringMatching(/^Invalid request: id/),
      });
    }
    const unknown = await ctx.app.inject({ url: '/api/projects/2147483647', headers: h });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Project 2147483647 not found',
    });
  });
});

describe('professionals', () => {
  it('GET /api/professionals lists everyone by name with photoGUID and job title', async () => {
    const res = await ctx.app.inject({
      url: '/api/professionals',
      headers: await ctx.auth('oscar.outsider'),
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as any[];
    expect(list.find((p) => p.login === 'marcos.manager')).toEqual({
      id: 6,
      name: 'Marcos Moura',
      email: 'marcos.manager@example.com',
      login: 'marcos.manager',
      photoGUID: expect.any(String),
      isActive: true,
      jobTitle: { name: 'Manager' },
    });
    const names = list.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await ctx.app.inject({ url: '/api/professionals' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ url: '/api/professionals/0x1', headers: await ctx.auth('oscar.outsider') }))
        .statusCode,
    ).toBe(400);
  });
});
