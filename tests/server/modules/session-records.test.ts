import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ClientExpectationRecord,
  DeliverableRecord,
  ProjectSessionRecord,
  RiskRecord,
  RoleAndResponsibilityRecord,
  StakeholderCandidate,
  StakeholderRecord,
} from '@domain/contract';
import { createTestContext, type TestContext } from '../helpers';
import { request } from '../request';

let ctx: TestContext;
let SETUP: number; // DEMO-SETUP (status 2)
let DURING: number; // DEMO-DURING (status 3)
let setupSession: number; // DEMO-SETUP's setup session
let duringSetupSession: number; // DEMO-DURING's setup session
let submittedSession: number; // DEMO-DURING's During session (submitted in the seed)
const who: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  const id = async (code: string) =>
    (await ctx.db.selectFrom('projects').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  SETUP = await id('DEMO-SETUP');
  DURING = await id('DEMO-DURING');
  const session = async (projectId: number, isSetup: boolean) =>
    (
      await ctx.db
        .selectFrom('projectSessions')
        .select('id')
        .where('projectId', '=', projectId)
        .where('isSetup', '=', isSetup)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  setupSession = await session(SETUP, true);
  duringSetupSession = await session(DURING, true);
  submittedSession = await session(DURING, false);
  for (const p of await ctx.db.selectFrom('professionals').select(['id', 'login']).execute())
    who[p.login] = p.id;
});
afterAll(() => ctx?.close());

const changes = (projectId: number, area: string) =>
  ctx.db
    .selectFrom('projectChanges')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('area', '=', area)
    .orderBy('id')
    .execute();

const SETUP_DENIED =
  "Setup pages are edited by the project's team while the project is in Setup, or by an administrator";

