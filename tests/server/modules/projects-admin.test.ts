/** Project administration: PATCH /api/projects/{id}, POST /api/projects, scopes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDetail } from '@domain/contract';
import { RULES } from '@domain/rules';
import { createTestContext, demoIds, type TestContext } from '../helpers';
import { request } from '../request';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  ids = await demoIds(ctx.db);
}, 60_000);
afterAll(() => ctx?.close());

const patch = (login: string, id: number, payload: unknown, headers: Record<string, string> = {}) =>
  request(ctx, login).patch(`/api/projects/${id}`, payload, { headers });
const post = (login: string, payload: unknown) => request(ctx, login).post('/api/projects', payload);
const listed = async () =>
  (await request(ctx, 'carla.consultant').get('/api/projects')).json() as {
    id: number;
    code: string;
    name: string;
    client: { id: number; name: string } | null;
    projectManager: { id: number } | null;
  }[];
const changes = (projectId: number) =>
  ctx.db
    .selectFrom('projectChanges')
    .select(['area', 'action', 'subject'])
    .where('projectId', '=', projectId)
    .where('area', '=', 'Project Administration')
    .orderBy('id')
    .execute();

describe('PATCH /api/projects/{id}: pdcPriority', () => {
  it('PDC and Admin set it; the answer is the project with its ETag', async () => {
    const id = ids.project['DEMO-DURING']!;
    const res = await patch('pedro.pdc', id, { pdcPriority: true });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ProjectDetail;
    expect(body.pdcPriority).toBe(true);
    expect(res.headers.etag).toBe(`"${body.version}"`);
    const again = await patch('alice.admin', id, { pdcPriority: false });
    expect(again.json().pdcPriority).toBe(false);
    expect((await changes(id)).map((c) => c.subject)).toEqual(['PDC Priority: Yes', 'PDC Priority: No']);
  });

  it('refuses people without Admin or PDC, and PDC any other field', async () => {
    const id = ids.project['DEMO-DURING']!;
    for (const login of ['kim.knm', 'oscar.outsider', 'ida.idone', 'gil.governance']) {
      const res = await patch(login, id, { pdcPriority: true });
      expect(res.statusCode, login).toBe(403);
      expect(res.json().message).toBe(RULES.projectEdit.denied);
    }
    // the team's manager passes the route (Project Info) but not pdcPriority
    const manager = await patch('marcos.manager', id, { pdcPriority: true });
    expect(manager.statusCode).toBe(403);
    expect(manager.json().message).toBe(RULES.pdcPriority.denied);
    const other = await patch('pedro.pdc', id, { pdcPriority: true, priority: true });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(RULES.projectAdmin.denied);
    const row = await ctx.db
      .selectFrom('projects')
      .select(['pdcPriority', 'priority'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ pdcPriority: false, priority: false });
  });
});

describe('PATCH /api/projects/{id}: administration (Admin)', () => {
  it('saves every field, records the history, and the cached list shows it', async () => {
    const id = ids.project['DEMO-PAUSED']!;
    const before = await listed(); // builds and caches the list
    expect(before.find((p) => p.id === id)?.code).toBe('DEMO-PAUSED');
    const p = ids.person;
    const res = await patch('alice.admin', id, {
      code: 'ADM-1',
      name: '  Renamed by admin ',
      idClient: 3,
      idSupportComanagement: 1,
      projectGeographics: [{ idGeographic: 223 }],
      projectGeographicScopes: [{ idGeographicScope: 1 }],
      projectOffices: [{ idOffice: 1 }, { idOffice: 2 }],
      projectCoManagements: [{ idCoManagement: 2 }],
      projectPractices: [{ idPractice: 7 }],
      projectMethodologies: [{ idMethodology: 1 }],
      projectTeam: [
        { idProfessional: p['dora.director']!, isManager: true },
        { idProfessional: p['paula.partner']!, isPartner: true },
        { idProfessional: p['carla.consultant']! },
        { idProfessional: p['oscar.outsider']! },
      ],
      idDuringType: 3,
      sendNotification: false,
      priority: true,
      internal: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as ProjectDetail;
    expect(d).toMatchObject({
      code: 'ADM-1',
      name: 'Renamed by admin',
      idClient: 3,
      client: { id: 3, name: 'Cobalt Energy' },
      idSupportComanagement: 1,
      projectGeographics: [{ idGeographic: 223 }],
      projectGeographicScopes: [{ idGeographicScope: 1 }],
      projectOffices: [{ idOffice: 1 }, { idOffice: 2 }],
      projectCoManagements: [{ idCoManagement: 2 }],
      projectPractices: [{ idPractice: 7 }],
      projectMethodologies: [{ idMethodology: 1 }],
      idDuringType: 3,
      sendNotification: false,
      priority: true,
      internal: true,
    });
    expect(d.projectManager?.idProfessional).toBe(p['dora.director']);
    expect(d.projectPartner?.idProfessional).toBe(p['paula.partner']);
    expect(d.projectTeam.map((t) => t.idProfessional).sort()).toEqual(
      [p['dora.director'], p['paula.partner'], p['carla.consultant'], p['oscar.outsider']].sort(),
    );
    // GET answers the same record
    const get = await ctx.app.inject({
      url: `/api/projects/${id}`,
      headers: await ctx.auth('carla.consultant'),
    });
    expect(get.json()).toEqual(d);
    // the list (cached per version) shows the change
    const row = (await listed()).find((x) => x.id === id)!;
    expect(row).toMatchObject({
      code: 'ADM-1',
      name: 'Renamed by admin',
      client: { id: 3, name: 'Cobalt Energy' },
    });
    expect(row.projectManager?.id).toBe(p['dora.director']);
    const subjects = (await changes(id)).map((c) => c.subject);
    expect(subjects).toContain('Code: ADM-1');
    expect(subjects).toContain('Team');
    expect(subjects).toContain('Priority: Yes');
  });

  it('sets the status as the status change does (Admin path, history), refuses Draft', async () => {
    const id = ids.project['DEMO-SETUP']!;
    const res = await patch('alice.admin', id, { idStatus: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().idStatus).toBe(4);
    const history = await ctx.db
      .selectFrom('projectStatusHistory')
      .select(['fromStatus', 'toStatus'])
      .where('projectId', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(history).toEqual({ fromStatus: 2, toStatus: 4 });
    const draft = await patch('alice.admin', id, { idStatus: 1 });
    expect(draft.statusCode).toBe(400);
    expect(draft.json().message).toMatch(/administrator sets Setup, During, Closure, Closed or Paused/);
    await patch('alice.admin', id, { idStatus: 2 });
  });

  it('honours If-Match: 412 with the current project when stale', async () => {
    const id = ids.project['DEMO-READY']!;
    const current = (
      await ctx.app.inject({ url: `/api/projects/${id}`, headers: await ctx.auth('alice.admin') })
    ).json();
    const ok = await patch('alice.admin', id, { internal: true }, { 'if-match': `"${current.version}"` });
    expect(ok.statusCode).toBe(200);
    const stale = await patch('alice.admin', id, { internal: false }, { 'if-match': `"${current.version}"` });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current.internal).toBe(true);
    expect(stale.json().current.version).toBe(ok.json().version);
  });

  it('400 for bad input, naming the field; 409 for a code in use; 404 for an unknown project', async () => {
    const id = ids.project['DEMO-READY']!;
    const p = ids.person;
    const cases: [unknown, RegExp][] = [
      [{}, /at least one field/],
      [{ colour: 'red' }, /colour|Unrecognized/i],
      [{ projectOffices: [{ idOffice: 99999 }] }, /projectOffices: no such item 99999/],
      [{ idClient: 99999 }, /idClient: no such item 99999/],
      [{ projectToolkits: [{ idToolkit: 99999 }] }, /projectToolkits: no such item/],
      [{ idDuringType: 9 }, /idDuringType/],
      [{ code: '   ' }, /code/],
      [{ whatSalesContext: 'x', priority: true }, /sent alone/],
      [
        {
          projectTeam: [
            { idProfessional: p['marcos.manager']!, isManager: true },
            { idProfessional: p['dora.director']!, isManager: true },
          ],
        },
        /one manager/,
      ],
      [
        {
          projectTeam: [
            { idProfessional: p['marcos.manager']!, isManager: true },
            { idProfessional: p['carla.consultant']! },
            { idProfessional: p['carla.consultant']!, isPartner: true },
          ],
        },
        /listed twice/,
      ],
      [
        {
          projectTeam: [
            { idProfessional: p['marcos.manager']!, isManager: true },
            { idProfessional: p['rita.retired']! },
          ],
        },
        /Rita Ramos is not active/,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await patch('alice.admin', id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const dup = await patch('alice.admin', id, { code: 'demo-during' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A project with code demo-during already exists');
    expect((await patch('alice.admin', 999999, { priority: true })).statusCode).toBe(404);
  });

  it('toolkits: adds in Draft, removes Draft ones, keeps (409) those past Draft', async () => {
    const id = ids.project['DEMO-DURING']!; // toolkits 1 (Draft), 4, 6, 8 (past Draft)
    const refused = await patch('alice.admin', id, { projectToolkits: [{ idToolkit: 1 }] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/past Draft/);
    const ok = await patch('alice.admin', id, {
      projectToolkits: [{ idToolkit: 4 }, { idToolkit: 6 }, { idToolkit: 8 }, { idToolkit: 2 }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const rows = await ctx.db
      .selectFrom('projectToolkits')
      .select(['toolkitId', 'idStatus'])
      .where('projectId', '=', id)
      .orderBy('toolkitId')
      .execute();
    expect(rows).toEqual([
      { toolkitId: 2, idStatus: 0 },
      { toolkitId: 4, idStatus: 1 },
      { toolkitId: 6, idStatus: 2 },
      { toolkitId: 8, idStatus: 3 },
    ]);
  });

  it('keeps Project Info single-field writes working for the team in Setup', async () => {
    const id = ids.project['DEMO-SETUP']!;
    const res = await patch('carla.consultant', id, { whatSalesContext: 'Context by the team' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().whatSalesContext).toBe('Context by the team');
    expect((await patch('carla.consultant', id, { priority: true })).statusCode).toBe(403);
  });
});

describe('POST /api/projects', () => {
  it('Admin creates a project (Draft) with its team; 201 with the record; listed', async () => {
    const p = ids.person;
    const res = await post('alice.admin', {
      code: 'NEW-001',
      name: 'New admin project',
      idClient: 1,
      projectPractices: [{ idPractice: 7 }],
      projectGeographicScopes: [{ idGeographicScope: 2 }],
      projectToolkits: [{ idToolkit: 1 }],
      projectTeam: [
        { idProfessional: p['marcos.manager']!, isManager: true },
        { idProfessional: p['paula.partner']!, isPartner: true },
        { idProfessional: p['ivan.intern']! },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json() as ProjectDetail;
    expect(d).toMatchObject({
      code: 'NEW-001',
      name: 'New admin project',
      idStatus: 1,
      client: { id: 1, name: 'Acme Foods' },
    });
    expect(res.headers.etag).toBe(`"${d.version}"`);
    expect(d.projectManager?.idProfessional).toBe(p['marcos.manager']);
    expect(d.projectTeam).toHaveLength(3);
    expect((await listed()).find((x) => x.id === d.id)?.code).toBe('NEW-001');
    const toolkits = await ctx.db
      .selectFrom('projectToolkits')
      .select(['toolkitId', 'idStatus'])
      .where('projectId', '=', d.id)
      .execute();
    expect(toolkits).toEqual([{ toolkitId: 1, idStatus: 0 }]);
    expect((await changes(d.id)).map((c) => [c.action, c.subject])).toEqual([['added', 'Project NEW-001']]);
    const scopes = await ctx.app.inject({
      url: '/api/admin/project-scopes',
      headers: await ctx.auth('alice.admin'),
    });
    expect(scopes.statusCode).toBe(200);
    expect(scopes.json()).toContainEqual({ id: d.id, idGeographicScope: 2 });
  });

  it('takes a given status; 400 for missing or bad fields; 409 for a duplicate code', async () => {
    const given = await post('alice.admin', {
      code: 'NEW-002',
      name: 'During from the start',
      idClient: 2,
      idStatus: 3,
    });
    expect(given.statusCode).toBe(201);
    expect(given.json().idStatus).toBe(3);
    for (const payload of [
      { name: 'No code', idClient: 1 },
      { code: 'NEW-X', name: 'No client' },
      { code: 'NEW-X', name: 'Bad client', idClient: 99999 },
      { code: 'NEW-X', name: 'Bad status', idClient: 1, idStatus: 9 },
    ]) {
      const res = await post('alice.admin', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const dup = await post('alice.admin', { code: 'DEMO-DRAFT', name: 'Dup', idClient: 1 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A project with code DEMO-DRAFT already exists');
  });

  it('refuses everyone but Admin (403), and the scopes list too', async () => {
    for (const login of ['pedro.pdc', 'kim.knm', 'oscar.outsider', 'marcos.manager']) {
      const res = await post(login, { code: `NEW-${login}`, name: 'Refused', idClient: 1 });
      expect(res.statusCode, login).toBe(403);
      expect(res.json().message).toBe(RULES.projectAdmin.denied);
      const scopes = await ctx.app.inject({
        url: '/api/admin/project-scopes',
        headers: await ctx.auth(login),
      });
      expect(scopes.statusCode, login).toBe(403);
    }
    const made = await ctx.db.selectFrom('projects').select('id').where('code', 'like', 'NEW-%.%').execute();
    expect(made).toEqual([]);
  });
});
