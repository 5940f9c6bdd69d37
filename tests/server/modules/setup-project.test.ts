import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfDocument } from '@server/adapters/documents';
import { projectFieldDeniedMessage } from '@domain/rules';
import { createTestContext, type TestContext } from '../helpers';
import { request } from '../request';
import type { FormPart } from '../multipart';

let ctx: TestContext;
let SETUP: number;
let DURING: number;
let READY: number;
let FINISHED: number;
let BRAZIL: number;
let clientId: number;

beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  const rows = await ctx.db.selectFrom('projects').select(['id', 'code', 'clientId']).execute();
  const byCode = (code: string) => rows.find((r) => r.code === code)!;
  SETUP = byCode('DEMO-SETUP').id;
  DURING = byCode('DEMO-DURING').id;
  READY = byCode('DEMO-READY').id;
  FINISHED = byCode('DEMO-FINISHED').id;
  BRAZIL = byCode('DEMO-BRAZIL').id;
  clientId = byCode('DEMO-SETUP').clientId!;
});
afterAll(() => ctx?.close());

const version = async (projectId: number) =>
  (
    await ctx.db
      .selectFrom('projects')
      .select('version')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow()
  ).version;

const lastChange = (projectId: number) =>
  ctx.db
    .selectFrom('projectChanges as c')
    .leftJoin('professionals as p', 'p.id', 'c.changedBy')
    .select(['c.area', 'c.action', 'c.subject', 'p.login'])
    .where('c.projectId', '=', projectId)
    .orderBy('c.id', 'desc')
    .executeTakeFirst();