describe('expectations, deliverables, risks, roles: reads', () => {
  it('lists the setup session records in the contract shape, with versions, for every signed-in person', async () => {
    const cases = [
      [
        'expectations',
        ClientExpectationRecord,
        { stakeholder: 'Helena Souza', expectation: 'Savings of 5%' },
      ],
      ['deliverables', DeliverableRecord, { deliverable: 'Diagnostic report', detail: 'Week 4' }],
      ['risks', RiskRecord, { risk: 'Data availability', riskStatus: 2 }],
      ['rar', RoleAndResponsibilityRecord, { idProfessional: 0, rarSupportingPoint: 'Data model' }],
    ] as const;
    for (const [kind, schema, first] of cases) {
      for (const login of ['carla.consultant', 'oscar.outsider', 'alice.admin']) {
        const res = await request(ctx, login).get(`/api/project/${SETUP}/${kind}/session/${setupSession}`);
        expect(res.statusCode, `${kind} ${login}`).toBe(200);
        const rows = res.json() as { version: number; idSession: number }[];
        expect(z.array(schema).safeParse(rows).success, kind).toBe(true);
        expect(rows.length).toBeGreaterThan(0);
        expect(rows[0]).toMatchObject({
          ...first,
          ...(kind === 'rar' ? { idProfessional: who['carla.consultant'] } : {}),
          idSession: setupSession,
          version: 1,
        });
      }
    }
    expect(
      (await request(ctx, null).get(`/api/project/${SETUP}/risks/session/${setupSession}`)).statusCode,
    ).toBe(401);
  });

  it("a During session's records are the team's and Admin / OnePage holders' (403 for others)", async () => {
    const url = `/api/project/${DURING}/risks/session/${submittedSession}`;
    for (const login of ['carla.consultant', 'alice.admin', 'gil.governance'])
      expect((await request(ctx, login).get(url)).statusCode, login).toBe(200);
    const res = await request(ctx, 'oscar.outsider').get(url);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only team members may work on project sessions');
  });

  it('404 when the session is not the project’s or does not exist; 400 on a bad id', async () => {
    expect(
      (await request(ctx, 'alice.admin').get(`/api/project/${SETUP}/risks/session/${duringSetupSession}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await request(ctx, 'alice.admin').get(`/api/project/${SETUP}/risks/session/999999`)).statusCode,
    ).toBe(404);
    expect(
      (await request(ctx, 'alice.admin').get(`/api/project/999999/risks/session/${setupSession}`)).statusCode,
    ).toBe(404);
    expect(
      (await request(ctx, 'alice.admin').get(`/api/project/${SETUP}/risks/session/0x3`)).statusCode,
    ).toBe(400);
  });
});

describe('expectations, deliverables, risks, roles: writes on the setup session', () => {
  it('carla adds on DEMO-SETUP (201, ETag, history); refused on DEMO-DURING (403) where Alice may', async () => {
    const url = `/api/project/${SETUP}/deliverables/session/${setupSession}`;
    const res = await request(ctx, 'carla.consultant').post(url, {
      deliverable: 'Target model',
      detail: 'Week 8',
    });
    expect(res.statusCode).toBe(201);
    const rec = res.json();
    expect(rec).toEqual({
      id: expect.any(Number),
      idSession: setupSession,
      deliverable: 'Target model',
      detail: 'Week 8',
      version: 1,
    });
    expect(res.headers.etag).toBe('"1"');
    expect((await changes(SETUP, 'Deliverables')).at(-1)).toMatchObject({
      action: 'added',
      subject: 'Deliverable "Target model"',
      changedBy: who['carla.consultant'],
    });

    const during = `/api/project/${DURING}/deliverables/session/${duringSetupSession}`;
    const refused = await request(ctx, 'carla.consultant').post(during, { deliverable: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SETUP_DENIED);
    expect((await request(ctx, 'alice.admin').post(during, { deliverable: 'Admin one' })).statusCode).toBe(
      201,
    );
  });

  it('refuses outsiders and OnePage holders on the setup session (403), nothing written', async () => {
    const before = (await changes(SETUP, 'Risks')).length;
    const url = `/api/project/${SETUP}/risks/session/${setupSession}`;
    const oscar = await request(ctx, 'oscar.outsider').post(url, { risk: 'x', riskStatus: 1 });
    expect(oscar.statusCode).toBe(403);
    const gil = await request(ctx, 'gil.governance').post(url, { risk: 'x', riskStatus: 1 });
    expect(gil.statusCode).toBe(403);
    expect(gil.json().message).toBe(SETUP_DENIED);
    expect((await changes(SETUP, 'Risks')).length).toBe(before);
  });

  it('PUT merges a partial body over the stored row, honours If-Match (412 with the current row), records history', async () => {
    const created = (
      await request(ctx, 'carla.consultant').post(`/api/project/${SETUP}/risks/session/${setupSession}`, {
        risk: 'Budget cut',
        riskStatus: 3,
        observation: 'CFO signalled',
      })
    ).json();
    const url = `/api/project/${SETUP}/risks/${created.id}`;
    const res = await request(ctx, 'carla.consultant').put(url, { riskStatus: 1 }, { ifMatch: '"1"' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...created, riskStatus: 1, version: 2 });
    expect(res.headers.etag).toBe('"2"');

    const stale = await request(ctx, 'carla.consultant').put(
      url,
      { observation: 'lost' },
      { ifMatch: '"1"' },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ riskStatus: 1, observation: 'CFO signalled', version: 2 });
    expect(
      (await request(ctx, 'carla.consultant').put(url, { observation: 'x' }, { ifMatch: 'nope' })).statusCode,
    ).toBe(400);

    // without If-Match the write goes through (the firm's other clients send none)
    const free = await request(ctx, 'ivan.intern').put(url, { observation: 'Agreed mitigation' });
    expect(free.json()).toMatchObject({
      risk: 'Budget cut',
      riskStatus: 1,
      observation: 'Agreed mitigation',
      version: 3,
    });
    expect((await changes(SETUP, 'Risks')).at(-1)).toMatchObject({
      action: 'changed',
      subject: 'Risk "Budget cut"',
    });
  });

  it('bad input is a 400: status outside 1–5, wrong types, a professional outside the team', async () => {
    const risks = `/api/project/${SETUP}/risks/session/${setupSession}`;
    for (const bad of [
      { riskStatus: 6 },
      { riskStatus: 0 },
      { riskStatus: 'red' },
      { risk: 5 },
      { observation: 'x'.repeat(20_001) },
    ]) {
      const res = await request(ctx, 'carla.consultant').post(risks, bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 40)).toBe(400);
      expect(res.json().message).toMatch(/^Invalid request: /);
    }
    const rar = `/api/project/${SETUP}/rar/session/${setupSession}`;
    const outsider = await request(ctx, 'carla.consultant').post(rar, {
      idProfessional: who['oscar.outsider'],
      rarTechnicalRole: 'x',
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().message).toBe(
      'Invalid request: The professional must be a member of the project team',
    );
    const ok = await request(ctx, 'carla.consultant').post(rar, {
      idProfessional: who['dora.director'],
      rarTechnicalRole: 'Review',
    });
    expect(ok.statusCode).toBe(201);
    const row = ok.json();
    expect(row).toMatchObject({
      idProfessional: who['dora.director'],
      rarTechnicalRole: 'Review',
      rarSupportingPoint: null,
    });
    const put = await request(ctx, 'carla.consultant').put(`/api/project/${SETUP}/rar/${row.id}`, {
      idProfessional: who['oscar.outsider'],
    });
    expect(put.statusCode).toBe(400);
    expect((await changes(SETUP, 'Roles and Responsibilities')).at(-1)).toMatchObject({
      action: 'added',
      subject: 'Roles and responsibilities of Dora Duarte',
    });
  });

  it('a row of another project is 404 on PUT and DELETE; DELETE removes (204), records history, honours If-Match', async () => {
    const other = (
      await request(ctx, 'alice.admin').get(
        `/api/project/${DURING}/expectations/session/${duringSetupSession}`,
      )
    ).json()[0];
    expect(
      (
        await request(ctx, 'alice.admin').put(`/api/project/${SETUP}/expectations/${other.id}`, {
          observation: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await request(ctx, 'alice.admin').delete(`/api/project/${SETUP}/expectations/${other.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await request(ctx, 'alice.admin').delete(`/api/project/${SETUP}/expectations/999999`)).statusCode,
    ).toBe(404);

    const mine = (
      await request(ctx, 'carla.consultant').post(
        `/api/project/${SETUP}/expectations/session/${setupSession}`,
        {
          stakeholder: 'Tom Becker',
          expectation: 'Faster closing',
        },
      )
    ).json();
    const url = `/api/project/${SETUP}/expectations/${mine.id}`;
    expect((await request(ctx, 'oscar.outsider').delete(url)).statusCode).toBe(403);
    expect((await request(ctx, 'carla.consultant').delete(url, { ifMatch: '"7"' })).statusCode).toBe(412);
    expect((await request(ctx, 'carla.consultant').delete(url)).statusCode).toBe(204);
    expect((await request(ctx, 'carla.consultant').delete(url)).statusCode).toBe(404);
    expect((await changes(SETUP, 'Client Expectations')).at(-1)).toMatchObject({
      action: 'removed',
      subject: 'Client expectation "Faster closing"',
    });
  });
});

describe('records of a During session', () => {
  it('the team and Admin / OnePage write while open; 409 once submitted', async () => {
    const open = (
      await request(ctx, 'marcos.manager').post(`/api/projects/${DURING}/sessions`, {
        discussionFocus: 'Weekly',
      })
    ).json().id as number;
    const url = `/api/project/${DURING}/risks/session/${open}`;
    for (const login of ['carla.consultant', 'gil.governance', 'alice.admin'])
      expect(
        (await request(ctx, login).post(url, { risk: `By ${login}`, riskStatus: 4 })).statusCode,
        login,
      ).toBe(201);
    expect((await request(ctx, 'oscar.outsider').post(url, { risk: 'x' })).statusCode).toBe(403);
    expect((await request(ctx, 'pedro.pdc').post(url, { risk: 'x' })).statusCode).toBe(403);

    const submitted = await request(ctx, 'carla.consultant').post(
      `/api/project/${DURING}/risks/session/${submittedSession}`,
      { risk: 'x' },
    );
    expect(submitted.statusCode).toBe(409);
    expect(submitted.json().message).toBe('This session was submitted: its records are read-only');
    const row = (
      await request(ctx, 'carla.consultant').get(
        `/api/project/${DURING}/stakeholders/sessions/${submittedSession}`,
      )
    ).json()[0];
    expect(
      (
        await request(ctx, 'alice.admin').put(`/api/project/${DURING}/stakeholders/${row.id}`, {
          actionPlan: 'x',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await request(ctx, 'alice.admin').delete(`/api/project/${DURING}/stakeholders/${row.id}`)).statusCode,
    ).toBe(409);
  });
});

describe('stakeholders', () => {
  const list = (login: string) =>
    request(ctx, login).get(`/api/project/${SETUP}/stakeholders/sessions/${setupSession}`);
  const post = (login: string, body: unknown) =>
    request(ctx, login).post(`/api/project/${SETUP}/stakeholders/sessions/${setupSession}`, body);

  it('lists with every field (birthday YYYY-MM-DD, createAt, version)', async () => {
    const rows = (await list('oscar.outsider')).json() as StakeholderRecord[];
    expect(z.array(StakeholderRecord).safeParse(rows).success).toBe(true);
    expect(rows[0]).toMatchObject({
      name: 'Helena Souza',
      idProfessionalResponsible: who['marcos.manager'],
      position: 'Chief Financial Officer',
      birthday: '1975-04-12',
      language: 'Portuguese',
      currentStatus: 1,
      version: 1,
    });
    expect(rows[0]!.createAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('adds with the grid body and with the import casing (history "imported")', async () => {
    const grid = await post('carla.consultant', {
      name: '  Ana Lima ',
      idProfessionalResponsible: who['carla.consultant'],
      position: 'Controller',
      birthday: '1990-01-31',
      language: 'Spanish',
      currentStatus: 4,
      actionPlan: 'Monthly lunch',
    });
    expect(grid.statusCode).toBe(201);
    expect(grid.json()).toMatchObject({
      name: 'Ana Lima',
      birthday: '1990-01-31',
      currentStatus: 4,
      version: 1,
    });
    expect((await changes(SETUP, 'Stakeholders')).at(-1)).toMatchObject({
      action: 'added',
      subject: 'Stakeholder "Ana Lima"',
    });

    const imported = await post('carla.consultant', {
      name: 'Bruno Reis',
      IDProfessionalResponsible: who['ivan.intern'],
      position: 'Buyer',
      birthday: '1985-06-15T00:00:00.000Z',
      language: 'English',
      CurrentStatus: 5,
      actionPlan: null,
    });
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toMatchObject({
      name: 'Bruno Reis',
      idProfessionalResponsible: who['ivan.intern'],
      birthday: '1985-06-15',
      currentStatus: 5,
    });
    expect((await changes(SETUP, 'Stakeholders')).at(-1)).toMatchObject({
      action: 'imported',
      subject: 'Stakeholder "Bruno Reis"',
    });
  });

  it('refuses bad stakeholders with 400: name required, dates, status, team', async () => {
    const cases: [unknown, RegExp][] = [
      [{ name: '   ' }, /Stakeholder name is required/],
      [{ position: 'CEO' }, /name/],
      [{ name: 'x', birthday: '2023-02-31' }, /birthday: must be an ISO date/],
      [{ name: 'x', birthday: '12/04/1975' }, /birthday/],
      [{ name: 'x', currentStatus: 6 }, /currentStatus/],
      [{ name: 'x', CurrentStatus: 0 }, /CurrentStatus/],
      [
        { name: 'x', idProfessionalResponsible: who['oscar.outsider'] },
        /The responsible professional must be a member of the project team/,
      ],
      [{ name: 'x', IDProfessionalResponsible: who['rita.retired'] }, /must be a member of the project team/],
      [[1, 2], /Invalid request/],
    ];
    for (const [body, message] of cases) {
      const res = await post('carla.consultant', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const first = ((await list('carla.consultant')).json() as StakeholderRecord[])[0]!;
    const url = `/api/project/${SETUP}/stakeholders/${first.id}`;
    expect((await request(ctx, 'carla.consultant').put(url, { name: '' })).json().message).toMatch(
      /Stakeholder name is required/,
    );
    const ok = await request(ctx, 'carla.consultant').put(
      url,
      { actionPlan: 'Weekly steering' },
      { ifMatch: `"${first.version}"` },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ...first, actionPlan: 'Weekly steering', version: first.version + 1 });
  });

  it("import candidates: the client's other projects' stakeholders, names not present (accent/case/space-insensitive), one per name", async () => {
    const project = await ctx.db
      .selectFrom('projects')
      .select('clientId')
      .where('id', '=', SETUP)
      .executeTakeFirstOrThrow();
    const past = await Promise.all(
      ['PAST-A', 'PAST-B'].map(
        async (code) =>
          (
            await ctx.db
              .insertInto('projects')
              .values({ code, name: `Past ${code}`, clientId: project.clientId, idStatus: 5 })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      ),
    );
    const other = await ctx.db
      .insertInto('projects')
      .values({
        code: 'OTHER-CLIENT',
        name: 'Other',
        clientId: 99 === project.clientId ? 1 : (project.clientId ?? 0) + 1,
        idStatus: 5,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const add = async (projectId: number, name: string, professionalResponsibleId: number | null = null) => {
      const s = await ctx.db
        .insertInto('projectSessions')
        .values({ projectId, isSetup: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db
        .insertInto('sessionStakeholders')
        .values({
          projectId,
          sessionId: s.id,
          name,
          professionalResponsibleId,
          currentStatus: 2,
          birthday: '1970-01-02',
        })
        .execute();
    };
    await add(past[0]!, 'HÉLENA  souza'); // present already (Helena Souza)
    await add(past[0]!, 'Zoe Park', who['oscar.outsider']); // responsible not on this team → null
    await add(past[1]!, ' zoé park'); // same name: one candidate
    await add(past[1]!, 'Carlos Nunes', who['dora.director']);
    await add(other.id, 'Not This Client');

    const res = await request(ctx, 'carla.consultant').get(
      `/api/project/${SETUP}/stakeholders/sessions/${setupSession}/client`,
    );
    expect(res.statusCode).toBe(200);
    const rows = res.json() as StakeholderCandidate[];
    expect(z.array(StakeholderCandidate).safeParse(rows).success).toBe(true);
    const SEEDED = ['Élodie Durand', 'Kenji Sato', 'Paulo Ribeiro', 'Renata Lopes', 'Sofia Martins'];
    expect(rows.map((r) => r.name)).toEqual(['Carlos Nunes', ...SEEDED, 'zoé park']);
    expect(rows.find((r) => r.name === 'Renata Lopes')).toMatchObject({
      idProfessionalResponsible: who['dora.director'],
      currentStatus: 1,
      projectCode: expect.stringMatching(/^DEMO-(DURING|READY|FINISHED)$/),
    });
    expect(rows[0]).toMatchObject({
      idProfessionalResponsible: who['dora.director'],
      projectCode: 'PAST-B',
      birthday: '1970-01-02',
    });
    expect(rows.at(-1)!.idProfessionalResponsible).toBeNull();

    // importing one removes it from the candidates
    const pick = rows[0]!;
    const imported = await post('carla.consultant', {
      name: pick.name,
      IDProfessionalResponsible: pick.idProfessionalResponsible,
      position: pick.position,
      birthday: pick.birthday,
      language: pick.language,
      CurrentStatus: pick.currentStatus,
      actionPlan: pick.actionPlan,
    });
    expect(imported.statusCode).toBe(201);
    const after = (
      await request(ctx, 'alice.admin').get(
        `/api/project/${SETUP}/stakeholders/sessions/${setupSession}/client`,
      )
    ).json();
    expect(after.map((r: StakeholderCandidate) => r.name)).toEqual([...SEEDED, 'zoé park']);

    // for those who may import only
    expect(
      (
        await request(ctx, 'oscar.outsider').get(
          `/api/project/${SETUP}/stakeholders/sessions/${setupSession}/client`,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await request(ctx, 'carla.consultant').get(
          `/api/project/${DURING}/stakeholders/sessions/${duringSetupSession}/client`,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await request(ctx, 'alice.admin').get(
          `/api/project/${DURING}/stakeholders/sessions/${duringSetupSession}/client`,
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('GET / PATCH /api/projects/{id}/sessions/{sessionId}', () => {
  const url = () => `/api/projects/${SETUP}/sessions/${setupSession}`;

  it('answers one session with its version and ETag; the setup one to everyone, a During one to the team', async () => {
    const res = await request(ctx, 'oscar.outsider').get(url());
    expect(res.statusCode).toBe(200);
    const s = res.json() as ProjectSessionRecord;
    expect(ProjectSessionRecord.safeParse(s).success).toBe(true);
    expect(s).toMatchObject({ id: setupSession, isSetup: true, projectScope: expect.any(String) });
    expect(res.headers.etag).toBe(`"${s.version}"`);
    expect(
      (await request(ctx, 'oscar.outsider').get(`/api/projects/${DURING}/sessions/${submittedSession}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await request(ctx, 'carla.consultant').get(`/api/projects/${DURING}/sessions/${submittedSession}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await request(ctx, 'alice.admin').get(`/api/projects/${SETUP}/sessions/${submittedSession}`))
        .statusCode,
    ).toBe(404);
  });

  it('patches projectScope / projectOutScope (one field), If-Match, history "Project Scope"', async () => {
    const v = (await request(ctx, 'carla.consultant').get(url())).json().version as number;
    const res = await request(ctx, 'carla.consultant').patch(
      url(),
      { projectScope: 'Pricing and São Paulo sales' },
      { ifMatch: `"${v}"` },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ projectScope: 'Pricing and São Paulo sales', version: v + 1 });
    expect(res.headers.etag).toBe(`"${v + 1}"`);
    expect((await changes(SETUP, 'Project Scope')).at(-1)).toMatchObject({
      action: 'changed',
      subject: 'Scope',
    });

    const stale = await request(ctx, 'carla.consultant').patch(
      url(),
      { projectOutScope: 'x' },
      { ifMatch: `"${v}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ projectScope: 'Pricing and São Paulo sales' });
    const out = await request(ctx, 'ivan.intern').patch(url(), { projectOutScope: null });
    expect(out.json()).toMatchObject({ projectOutScope: null, version: v + 2 });
    expect((await changes(SETUP, 'Project Scope')).at(-1)).toMatchObject({ subject: 'Out of Scope' });
  });

  it('refuses bad bodies (400), outsiders (403), members outside Setup (403), a submitted session (409)', async () => {
    for (const bad of [
      {},
      { projectScope: 'a', projectOutScope: 'b' },
      { projectScope: 5 },
      { version: 3 },
      { discussionFocus: 'x' },
    ]) {
      const res = await request(ctx, 'carla.consultant').patch(url(), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await request(ctx, 'oscar.outsider').patch(url(), { projectScope: 'x' })).statusCode).toBe(403);
    const during = await request(ctx, 'carla.consultant').patch(
      `/api/projects/${DURING}/sessions/${duringSetupSession}`,
      { projectScope: 'x' },
    );
    expect(during.statusCode).toBe(403);
    expect(during.json().message).toBe(SETUP_DENIED);
    expect(
      (
        await request(ctx, 'alice.admin').patch(`/api/projects/${DURING}/sessions/${duringSetupSession}`, {
          projectScope: 'Admin',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await request(ctx, 'marcos.manager').patch(`/api/projects/${DURING}/sessions/${submittedSession}`, {
          discussionOutcomes: 'x',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await request(ctx, 'alice.admin').patch(`/api/projects/${SETUP}/sessions/${duringSetupSession}`, {
          projectScope: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });
});
