import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@server/db';
import { migrateToLatest } from '@server/db/migrate';
import { createTestContext, openTestDatabase, type TestContext } from '../helpers';
import { factories, makeProject } from '../factories';

describe('test factories on a database without the demo data', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openTestDatabase();
    await migrateToLatest(h.db);
  });
  afterAll(() => h?.close());

  it('make a project with its team, client, geographics, practices and status history', async () => {
    const f = factories(h.db);
    const manager = await f.makeProfessional({ jobTitle: 'Manager', scopes: ['API.Portal.OnePage'] });
    const project = await f.makeProject({
      status: 3,
      team: [{ professional: manager, isManager: true }, { isPartner: true }, {}],
      geographics: [223],
      practices: [7],
    });
    expect(project).toMatchObject({ idStatus: 3, closedAt: null });
    expect(project.code).toMatch(/^T-/);
    expect(project.team.map((t) => [t.isManager, t.isPartner])).toEqual([
      [true, false],
      [false, true],
      [false, false],
    ]);
    const team = await h.db
      .selectFrom('projectTeam as t')
      .innerJoin('professionals as p', 'p.id', 't.professionalId')
      .select(['p.login', 'p.jobTitle', 'p.scopes', 't.isManager'])
      .where('t.projectId', '=', project.id)
      .orderBy('t.id')
      .execute();
    expect(team[0]).toEqual({
      login: manager.login,
      jobTitle: 'Manager',
      scopes: ['API.Portal.OnePage'],
      isManager: true,
    });
    expect(team[1]!.jobTitle).toBe('Partner');
    const geo = await h.db
      .selectFrom('projectGeographics as pg')
      .innerJoin('geographics as g', 'g.id', 'pg.geographicId')
      .select('g.name')
      .where('pg.projectId', '=', project.id)
      .execute();
    expect(geo).toEqual([{ name: 'Brazil' }]); // the master row was created with the demo's name
    const practice = await h.db
      .selectFrom('projectPractices')
      .select('practiceId')
      .where('projectId', '=', project.id)
      .execute();
    expect(practice).toEqual([{ practiceId: 7 }]);
    const client = await h.db
      .selectFrom('clients')
      .select('name')
      .where('id', '=', project.clientId!)
      .executeTakeFirstOrThrow();
    expect(client.name).toMatch(/^Test Client /);
    const history = await h.db
      .selectFrom('projectStatusHistory')
      .select(['fromStatus', 'toStatus'])
      .where('projectId', '=', project.id)
      .execute();
    expect(history).toEqual([{ fromStatus: null, toStatus: 3 }]);
  });

  it('generate unique codes, logins and client ids; a finished project is closed', async () => {
    const [a, b] = [
      await makeProject(h.db, { status: 5 }),
      await makeProject(h.db, { status: 5, client: null }),
    ];
    expect(a.code).not.toBe(b.code);
    expect(a.closedAt).toBeInstanceOf(Date);
    expect(b.clientId).toBeNull();
    const f = factories(h.db);
    const people = await Promise.all([f.makeProfessional(), f.makeProfessional()]);
    expect(people[0].login).not.toBe(people[1].login);
    expect(people[0].email).toBe(`${people[0].login}@example.com`);
    const clients = [await f.makeClient(), await f.makeClient({ name: 'Named Client' })];
    expect(clients[1].id).toBe(clients[0].id + 1);
    expect(clients[1].name).toBe('Named Client');
    const page = await f.makeOnePage({ projectId: a.id, submittedBy: people[0] });
    expect(page).toMatchObject({ projectId: a.id, submittedById: people[0].id, onePageProblemLevel: 1 });
    expect(page.initialDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${page.initialDate}T00:00:00Z`).getUTCDay()).toBe(1); // a Monday
  });
});

describe('a test that brings its own project (no DEMO ids)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ projects: 0 });
  });
  afterAll(() => ctx?.close());

  it('GET /api/projects shows the made project with its made manager, for the made person', async () => {
    const f = factories(ctx.db);
    const manager = await f.makeProfessional({ name: 'Fiona Factory', jobTitle: 'Manager' });
    const member = await f.makeProfessional();
    const project = await f.makeProject({
      status: 2,
      team: [{ professional: manager, isManager: true }, { professionalId: member.id }],
    });
    const res = await ctx.app.inject({ url: '/api/projects', headers: await ctx.auth(member.login) });
    expect(res.statusCode).toBe(200);
    const item = (res.json() as any[]).find((p) => p.id === project.id);
    expect(item).toMatchObject({
      code: project.code,
      idStatus: 2,
      projectManager: { name: 'Fiona Factory', login: manager.login },
    });
  });
});