describe('PATCH /api/projects/{id} (one field)', () => {
  it('a member changes the sales context in Setup: the detail answers with a new version, history written', async () => {
    const before = await version(SETUP);
    const res = await request(ctx, 'carla.consultant').patch(`/api/projects/${SETUP}`, {
      whatSalesContext: 'Renovação do contrato após o piloto',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: SETUP,
      whatSalesContext: 'Renovação do contrato após o piloto',
      version: before + 1,
    });
    expect(res.headers.etag).toBe(`"${before + 1}"`);
    expect(await lastChange(SETUP)).toEqual({
      area: 'Project Info',
      action: 'changed',
      subject: 'Sales Context',
      login: 'carla.consultant',
    });
    const why = await request(ctx, 'carla.consultant').patch(`/api/projects/${SETUP}`, {
      whyClientNeedHelp: null,
    });
    expect(why.statusCode).toBe(200);
    expect(why.json().whyClientNeedHelp).toBeNull();
  });

  it('refuses: carla outside Setup, carla on the title, oscar anywhere; alice changes anything', async () => {
    const during = await request(ctx, 'carla.consultant').patch(`/api/projects/${DURING}`, {
      whatSalesContext: 'x',
    });
    expect(during.statusCode).toBe(403);
    const title = await request(ctx, 'carla.consultant').patch(`/api/projects/${SETUP}`, { name: 'Mine' });
    expect(title.statusCode).toBe(403);
    expect(title.json().message).toBe(projectFieldDeniedMessage('name'));
    for (const id of [SETUP, DURING])
      expect(
        (await request(ctx, 'oscar.outsider').patch(`/api/projects/${id}`, { whatSalesContext: 'x' }))
          .statusCode,
      ).toBe(403);
    // the manager passes the route (During Type) but not the sales context outside Setup
    const marcos = await request(ctx, 'marcos.manager').patch(`/api/projects/${DURING}`, {
      whatSalesContext: 'x',
    });
    expect(marcos.statusCode).toBe(403);
    expect(marcos.json().message).toBe(projectFieldDeniedMessage('whatSalesContext'));
    const alice = await request(ctx, 'alice.admin').patch(`/api/projects/${DURING}`, {
      name: '  Projeto Açaí  ',
    });
    expect(alice.statusCode).toBe(200);
    expect(alice.json().name).toBe('Projeto Açaí');
    expect((await lastChange(DURING))?.subject).toBe('Title');
  });

  it('400 for unknown, several, empty or ill-typed fields', async () => {
    for (const body of [
      { endDate: '2030-01-01' },
      { projectScope: 'x' },
      { name: 'a', whatSalesContext: 'b' },
      {},
      { name: '   ' },
      { whatSalesContext: 3 },
    ]) {
      const res = await request(ctx, 'alice.admin').patch(`/api/projects/${SETUP}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await request(ctx, 'alice.admin').patch('/api/projects/99999', { name: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('honours If-Match: 412 with the current project when stale; 400 for a malformed one', async () => {
    const v = await version(SETUP);
    const ok = await request(ctx, 'carla.consultant').patch(
      `/api/projects/${SETUP}`,
      { whatSalesContext: 'v1' },
      { ifMatch: `"${v}"` },
    );
    expect(ok.statusCode).toBe(200);
    const stale = await request(ctx, 'carla.consultant').patch(
      `/api/projects/${SETUP}`,
      { whatSalesContext: 'v2' },
      { ifMatch: `"${v}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ id: SETUP, whatSalesContext: 'v1', version: v + 1 });
    expect(stale.headers.etag).toBe(`"${v + 1}"`);
    const bad = await request(ctx, 'carla.consultant').patch(
      `/api/projects/${SETUP}`,
      { whatSalesContext: 'v2' },
      { ifMatch: 'nope' },
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT /api/projects/{id}/metadata (one field)', () => {
  it('the manager changes During Type on DEMO-DURING; not the practice; carla not even During Type', async () => {
    const res = await request(ctx, 'marcos.manager').put(`/api/projects/${DURING}/metadata`, {
      idDuringType: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().idDuringType).toBe(3);
    expect(await lastChange(DURING)).toMatchObject({
      subject: 'During Type: Ad Hoc',
      login: 'marcos.manager',
    });
    expect(
      (await request(ctx, 'paula.partner').put(`/api/projects/${SETUP}/metadata`, { idDuringType: 2 }))
        .statusCode,
    ).toBe(200);
    const current = (await request(ctx, 'marcos.manager').get(`/api/projects/${DURING}`)).json().idPractice;
    const practice = await request(ctx, 'marcos.manager').put(`/api/projects/${DURING}/metadata`, {
      idPractice: current === 3 ? 4 : 3,
    });
    expect(practice.statusCode).toBe(403);
    expect(practice.json().message).toBe(projectFieldDeniedMessage('idPractice'));
    expect(
      (await request(ctx, 'carla.consultant').put(`/api/projects/${SETUP}/metadata`, { idDuringType: 3 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await request(ctx, 'carla.consultant').put(`/api/projects/${SETUP}/metadata`, { idOffice: 2 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await request(ctx, 'oscar.outsider').put(`/api/projects/${SETUP}/metadata`, { idDuringType: 1 }))
        .statusCode,
    ).toBe(403);
  });

  it('alice replaces each link set with the one id, sets and clears support co-management', async () => {
    const cases: [string, number, string, string, string][] = [
      ['idPractice', 3, 'projectPractices', 'idPractice', 'Practice: Commercial Excellence'],
      ['idMethodology', 0, 'projectMethodologies', 'idMethodology', 'Methodology: No Methodology'],
      ['idGeography', 223, 'projectGeographics', 'idGeographic', 'Geography: Brazil'],
      ['idGeographicScope', 3, 'projectGeographicScopes', 'idGeographicScope', 'Geographic Scope: Global'],
      ['idOffice', 4, 'projectOffices', 'idOffice', 'Office: Lisbon'],
      ['idCoMgt', 3, 'projectCoManagements', 'idCoManagement', 'Co-management: Co-management Europe'],
    ];
    // a field sent with the project's own value is no change and writes no history line
    const before = (await request(ctx, 'alice.admin').get(`/api/projects/${BRAZIL}`)).json();
    const changedSubjects = cases.filter(([field, id]) => before[field] !== id).map((c) => c[4]);
    expect(changedSubjects.length).toBeGreaterThanOrEqual(4);
    for (const [field, id, list, key] of cases) {
      const res = await request(ctx, 'alice.admin').put(`/api/projects/${BRAZIL}/metadata`, { [field]: id });
      expect(res.statusCode, field).toBe(200);
      expect(res.json()[list], field).toEqual([{ [key]: id }]);
    }
    expect((await lastChange(BRAZIL))?.subject).toBe('Co-management: Co-management Europe');
    const set = await request(ctx, 'alice.admin').put(`/api/projects/${BRAZIL}/metadata`, {
      idSupportCoMgt: 4,
    });
    expect(set.json().idSupportComanagement).toBe(4);
    const cleared = await request(ctx, 'alice.admin').put(`/api/projects/${BRAZIL}/metadata`, {
      idSupportCoMgt: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().idSupportComanagement).toBeNull();
    expect((await lastChange(BRAZIL))?.subject).toBe('Support Co-management: none');
    const history = await ctx.db
      .selectFrom('projectChanges')
      .select('subject')
      .where('projectId', '=', BRAZIL)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.subject)).toEqual([
      ...changedSubjects,
      'Support Co-management: Co-management Americas',
      'Support Co-management: none',
    ]);
  });

  it('takes back the project as GET gave it: unchanged is no write; two changed fields are both stored', async () => {
    const read = await request(ctx, 'alice.admin').get(`/api/projects/${BRAZIL}`);
    const project = read.json();
    const same = await request(ctx, 'alice.admin').put(`/api/projects/${BRAZIL}/metadata`, project, {
      ifMatch: String(read.headers.etag),
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().version).toBe(project.version);
    const office = project.idOffice === 5 ? 6 : 5;
    const scope = project.idGeographicScope === 1 ? 2 : 1;
    const both = await request(ctx, 'alice.admin').put(
      `/api/projects/${BRAZIL}/metadata`,
      { ...project, idOffice: office, idGeographicScope: scope },
      { ifMatch: String(read.headers.etag) },
    );
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({
      idOffice: office,
      idGeographicScope: scope,
      projectOffices: [{ idOffice: office }],
      projectGeographicScopes: [{ idGeographicScope: scope }],
      version: project.version + 1,
    });
    // a set cannot be emptied through its single id
    const cleared = await request(ctx, 'alice.admin').put(`/api/projects/${BRAZIL}/metadata`, {
      idOffice: null,
    });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().message).toContain('idOffice');
  });

  it('400 for unknown ids (naming the field) and bad values; 412 when stale', async () => {
    for (const body of [
      { idPractice: 999 },
      { idMethodology: 999 },
      { idGeography: 999 },
      { idSupportCoMgt: 999 },
    ]) {
      const res = await request(ctx, 'alice.admin').put(`/api/projects/${SETUP}/metadata`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(Object.keys(body)[0]);
    }
    for (const body of [{ idDuringType: 4 }, { idPractice: 0 }, { idNothing: 1 }, { idOffice: 'x' }])
      expect(
        (await request(ctx, 'alice.admin').put(`/api/projects/${SETUP}/metadata`, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    const v = await version(SETUP);
    const stale = await request(ctx, 'alice.admin').put(
      `/api/projects/${SETUP}/metadata`,
      { idOffice: 1 },
      { ifMatch: `"${v - 1}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current.version).toBe(v);
    const links = await ctx.db
      .selectFrom('projectOffices')
      .select('officeId')
      .where('projectId', '=', SETUP)
      .execute();
    expect(links.map((l) => l.officeId)).not.toEqual([1]); // nothing written
  });
});

describe('GET /api/projects/{id}: every field of the project record', () => {
  it('answers the lists, columns, dates, client, team and the setup session', async () => {
    const p = (await request(ctx, 'ivan.intern').get(`/api/projects/${SETUP}`)).json();
    for (const key of [
      'projectPractices',
      'projectMethodologies',
      'projectGeographics',
      'projectGeographicScopes',
      'projectOffices',
      'projectCoManagements',
    ])
      expect(p[key].length, key).toBeGreaterThan(0);
    expect(p).toHaveProperty('idSupportComanagement');
    expect(p).toHaveProperty('proposalFilename');
    expect(p.idDuringType).toEqual(expect.any(Number));
    expect(p.createdAt).toEqual(expect.any(String));
    expect(p.updatedAt).toEqual(expect.any(String));
    expect(p.endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(p.client.name).toBe('Blue River Bank');
    expect(p.projectSession.find((s: any) => s.isSetup)).toMatchObject({ id: expect.any(Number) });
    expect(p.projectTeam.find((t: any) => t.isManager).professional).toMatchObject({
      name: 'Marcos Moura',
      email: 'marcos.manager@example.com',
      login: 'marcos.manager',
      photoGUID: expect.any(String),
    });
  });
});

describe('/master/clients/{id}', () => {
  it('GET answers the version (ETag) and the rich texts of the DEMO client, accents kept', async () => {
    const res = await request(ctx, 'oscar.outsider').get(`/master/clients/${clientId}`);
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({ ID: clientId, Name: 'Blue River Bank', version: expect.any(Number) });
    expect(c.ClientDescription).toContain('São Paulo');
    expect(c.ClientCulture).toContain('<em>ganhos rápidos</em>');
    expect(res.headers.etag).toBe(`"${c.version}"`);
    expect((await request(ctx, 'oscar.outsider').get('/master/clients/9999')).statusCode).toBe(404);
  });

  it('carla edits the description from DEMO-SETUP: sanitised, merged, versioned, in the history', async () => {
    const c = (await request(ctx, 'carla.consultant').get(`/master/clients/${clientId}`)).json();
    const res = await request(ctx, 'carla.consultant').put(
      `/master/clients/${clientId}?projectId=${SETUP}`,
      {
        ...c,
        ClientDescription: '<p onclick="alert(1)">Banco <b>líder</b><script>alert(2)</script></p>',
      },
      { ifMatch: `"${c.version}"` },
    );
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.ClientDescription).toBe('<p>Banco <b>líder</b></p>');
    expect(saved.ClientCulture).toBe(c.ClientCulture);
    expect(saved.version).toBe(c.version + 1);
    expect(res.headers.etag).toBe(`"${c.version + 1}"`);
    const row = await ctx.db
      .selectFrom('clients')
      .select('clientDescription')
      .where('id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(row.clientDescription).toBe('<p>Banco <b>líder</b></p>');
    expect(await lastChange(SETUP)).toEqual({
      area: 'Client',
      action: 'changed',
      subject: 'Client Description',
      login: 'carla.consultant',
    });
    // partial body: only the culture; the rest is kept
    const culture = await request(ctx, 'carla.consultant').put(
      `/master/clients/${clientId}?projectId=${SETUP}`,
      {
        ClientCulture: '<p>Direta e <a href="javascript:alert(1)">rápida</a></p>',
      },
    );
    expect(culture.statusCode).toBe(200);
    expect(culture.json()).toMatchObject({
      ClientCulture: '<p>Direta e rápida</p>',
      ClientDescription: '<p>Banco <b>líder</b></p>',
      Name: 'Blue River Bank',
    });
    // stale If-Match → 412 with the current client
    const stale = await request(ctx, 'carla.consultant').put(
      `/master/clients/${clientId}?projectId=${SETUP}`,
      { ClientCulture: 'x' },
      { ifMatch: `"${c.version}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current.ClientCulture).toBe('<p>Direta e rápida</p>');
  });

  it('refuses by person and input', async () => {
    const url = (q = '') => `/master/clients/${clientId}${q}`;
    // carla: not outside Setup, not without a project, never the name
    expect(
      (await request(ctx, 'carla.consultant').put(url(`?projectId=${DURING}`), { ClientCulture: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await request(ctx, 'carla.consultant').put(url(), { ClientCulture: 'x' })).statusCode).toBe(403);
    expect(
      (await request(ctx, 'carla.consultant').put(url(`?projectId=${SETUP}`), { Name: 'Other' })).statusCode,
    ).toBe(403);
    expect(
      (await request(ctx, 'oscar.outsider').put(url(`?projectId=${SETUP}`), { ClientCulture: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await request(ctx, 'oscar.outsider').put(url(), { ClientCulture: 'x' })).statusCode).toBe(403);
    // a project of another client; an unknown project; bad ids and bodies
    const other = await request(ctx, 'alice.admin').put(url(`?projectId=${BRAZIL}`), { ClientCulture: 'x' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toContain('not the client of project');
    expect(
      (await request(ctx, 'alice.admin').put(url('?projectId=99999'), { ClientCulture: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await request(ctx, 'alice.admin').put(url('?projectId=abc'), { ClientCulture: 'x' })).statusCode,
    ).toBe(400);
    expect(
      (await request(ctx, 'alice.admin').put(url(), { ID: clientId + 1, ClientCulture: 'x' })).statusCode,
    ).toBe(400);
    expect((await request(ctx, 'alice.admin').put(url(), { Name: '' })).statusCode).toBe(400);
    expect((await request(ctx, 'alice.admin').put(url(), { ClientCulture: 5 })).statusCode).toBe(400);
    expect(
      (await request(ctx, 'alice.admin').put('/master/clients/9999', { ClientCulture: 'x' })).statusCode,
    ).toBe(404);
    // Admin and KNW without a project (KNM "Edit Client"); Admin may rename
    const kim = await request(ctx, 'kim.knm').put(url(), { ClientCulture: '<p>Formal</p>' });
    expect(kim.statusCode).toBe(200);
    const alice = await request(ctx, 'alice.admin').put(url(), {
      Name: 'Blue River Bank',
      EconomicGroup: 'BRB Holding',
    });
    expect(alice.statusCode).toBe(200);
    expect(alice.json().EconomicGroup).toBe('BRB Holding');
  });
});

describe('GET /api/projects/{id}/client/{idClient}', () => {
  it("lists the client's other projects with their methodology, for anyone signed in", async () => {
    const res = await request(ctx, 'oscar.outsider').get(`/api/projects/${SETUP}/client/${clientId}`);
    expect(res.statusCode).toBe(200);
    const list = res.json() as any[];
    const demo = list.filter((p) => p.code.startsWith('DEMO-'));
    expect(demo.map((p) => p.id).sort()).toEqual([DURING, READY, FINISHED].sort());
    expect(list.some((p) => p.id === SETUP)).toBe(false);
    expect(demo.find((p) => p.code === 'DEMO-DURING')).toEqual({
      id: DURING,
      code: 'DEMO-DURING',
      name: expect.any(String),
      idStatus: 3,
      methodology: 'Sales Force Effectiveness',
    });
    const fromDuring = (
      await request(ctx, 'carla.consultant').get(`/api/projects/${DURING}/client/${clientId}`)
    ).json() as any[];
    expect(fromDuring.map((p) => p.code)).toContain('DEMO-SETUP');
  });

  it("404 for a client that is not the project's, or an unknown project; 400 for a bad id", async () => {
    const other = await request(ctx, 'carla.consultant').get(`/api/projects/${SETUP}/client/${clientId + 1}`);
    expect(other.statusCode).toBe(404);
    expect(
      (await request(ctx, 'carla.consultant').get(`/api/projects/99999/client/${clientId}`)).statusCode,
    ).toBe(404);
    expect((await request(ctx, 'carla.consultant').get(`/api/projects/${SETUP}/client/x`)).statusCode).toBe(
      400,
    );
  });
});

describe('proposal upload history and messages', () => {
  const pdf = new PdfDocument({ title: 'Proposta' }).paragraph('Proposta comercial.').toBuffer();
  const upload = (login: string, projectId: number, parts: FormPart[]) =>
    request(ctx, login).upload(`/api/projects/${projectId}/proposal`, parts);

  it('records "Proposal uploaded <name>"; refuses no file and a non-PDF with the spec\'s texts', async () => {
    const ok = await upload('ivan.intern', SETUP, [
      { name: 'file', filename: 'Proposta Açaí.pdf', contentType: 'application/pdf', data: pdf },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(await lastChange(SETUP)).toEqual({
      area: 'Proposal',
      action: 'uploaded',
      subject: 'Proposta Açaí.pdf',
      login: 'ivan.intern',
    });
    const none = await upload('ivan.intern', SETUP, [{ name: 'other', data: 'x' }]);
    expect(none.json().message).toBe('Please, select a file');
    const txt = await upload('ivan.intern', SETUP, [{ name: 'file', filename: 'a.txt', data: 'hello' }]);
    expect(txt.statusCode).toBe(400);
    expect(txt.json().message).toBe('Only PDF files is allowed');
    expect(
      (await upload('ivan.intern', DURING, [{ name: 'file', filename: 'a.pdf', data: pdf }])).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/projects/{id}/changes', () => {
  it('lists the history newest first with who, when, area, action and subject; paged', async () => {
    const res = await request(ctx, 'oscar.outsider').get(`/api/projects/${SETUP}/changes`);
    expect(res.statusCode).toBe(200);
    const list = res.json() as any[];
    expect(list.length).toBeGreaterThan(3);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      changedAt: expect.any(String),
      changedBy: 'Ivan Ito',
      area: 'Proposal',
      action: 'uploaded',
      subject: 'Proposta Açaí.pdf',
    });
    const times = list.map((c) => Date.parse(c.changedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const page = (
      await request(ctx, 'oscar.outsider').get(`/api/projects/${SETUP}/changes?take=2&skip=1`)
    ).json();
    expect(page.map((c: any) => c.id)).toEqual(list.slice(1, 3).map((c) => c.id));
    for (const q of ['take=201', 'take=0', 'skip=-1', 'take=abc'])
      expect(
        (await request(ctx, 'oscar.outsider').get(`/api/projects/${SETUP}/changes?${q}`)).statusCode,
        q,
      ).toBe(400);
    expect((await request(ctx, 'oscar.outsider').get('/api/projects/99999/changes')).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/projects/${SETUP}/changes` })).statusCode).toBe(401);
  });
});
