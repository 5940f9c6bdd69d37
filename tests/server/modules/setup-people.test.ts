/**
 * Setup people pages (Professional DNA — Setup, and Project and setup): professional DNA
 * (session type 1), the caller's own setup assessment and the setup finalization — every route, the
 * forbidden cases per DEMO person, bad input (400/404/409/412) and the project history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ProfessionalDnaRecord,
  ProjectProfessionalDnaRecord,
  SetupAssessmentOwn,
  SetupFinalizationRecord,
} from '@domain/contract';
import { SETUP_ASSESSMENT_REFUSAL } from '@domain/rules';
import { createTestContext, demoIds, type TestContext } from '../helpers';
import { request } from '../request';

let ctx: TestContext;
let id: Record<string, number> = {};
let person: Record<string, number> = {};
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  ({ project: id, person } = await demoIds(ctx.db));
});
afterAll(() => ctx?.close());

const SETUP_DENIED =
  "Setup pages are edited by the project's team while the project is in Setup, or by an administrator";

const history = (projectId: number, area: string) =>
  ctx.db
    .selectFrom('projectChanges')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('area', '=', area)
    .orderBy('id')
    .execute();

/* ------------------------------------------------------------------------------------------------ */

describe('Professional DNA — Setup', () => {
  const rows = (projectId: number, login = 'carla.consultant') =>
    request(ctx, login).get(`/api/professional-dnas/project/${projectId}/session-type/1`);
  const add = (login: string, projectId: number, body: unknown) =>
    request(ctx, login).post(`/api/professional-dnas/project/${projectId}/session-type/1`, body);
  const rowOf = async (projectId: number, login: string) =>
    ((await rows(projectId)).json() as ProfessionalDnaRecord[]).find(
      (r) => r.idProfessional === person[login],
    )!;

  it('lists the setup DNA rows of the team with names, for every signed-in person', async () => {
    const res = await rows(id['DEMO-SETUP']!);
    expect(res.statusCode).toBe(200);
    const list = res.json() as ProfessionalDnaRecord[];
    expect(z.array(ProfessionalDnaRecord).safeParse(list).success).toBe(true);
    expect(list.map((r) => r.professional?.name)).toEqual([
      'Carla Costa',
      'Dora Duarte',
      'Ivan Ito',
      'Marcos Moura',
      'Paula Pereira',
    ]);
    expect(list[0]).toMatchObject({
      idProject: id['DEMO-SETUP'],
      goalsForProject: 'Lead one workstream',
      individualNeeds: 'Flexible Fridays',
      version: 1,
    });
    // During DNA entries (type 2) are not setup rows
    expect(list.every((r) => r.idProfessional !== undefined && !('dnaMetExpectation' in r))).toBe(true);
    for (const login of ['oscar.outsider', 'alice.admin', 'gil.governance'])
      expect((await rows(id['DEMO-SETUP']!, login)).statusCode, login).toBe(200);
    expect((await rows(999_999)).statusCode).toBe(404);
    expect(
      (await request(ctx, 'carla.consultant').get('/api/professional-dnas/project/0x3/session-type/1'))
        .statusCode,
    ).toBe(400);
  });

  it('answers session type 1 only on these routes (other types: not found here)', async () => {
    for (const url of [
      `/api/project-professional-dnas/project/${id['DEMO-SETUP']}/session-type/3`,
      `/api/professional-dnas/project/${id['DEMO-SETUP']}/session-type/3`,
    ])
      expect([400, 404]).toContain((await request(ctx, 'carla.consultant').get(url)).statusCode);
    const during = await ctx.db
      .selectFrom('professionalDnas')
      .select('id')
      .where('sessionType', '=', 2)
      .where('projectId', '=', id['DEMO-SETUP']!)
      .executeTakeFirstOrThrow();
    // PUT/DELETE of a row serve both kinds: a setup field on a During entry is a bad request
    const put = await request(ctx, 'alice.admin').put(`/api/professional-dnas/${during.id}`, {
      goalsForProject: 'x',
    });
    expect(put.statusCode).toBe(400);
  });

  it('adds a row under the setup DNA session (created when missing, then reused)', async () => {
    const projectId = id['DEMO-DRAFT']!;
    const sessions = async () =>
      (
        await request(ctx, 'dora.director').get(
          `/api/project-professional-dnas/project/${projectId}/session-type/1`,
        )
      ).json() as ProjectProfessionalDnaRecord[];
    // start without a setup DNA session (deleting it takes its rows along) nor rows of Carla and Ivan
    await ctx.db
      .deleteFrom('projectProfessionalDnas')
      .where('projectId', '=', projectId)
      .where('sessionType', '=', 1)
      .execute();
    await ctx.db
      .deleteFrom('professionalDnas')
      .where('projectId', '=', projectId)
      .where('sessionType', '=', 1)
      .where('professionalId', 'in', [person['carla.consultant']!, person['ivan.intern']!])
      .execute();
    expect(await sessions()).toEqual([]);
    const first = await add('alice.admin', projectId, { idProfessional: person['carla.consultant'] });
    expect(first.statusCode).toBe(201);
    const s = await sessions();
    expect(z.array(ProjectProfessionalDnaRecord).safeParse(s).success).toBe(true);
    expect(s).toHaveLength(1);
    expect(s[0]).toMatchObject({ idProject: projectId, sessionType: 1, sessionDate: null });
    expect(first.json().idProjectProfessionalDna).toBe(s[0]!.id);
    const second = await add('alice.admin', projectId, { idProfessional: person['ivan.intern'] });
    expect(second.json().idProjectProfessionalDna).toBe(s[0]!.id);
    expect(await sessions()).toHaveLength(1);
  });

  it('adds a row once per professional, team only, and records it in the history', async () => {
    const projectId = id['DEMO-SETUP']!;
    const dup = await add('carla.consultant', projectId, { idProfessional: person['carla.consultant'] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Carla Costa already has a DNA row on this project');

    const carla = await rowOf(projectId, 'carla.consultant');
    expect(
      (await request(ctx, 'carla.consultant').delete(`/api/professional-dnas/${carla.id}`)).statusCode,
    ).toBe(204);
    const created = await add('carla.consultant', projectId, {
      idProfessional: person['carla.consultant'],
      goalsForProject: 'Grow as a facilitator',
      individualNeeds: null,
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers.etag).toBe('"1"');
    const row = created.json() as ProfessionalDnaRecord;
    expect(row).toMatchObject({
      idProfessional: person['carla.consultant'],
      professional: { name: 'Carla Costa' },
      goalsForProject: 'Grow as a facilitator',
      individualNeeds: null,
      version: 1,
    });
    const s = (
      await request(ctx, 'carla.consultant').get(
        `/api/project-professional-dnas/project/${projectId}/session-type/1`,
      )
    ).json() as ProjectProfessionalDnaRecord[];
    expect(s).toHaveLength(1);
    expect(row.idProjectProfessionalDna).toBe(s[0]!.id);
    const ivan = await rowOf(projectId, 'ivan.intern');
    await request(ctx, 'alice.admin').delete(`/api/professional-dnas/${ivan.id}`);
    expect((await add('alice.admin', projectId, { idProfessional: person['ivan.intern'] })).statusCode).toBe(
      201,
    );

    const outsider = await add('carla.consultant', projectId, { idProfessional: person['oscar.outsider'] });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().message).toBe(
      "Invalid request: idProfessional: the professional is not on the project's team",
    );
    for (const body of [{}, { idProfessional: 'x' }, { idProfessional: 9, goalsForProject: 5 }, null])
      expect((await add('carla.consultant', projectId, body)).statusCode, JSON.stringify(body)).toBe(400);

    const log = await history(projectId, 'Professional DNA');
    expect(log.map((h) => [h.action, h.subject, h.changedBy])).toEqual([
      ['removed', 'DNA of Carla Costa', person['carla.consultant']],
      ['added', 'DNA of Carla Costa', person['carla.consultant']],
      ['removed', 'DNA of Ivan Ito', person['alice.admin']],
      ['added', 'DNA of Ivan Ito', person['alice.admin']],
    ]);
  });

  it('refuses writes outside the rules: outsiders always, members outside Setup; Admin at any status', async () => {
    const setup = id['DEMO-SETUP']!;
    const during = id['DEMO-DURING']!;
    const dora = await rowOf(setup, 'dora.director');
    for (const login of ['oscar.outsider', 'gil.governance', 'kim.knm']) {
      const res = await request(ctx, login).put(`/api/professional-dnas/${dora.id}`, {
        goalsForProject: 'x',
      });
      expect(res.statusCode, login).toBe(403);
      expect(res.json().message).toBe(SETUP_DENIED);
      expect((await add(login, setup, { idProfessional: person['dora.director'] })).statusCode).toBe(403);
      expect((await request(ctx, login).delete(`/api/professional-dnas/${dora.id}`)).statusCode).toBe(403);
    }
    const duringRow = await rowOf(during, 'carla.consultant');
    for (const login of ['carla.consultant', 'marcos.manager', 'paula.partner', 'ivan.intern']) {
      expect(
        (await request(ctx, login).put(`/api/professional-dnas/${duringRow.id}`, { goalsForProject: 'x' }))
          .statusCode,
        login,
      ).toBe(403);
      expect((await request(ctx, login).delete(`/api/professional-dnas/${duringRow.id}`)).statusCode).toBe(
        403,
      );
      expect((await add(login, during, { idProfessional: person['carla.consultant'] })).statusCode).toBe(403);
    }
    const admin = await request(ctx, 'alice.admin').put(`/api/professional-dnas/${duringRow.id}`, {
      individualNeeds: 'Quiet room',
    });
    expect(admin.statusCode).toBe(200);
    const after = await ctx.db
      .selectFrom('professionalDnas')
      .select(['goalsForProject', 'individualNeeds'])
      .where('id', '=', dora.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ goalsForProject: 'Lead one workstream', individualNeeds: 'Flexible Fridays' });
  });

  it('PUT merges the stored row, honours If-Match (412 with the current row), checks the professional', async () => {
    const projectId = id['DEMO-SETUP']!;
    const dora = await rowOf(projectId, 'dora.director');
    const url = `/api/professional-dnas/${dora.id}`;
    const ok = await request(ctx, 'dora.director').put(
      url,
      { goalsForProject: 'Coach Ivan' },
      { ifMatch: `"${dora.version}"` },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.etag).toBe(`"${dora.version + 1}"`);
    expect(ok.json()).toMatchObject({
      idProfessional: person['dora.director'],
      goalsForProject: 'Coach Ivan',
      individualNeeds: 'Flexible Fridays',
      version: dora.version + 1,
    });
    const stale = await request(ctx, 'dora.director').put(
      url,
      { goalsForProject: 'Old' },
      { ifMatch: `"${dora.version}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ goalsForProject: 'Coach Ivan', version: dora.version + 1 });
    expect(
      (await request(ctx, 'dora.director').put(url, { goalsForProject: 'x' }, { ifMatch: 'v1' })).statusCode,
    ).toBe(400);

    const taken = await request(ctx, 'dora.director').put(url, { idProfessional: person['marcos.manager'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Marcos Moura already has a DNA row on this project');
    expect(
      (await request(ctx, 'dora.director').put(url, { idProfessional: person['oscar.outsider'] })).statusCode,
    ).toBe(400);
    expect((await request(ctx, 'dora.director').put(url, { goalsForProject: 7 })).statusCode).toBe(400);
    expect(
      (await request(ctx, 'dora.director').put(url, { goalsForProject: 'x'.repeat(20_001) })).statusCode,
    ).toBe(400);
    expect((await request(ctx, 'dora.director').put('/api/professional-dnas/999999', {})).statusCode).toBe(
      404,
    );
    // moving the row to a team member without one is allowed
    const marcos = await rowOf(projectId, 'marcos.manager');
    await request(ctx, 'alice.admin').delete(`/api/professional-dnas/${marcos.id}`);
    const moved = await request(ctx, 'dora.director').put(url, { idProfessional: person['marcos.manager'] });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      professional: { name: 'Marcos Moura' },
      goalsForProject: 'Coach Ivan',
    });
  });

  it('DELETE removes the row (then 404)', async () => {
    const paula = await rowOf(id['DEMO-SETUP']!, 'paula.partner');
    expect(
      (await request(ctx, 'paula.partner').delete(`/api/professional-dnas/${paula.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await request(ctx, 'paula.partner').delete(`/api/professional-dnas/${paula.id}`)).statusCode,
    ).toBe(404);
  });
});

/* ------------------------------------------------------------------------------------------------ */

describe('Setup assessment (the caller’s own)', () => {
  const url = (projectId: number) => `/api/project-setup-assessments/project/${projectId}`;
  const patch = (login: string, projectId: number, body: unknown, version?: number) =>
    request(ctx, login).patch(url(projectId), body, {
      headers: version ? { 'if-match': `"${version}"` } : {},
    });

  it('answers the caller’s record with its version (ETag), nulls before the first save', async () => {
    const carla = await request(ctx, 'carla.consultant').get(url(id['DEMO-SETUP']!));
    expect(carla.statusCode).toBe(200);
    expect(carla.headers.etag).toBe('"1"');
    expect(SetupAssessmentOwn.safeParse(carla.json()).success).toBe(true);
    expect(carla.json()).toEqual({
      idProject: id['DEMO-SETUP'],
      idProfessional: person['carla.consultant'],
      rating: 8,
      ratingDescription: 'Good kick-off',
      watchedToolkit: 1,
      doYouFeelComfortable: 1,
      howCouldBeenDoneBetter: 'More time for the client interviews.',
      version: 1,
    });
    for (const login of ['ivan.intern', 'marcos.manager', 'oscar.outsider']) {
      const none = await request(ctx, login).get(url(id['DEMO-DURING']!));
      expect(none.statusCode, login).toBe(200);
      expect(none.json()).toMatchObject({
        idProfessional: person[login],
        rating: null,
        ratingDescription: null,
        watchedToolkit: null,
        doYouFeelComfortable: null,
        howCouldBeenDoneBetter: null,
        version: 1,
      });
    }
    expect((await request(ctx, 'ivan.intern').get(url(999_999))).statusCode).toBe(404);
  });

  it('refuses the manager, a partner and non-members with the spec’s message', async () => {
    const projectId = id['DEMO-SETUP']!;
    const cases: [string, string][] = [
      ['marcos.manager', SETUP_ASSESSMENT_REFUSAL.manager],
      ['paula.partner', SETUP_ASSESSMENT_REFUSAL.partner],
      ['oscar.outsider', SETUP_ASSESSMENT_REFUSAL.outsider],
      ['alice.admin', SETUP_ASSESSMENT_REFUSAL.outsider],
      ['gil.governance', SETUP_ASSESSMENT_REFUSAL.outsider],
    ];
    for (const [login, message] of cases) {
      const res = await patch(login, projectId, { rating: 5 });
      expect(res.statusCode, login).toBe(403);
      expect(res.json().message).toBe(message);
    }
    expect(
      await ctx.db
        .selectFrom('setupAssessments')
        .select('id')
        .where('professionalId', '=', person['marcos.manager']!)
        .execute(),
    ).toEqual([]);
  });

  it('is editable by members only while in Setup (403 outside), at any status for an Admin member', async () => {
    const during = id['DEMO-DURING']!;
    const res = await patch('carla.consultant', during, { rating: 2 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('The setup assessment can be changed only while the project is in Setup');
    // Alice (Admin) on the team as an ordinary member fills hers at status 3
    await ctx.db
      .insertInto('projectTeam')
      .values({
        projectId: during,
        professionalId: person['alice.admin']!,
        isManager: false,
        isPartner: false,
      })
      .execute();
    try {
      const admin = await patch('alice.admin', during, { watchedToolkit: 3 });
      expect(admin.statusCode).toBe(200);
      expect(admin.json()).toMatchObject({ watchedToolkit: 3, rating: null, version: 2 });
    } finally {
      await ctx.db
        .deleteFrom('projectTeam')
        .where('projectId', '=', during)
        .where('professionalId', '=', person['alice.admin']!)
        .execute();
    }
  });

  it('patches one field at a time (rating 1–10), versioned, and records the change without its text', async () => {
    const projectId = id['DEMO-SETUP']!;
    for (const body of [
      { rating: 0 },
      { rating: 11 },
      { rating: 7.5 },
      { rating: '8' },
      { watchedToolkit: 4 },
      { doYouFeelComfortable: 0 },
      { rating: 9, ratingDescription: 'Two fields' },
      {},
      { unknown: 1 },
      { howCouldBeenDoneBetter: 'x'.repeat(20_001) },
    ]) {
      const res = await patch('ivan.intern', projectId, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    const ok = await patch('ivan.intern', projectId, { rating: 10 }, 1);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.etag).toBe('"2"');
    expect(ok.json()).toMatchObject({ rating: 10, ratingDescription: 'Good kick-off', version: 2 });
    const stale = await patch('ivan.intern', projectId, { ratingDescription: 'Secret words' }, 1);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({
      rating: 10,
      ratingDescription: 'Good kick-off',
      version: 2,
    });
    const text = await patch('ivan.intern', projectId, { ratingDescription: 'Secret words' }, 2);
    expect(text.json()).toMatchObject({ ratingDescription: 'Secret words', version: 3 });
    const cleared = await patch('ivan.intern', projectId, { rating: null });
    expect(cleared.json()).toMatchObject({ rating: null, version: 4 });
    // Carla's record is untouched
    expect((await request(ctx, 'carla.consultant').get(url(projectId))).json()).toMatchObject({
      rating: 8,
      version: 1,
    });

    const log = await history(projectId, 'Setup Assessment');
    expect(log).toHaveLength(3);
    expect(log.every((h) => h.action === 'changed' && h.subject === 'own assessment')).toBe(true);
    expect(log.every((h) => h.changedBy === person['ivan.intern'])).toBe(true);
  });

  it('creates the record on the first save; the 3→4 step then no longer lists the person', async () => {
    const during = id['DEMO-DURING']!;
    const missing = async () =>
      (await request(ctx, 'marcos.manager').get(`/api/projects/${during}`)).json()
        .missingAssessmentNames as string;
    expect(await missing()).toContain('Ivan Ito');
    await ctx.db.updateTable('projects').set({ idStatus: 2 }).where('id', '=', during).execute();
    try {
      const first = await patch('ivan.intern', during, { rating: 6 }, 1);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ idProfessional: person['ivan.intern'], rating: 6, version: 2 });
      const row = await ctx.db
        .selectFrom('setupAssessments')
        .selectAll()
        .where('projectId', '=', during)
        .where('professionalId', '=', person['ivan.intern']!)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        rating: 6,
        createdBy: person['ivan.intern'],
        updatedBy: person['ivan.intern'],
      });
      // a second first-save (another tab still at version 1) is stale
      expect((await patch('ivan.intern', during, { rating: 3 }, 1)).statusCode).toBe(412);
    } finally {
      await ctx.db.updateTable('projects').set({ idStatus: 3 }).where('id', '=', during).execute();
    }
    expect(await missing()).not.toContain('Ivan Ito');
    // back to the seed (Ivan's assessment missing on DEMO-DURING) for the finalization tests
    await ctx.db
      .deleteFrom('setupAssessments')
      .where('projectId', '=', during)
      .where('professionalId', '=', person['ivan.intern']!)
      .execute();
  });
});

/* ------------------------------------------------------------------------------------------------ */

describe('Setup finalization', () => {
  const list = async (projectId: number, login = 'carla.consultant') =>
    request(ctx, login).get(`/api/project-setup-finalizations/project/${projectId}`);
  const rowOf = async (projectId: number, login: string) =>
    ((await list(projectId)).json() as SetupFinalizationRecord[]).find(
      (r) => r.idProfessional === person[login],
    )!;
  const post = (login: string, body: unknown) =>
    request(ctx, login).post('/api/project-setup-finalizations', body);

  it('lists professionals, presence type and the computed assessment mark', async () => {
    const res = await list(id['DEMO-DURING']!);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as SetupFinalizationRecord[];
    expect(z.array(SetupFinalizationRecord).safeParse(rows).success).toBe(true);
    expect(rows.map((r) => [r.professional?.name, r.presenceType, r.hasAssessment])).toEqual([
      ['Carla Costa', 'Physical', true],
      ['Dora Duarte', 'VC', false],
      ['Ivan Ito', 'Not Present', false],
      ['Marcos Moura', 'Physical', false],
      ['Paula Pereira', 'Call', false],
    ]);
    const setupRows = (await list(id['DEMO-SETUP']!, 'oscar.outsider')).json() as SetupFinalizationRecord[];
    const mark = (name: string) => setupRows.find((r) => r.professional?.name === name)?.hasAssessment;
    expect(mark('Carla Costa')).toBe(true);
    // Ivan's record on DEMO-SETUP had its rating cleared above: a record without a rating is no assessment
    expect(mark('Ivan Ito')).toBe(false);
    expect((await list(999_999)).statusCode).toBe(404);
  });

  it('adds a row (idProject in the body), once per professional, team only; hasAssessment is never written', async () => {
    const projectId = id['DEMO-SETUP']!;
    const dup = await post('carla.consultant', {
      idProject: projectId,
      idProfessional: person['carla.consultant'],
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Carla Costa already has a finalization row on this project');
    const carla = await rowOf(projectId, 'carla.consultant');
    expect(
      (await request(ctx, 'carla.consultant').delete(`/api/project-setup-finalizations/${carla.id}`))
        .statusCode,
    ).toBe(204);
    const created = await post('carla.consultant', {
      idProject: projectId,
      idProfessional: person['carla.consultant'],
      presenceType: 'VC',
      hasAssessment: false,
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers.etag).toBe('"1"');
    expect(created.json()).toMatchObject({
      idProject: projectId,
      professional: { name: 'Carla Costa' },
      presenceType: 'VC',
      hasAssessment: true,
      version: 1,
    });
    const outsider = await post('carla.consultant', {
      idProject: projectId,
      idProfessional: person['oscar.outsider'],
    });
    expect(outsider.statusCode).toBe(400);
    for (const body of [
      { idProject: projectId, idProfessional: person['carla.consultant'], presenceType: 'Zoom' },
      { idProfessional: person['carla.consultant'] },
      { idProject: 0, idProfessional: 9 },
      { idProject: projectId },
      null,
    ])
      expect((await post('carla.consultant', body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await post('carla.consultant', { idProject: 999_999, idProfessional: 9 })).statusCode).toBe(404);

    const log = await history(projectId, 'Setup Finalization');
    expect(log.map((h) => [h.action, h.subject])).toEqual([
      ['removed', 'Presence of Carla Costa'],
      ['added', 'Presence of Carla Costa'],
    ]);
  });

  it('refuses writes outside the rules (the project from the body or from the row)', async () => {
    const setup = id['DEMO-SETUP']!;
    const during = id['DEMO-DURING']!;
    const duringRow = await rowOf(during, 'dora.director');
    for (const login of ['carla.consultant', 'marcos.manager', 'paula.partner']) {
      const res = await request(ctx, login).put(`/api/project-setup-finalizations/${duringRow.id}`, {
        presenceType: 'Call',
      });
      expect(res.statusCode, login).toBe(403);
      expect(res.json().message).toBe(SETUP_DENIED);
      expect(
        (await request(ctx, login).delete(`/api/project-setup-finalizations/${duringRow.id}`)).statusCode,
      ).toBe(403);
    }
    const ivanDuring = await rowOf(during, 'ivan.intern');
    await ctx.db.deleteFrom('setupFinalizations').where('id', '=', ivanDuring.id).execute();
    expect(
      (await post('ivan.intern', { idProject: during, idProfessional: person['ivan.intern'] })).statusCode,
    ).toBe(403);
    const setupRow = await rowOf(setup, 'dora.director');
    for (const login of ['oscar.outsider', 'gil.governance']) {
      expect(
        (
          await request(ctx, login).put(`/api/project-setup-finalizations/${setupRow.id}`, {
            presenceType: 'Call',
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await post(login, { idProject: setup, idProfessional: person['dora.director'] })).statusCode,
      ).toBe(403);
    }
    const admin = await post('alice.admin', {
      idProject: during,
      idProfessional: person['ivan.intern'],
      presenceType: 'Call',
    });
    expect(admin.statusCode).toBe(201);
    expect(admin.json()).toMatchObject({ presenceType: 'Call', hasAssessment: false });
    expect(
      (
        await ctx.db
          .selectFrom('setupFinalizations')
          .select('presenceType')
          .where('id', '=', duringRow.id)
          .executeTakeFirstOrThrow()
      ).presenceType,
    ).toBe('VC');
  });

  it('PUT merges, honours If-Match and refuses another project, a taken or outside professional', async () => {
    const projectId = id['DEMO-SETUP']!;
    const dora = await rowOf(projectId, 'dora.director');
    const url = `/api/project-setup-finalizations/${dora.id}`;
    const ok = await request(ctx, 'dora.director').put(
      url,
      { presenceType: 'Call' },
      { ifMatch: `"${dora.version}"` },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      idProfessional: person['dora.director'],
      presenceType: 'Call',
      version: dora.version + 1,
    });
    expect(ok.headers.etag).toBe(`"${dora.version + 1}"`);
    const stale = await request(ctx, 'dora.director').put(
      url,
      { presenceType: 'VC' },
      { ifMatch: `"${dora.version}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ presenceType: 'Call' });
    const nulled = await request(ctx, 'dora.director').put(url, {
      ...(ok.json() as object),
      presenceType: null,
      hasAssessment: true,
    });
    expect(nulled.json()).toMatchObject({ presenceType: null, hasAssessment: false });
    expect((await request(ctx, 'dora.director').put(url, { idProject: id['DEMO-DURING'] })).statusCode).toBe(
      400,
    );
    const taken = await request(ctx, 'dora.director').put(url, { idProfessional: person['ivan.intern'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Ivan Ito already has a finalization row on this project');
    expect(
      (await request(ctx, 'dora.director').put(url, { idProfessional: person['oscar.outsider'] })).statusCode,
    ).toBe(400);
    expect((await request(ctx, 'dora.director').put(url, { presenceType: 'Remote' })).statusCode).toBe(400);
    expect(
      (await request(ctx, 'dora.director').put('/api/project-setup-finalizations/999999', {})).statusCode,
    ).toBe(404);
  });

  it('DELETE removes the row (then 404)', async () => {
    const paula = await rowOf(id['DEMO-SETUP']!, 'paula.partner');
    expect(
      (await request(ctx, 'ivan.intern').delete(`/api/project-setup-finalizations/${paula.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await request(ctx, 'ivan.intern').delete(`/api/project-setup-finalizations/${paula.id}`)).statusCode,
    ).toBe(404);
  });
});

describe('declared access', () => {
  it('declares the rules of every route', () => {
    const rule = (method: string, url: string) =>
      ctx.app.routeCatalog.find((r) => r.method === method && r.url === url)?.rule;
    expect(rule('GET', '/api/project-professional-dnas/project/:id/session-type/1')).toBe('projectRead');
    expect(rule('GET', '/api/professional-dnas/project/:id/session-type/1')).toBe('projectRead');
    expect(rule('POST', '/api/professional-dnas/project/:id/session-type/1')).toBe('setupEdit');
    expect(rule('PUT', '/api/professional-dnas/:id')).toBe('professionalDnaEdit');
    expect(rule('DELETE', '/api/professional-dnas/:id')).toBe('professionalDnaEdit');
    expect(rule('GET', '/api/project-setup-assessments/project/:id')).toBe('projectRead');
    expect(rule('PATCH', '/api/project-setup-assessments/project/:id')).toBe('setupAssessmentFill');
    expect(rule('GET', '/api/project-setup-finalizations/project/:id')).toBe('projectRead');
    expect(rule('POST', '/api/project-setup-finalizations')).toBe('setupEdit');
    expect(rule('PUT', '/api/project-setup-finalizations/:id')).toBe('setupEdit');
    expect(rule('DELETE', '/api/project-setup-finalizations/:id')).toBe('setupEdit');
  });
});
