import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProjectListItem } from '@domain/contract';
import { listProjects } from '@server/modules/projects/service';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 12 });
});
afterAll(() => ctx?.close());

const DEMO_CODES = ['DEMO-DRAFT', 'DEMO-SETUP', 'DEMO-DURING', 'DEMO-READY', 'DEMO-CLOSURE', 'DEMO-CLOSEOUT', 'DEMO-FINISHED', 'DEMO-PAUSED', 'DEMO-BRAZIL'];

describe('GET /api/projects', () => {
  it('lists every project with client, manager and practices for any signed-in person', async () => {
    const res = await ctx.app.inject({ url: '/api/projects', headers: await ctx.auth('oscar.outsider') });
    expect(res.statusCode).toBe(200);
    const list = res.json() as any[];
    expect(list.length).toBe(9 + 12);
    const codes = list.map((p) => p.code);
    for (const c of DEMO_CODES) expect(codes).toContain(c);
    const during = list.find((p) => p.code === 'DEMO-DURING');
    expect(during).toMatchObject({ idStatus: 3, projectManager: { name: 'Marcos Moura', login: 'marcos.manager' } });
    expect(during.client.name).toEqual(expect.any(String));
    expect(during.projectPractices.length).toBeGreaterThan(0);
    expect(during.endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const statuses = Object.fromEntries(list.filter((p) => p.code.startsWith('DEMO-')).map((p) => [p.code, p.idStatus]));
    expect(statuses).toEqual({
      'DEMO-DRAFT': 1, 'DEMO-SETUP': 2, 'DEMO-DURING': 3, 'DEMO-READY': 3, 'DEMO-CLOSURE': 4,
      'DEMO-CLOSEOUT': 4, 'DEMO-FINISHED': 5, 'DEMO-PAUSED': 6, 'DEMO-BRAZIL': 3,
    });
  });
});

describe('GET /api/projects (the database builds the JSON)', () => {
  it('answers exactly the rows (and order) of the reference query, in the contract shape — also for a bare project', async () => {
    const bare = await ctx.db.insertInto('projects').values({ code: 'ZZ-BARE', name: 'Bare "quoted" \\ project ç', idStatus: 1 }).returning('id').executeTakeFirstOrThrow();
    try {
      const res = await ctx.app.inject({ url: '/api/projects', headers: await ctx.auth('carla.consultant') });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const list = res.json() as ProjectListItem[];
      expect(list).toEqual(await listProjects(ctx.db));
      expect(z.array(ProjectListItem).safeParse(list).success).toBe(true);
      expect(list.find((p) => p.id === bare.id)).toEqual({ id: bare.id, code: 'ZZ-BARE', name: 'Bare "quoted" \\ project ç', idStatus: 1, endDate: null, client: null, projectManager: null, projectPractices: [] });
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
    const list = (await ctx.app.inject({ url: '/api/projects', headers: await ctx.auth('carla.consultant') })).json() as any[];
    const id = list.find((p) => p.code === 'DEMO-DURING').id;
    const res = await ctx.app.inject({ url: `/api/projects/${id}`, headers: await ctx.auth('carla.consultant') });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ id, code: 'DEMO-DURING', idStatus: 3 });
    const team = Object.fromEntries(p.projectTeam.map((t: any) => [t.professional.login, t]));
    expect(team['marcos.manager']).toMatchObject({ isManager: true, isPartner: false });
    expect(team['paula.partner']).toMatchObject({ isPartner: true });
    expect(Object.keys(team)).toEqual(expect.arrayContaining(['dora.director', 'carla.consultant', 'ivan.intern']));
    expect(team['oscar.outsider']).toBeUndefined();
    expect(p.missingAssessmentNames).toBe('Ivan Ito');
    expect(p.projectGeographics.map((g: any) => g.idGeographic)).not.toContain(223);

    const closure = (await ctx.app.inject({ url: '/api/projects/5', headers: await ctx.auth('carla.consultant') })).json();
    const closeout = (await ctx.app.inject({ url: '/api/projects/6', headers: await ctx.auth('carla.consultant') })).json();
    expect([closure.closeOutComplete, closeout.closeOutComplete]).toEqual([false, true]);

    const ready = list.find((x) => x.code === 'DEMO-READY').id;
    expect((await ctx.app.inject({ url: `/api/projects/${ready}`, headers: await ctx.auth('carla.consultant') })).json().missingAssessmentNames).toBe('');

    const brazil = list.find((x) => x.code === 'DEMO-BRAZIL').id;
    const b = (await ctx.app.inject({ url: `/api/projects/${brazil}`, headers: await ctx.auth('carla.consultant') })).json();
    expect(b.projectGeographics.map((g: any) => g.idGeographic)).toContain(223);
  });

  it('answers 404 for an unknown project and 400 for a bad id', async () => {
    expect((await ctx.app.inject({ url: '/api/projects/999999', headers: await ctx.auth('alice.admin') })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/projects/0', headers: await ctx.auth('alice.admin') })).statusCode).toBe(400);
  });

  it('GET /api/projects/{id}/team returns the team entries', async () => {
    const res = await ctx.app.inject({ url: '/api/projects/1/team', headers: await ctx.auth('alice.admin') });
    expect(res.statusCode).toBe(200);
    const team = res.json() as any[];
    expect(team.find((t) => t.isManager).professional.name).toBe('Marcos Moura');
    expect(team[0]).toHaveProperty('idProfessional');
    expect(team[0].professional).toHaveProperty('email');
    expect((await ctx.app.inject({ url: '/api/projects/999999/team', headers: await ctx.auth('alice.admin') })).statusCode).toBe(404);
  });
});

describe('professionals and photos', () => {
  it('GET /api/professionals/{id} returns the record with photoGUID', async () => {
    const res = await ctx.app.inject({ url: '/api/professionals/1', headers: await ctx.auth('alice.admin') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 1, name: 'Alice Almeida', login: 'alice.admin' });
    expect(res.json()).toHaveProperty('photoGUID');
    expect((await ctx.app.inject({ url: '/api/professionals/999999', headers: await ctx.auth('alice.admin') })).statusCode).toBe(404);
  });

  it('serves a photo (initials when none uploaded) by login, 404 for unknown', async () => {
    const res = await ctx.app.inject({ url: '/photos/by-login/marcos.manager', headers: await ctx.auth('alice.admin') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\//);
    if (String(res.headers['content-type']).includes('svg')) expect(res.body).toContain('MM');
    expect((await ctx.app.inject({ url: '/photos/by-login/ghost', headers: await ctx.auth('alice.admin') })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/photos/not-a-guid', headers: await ctx.auth('alice.admin') })).statusCode).toBe(400);
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
    const all = (await ctx.app.inject({ url: '/master/professionals?filter=' + encodeURIComponent(JSON.stringify({ where: { IsAnyStatus: true } })), headers: h })).json() as any[];
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
    for (const path of ['methodologies', 'offices', 'geographic-scopes', 'comanagements', 'languages', 'segments', 'clients']) {
      const r = await ctx.app.inject({ url: `/master/${path}`, headers: h });
      expect(r.statusCode, path).toBe(200);
      expect((r.json() as any[]).length, path).toBeGreaterThan(0);
    }
  });
});
