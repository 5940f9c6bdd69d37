/**
 * Professional DNA — During: DNA
 * sessions (type 2) and their entries — every route, who may write (rules/dna.ts) per DEMO person and project
 * status, bad input (400/404/409/412), the history, and the overview KPI "Professional DNA".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DnaEntryRecord, ProjectProfessionalDnaRecord } from '@domain/contract';
import {
  DNA_CLOSED_MESSAGE,
  DNA_NEXT_DATE_MESSAGE,
  DNA_SESSIONS_DENIED_MESSAGE,
  SETUP_RECORDS_DENIED_MESSAGE,
} from '@domain/rules';
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

const sessionsUrl = (projectId: number) =>
  `/api/project-professional-dnas/project/${projectId}/session-type/2`;
const entriesUrl = (sessionId: number) => `/api/professional-dnas/project-professional-dna/${sessionId}`;
const sessions = async (projectId: number, login = 'carla.consultant') =>
  (await request(ctx, login).get(sessionsUrl(projectId))).json() as ProjectProfessionalDnaRecord[];
const entries = async (sessionId: number, login = 'carla.consultant') =>
  (await request(ctx, login).get(entriesUrl(sessionId))).json() as DnaEntryRecord[];
const addSession = (login: string, projectId: number, body: unknown) =>
  request(ctx, login).post(sessionsUrl(projectId), body);
const addEntry = (login: string, sessionId: number, body: unknown) =>
  request(ctx, login).post(entriesUrl(sessionId), body);
/** A fresh session on the project (as Admin), answered. */
const freshSession = async (
  projectId: number,
  sessionDate = '2026-03-02',
  sessionNextDate: string | null = null,
) =>
  (
    await addSession('alice.admin', projectId, { sessionDate, sessionNextDate })
  ).json() as ProjectProfessionalDnaRecord;
const setStatus = (projectId: number, idStatus: number) =>
  ctx.db.updateTable('projects').set({ idStatus }).where('id', '=', projectId).execute();
const history = (projectId: number) =>
  ctx.db
    .selectFrom('projectChanges')
    .select(['action', 'subject', 'changedBy'])
    .where('projectId', '=', projectId)
    .where('area', '=', 'Professional DNA')
    .orderBy('id')
    .execute();

describe('DNA sessions (session type 2)', () => {
  it('lists the seeded session with its dates for every signed-in person; 404/400 for bad projects', async () => {
    for (const login of ['carla.consultant', 'oscar.outsider', 'gil.governance', 'alice.admin']) {
      const res = await request(ctx, login).get(sessionsUrl(id['DEMO-DURING']!));
      expect(res.statusCode, login).toBe(200);
      const list = res.json() as ProjectProfessionalDnaRecord[];
      expect(z.array(ProjectProfessionalDnaRecord).safeParse(list).success).toBe(true);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ idProject: id['DEMO-DURING'], sessionType: 2, version: 1 });
      expect(list[0]!.sessionDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(list[0]!.sessionNextDate! > list[0]!.sessionDate!).toBe(true);
    }
    expect((await request(ctx, 'carla.consultant').get(sessionsUrl(999_999))).statusCode).toBe(404);
    expect(
      (
        await request(ctx, 'carla.consultant').get(
          '/api/project-professional-dnas/project/0x3/session-type/2',
        )
      ).statusCode,
    ).toBe(400);
  });

  it('creates a session (201, ETag), newest session date first; history', async () => {
    const projectId = id['DEMO-READY']!;
    const res = await addSession('carla.consultant', projectId, {
      sessionDate: '2030-01-06',
      sessionNextDate: '2030-01-20',
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers.etag).toBe('"1"');
    const created = res.json() as ProjectProfessionalDnaRecord;
    expect(created).toMatchObject({
      idProject: projectId,
      sessionType: 2,
      sessionDate: '2030-01-06',
      sessionNextDate: '2030-01-20',
      version: 1,
    });
    // without a next date; a date-time keeps its day
    const bare = await addSession('marcos.manager', projectId, { sessionDate: '2030-02-03T10:00:00Z' });
    expect(bare.statusCode).toBe(201);
    expect(bare.json()).toMatchObject({ sessionDate: '2030-02-03', sessionNextDate: null });
    const list = await sessions(projectId);
    expect(list.slice(0, 2).map((s) => s.sessionDate)).toEqual(['2030-02-03', '2030-01-06']);
    expect((await history(projectId)).slice(-2)).toEqual([
      { action: 'added', subject: 'DNA session of 06 Jan 2030', changedBy: person['carla.consultant'] },
      { action: 'added', subject: 'DNA session of 03 Feb 2030', changedBy: person['marcos.manager'] },
    ]);
  });

  it('refuses bad dates: missing, unreal, not a date, next before the session date', async () => {
    const projectId = id['DEMO-READY']!;
    for (const body of [
      {},
      { sessionDate: null },
      { sessionDate: '2026-02-30' },
      { sessionDate: '31/01/2026' },
      { sessionDate: 20260101 },
      { sessionDate: '2026-01-10', sessionNextDate: 'soon' },
      null,
    ])
      expect((await addSession('carla.consultant', projectId, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    const before = await addSession('carla.consultant', projectId, {
      sessionDate: '2026-01-10',
      sessionNextDate: '2026-01-09',
    });
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toBe(`Invalid request: sessionNextDate: ${DNA_NEXT_DATE_MESSAGE}`);
    // the same day is allowed
    expect(
      (
        await addSession('carla.consultant', projectId, {
          sessionDate: '2026-01-10',
          sessionNextDate: '2026-01-10',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('who may write: the team and OnePage holders while not Draft/Finished; Admin always; others 403', async () => {
    const body = { sessionDate: '2026-04-06' };
    const during = id['DEMO-DURING']!;
    for (const login of ['marcos.manager', 'paula.partner', 'dora.director', 'ivan.intern', 'gil.governance'])
      expect((await addSession(login, during, body)).statusCode, login).toBe(201);
    for (const login of ['oscar.outsider', 'kim.knm', 'ida.idone', 'pedro.pdc']) {
      const res = await addSession(login, during, body);
      expect(res.statusCode, login).toBe(403);
      expect(res.json().message).toBe(DNA_SESSIONS_DENIED_MESSAGE);
    }
    // Setup, Closure and Paused projects hold DNA sessions too
    for (const code of ['DEMO-SETUP', 'DEMO-CLOSURE', 'DEMO-PAUSED'])
      expect((await addSession('carla.consultant', id[code]!, body)).statusCode, code).toBe(201);
    for (const code of ['DEMO-DRAFT', 'DEMO-FINISHED']) {
      for (const login of ['carla.consultant', 'marcos.manager', 'gil.governance']) {
        const res = await addSession(login, id[code]!, body);
        expect(res.statusCode, `${code} ${login}`).toBe(403);
        expect(res.json().message).toBe(DNA_CLOSED_MESSAGE);
      }
      expect((await addSession('alice.admin', id[code]!, body)).statusCode).toBe(201);
    }
  });

  it('PUT merges the dates sent, honours If-Match (412 with the current session), re-checks the order', async () => {
    const s = await freshSession(id['DEMO-CLOSEOUT']!, '2026-03-02', '2026-03-16');
    const url = `/api/project-professional-dnas/${s.id}`;
    const ok = await request(ctx, 'dora.director').put(
      url,
      { sessionNextDate: '2026-03-30' },
      { ifMatch: '"1"' },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.etag).toBe('"2"');
    expect(ok.json()).toMatchObject({ sessionDate: '2026-03-02', sessionNextDate: '2026-03-30', version: 2 });
    const stale = await request(ctx, 'dora.director').put(
      url,
      { sessionDate: '2026-03-03' },
      { ifMatch: '"1"' },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ sessionDate: '2026-03-02', version: 2 });
    expect(
      (await request(ctx, 'dora.director').put(url, { sessionDate: '2026-03-03' }, { ifMatch: 'v2' }))
        .statusCode,
    ).toBe(400);
    // moving the session after its next date is refused; clearing the next date is allowed
    const late = await request(ctx, 'dora.director').put(url, { sessionDate: '2026-04-01' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toContain(DNA_NEXT_DATE_MESSAGE);
    const cleared = await request(ctx, 'dora.director').put(url, {
      sessionDate: '2026-04-01',
      sessionNextDate: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ sessionDate: '2026-04-01', sessionNextDate: null, version: 3 });
    // bad bodies
    for (const body of [{}, { sessionDate: null }, { sessionDate: '2026-13-01' }, { sessionNextDate: 5 }])
      expect((await request(ctx, 'dora.director').put(url, body)).statusCode, JSON.stringify(body)).toBe(400);
    // who
    const outsider = await request(ctx, 'oscar.outsider').put(url, { sessionDate: '2026-04-02' });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe(DNA_SESSIONS_DENIED_MESSAGE);
    // the setup DNA session (type 1) and unknown ids are not DNA sessions here
    const setupSession = await ctx.db
      .selectFrom('projectProfessionalDnas')
      .select('id')
      .where('projectId', '=', id['DEMO-CLOSEOUT']!)
      .where('sessionType', '=', 1)
      .executeTakeFirstOrThrow();
    for (const sid of [setupSession.id, 999_999]) {
      expect(
        (
          await request(ctx, 'alice.admin').put(`/api/project-professional-dnas/${sid}`, {
            sessionDate: '2026-01-01',
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await request(ctx, 'alice.admin').delete(`/api/project-professional-dnas/${sid}`)).statusCode,
      ).toBe(404);
      expect((await request(ctx, 'alice.admin').get(entriesUrl(sid))).statusCode).toBe(404);
      expect(
        (await addEntry('alice.admin', sid, { idProfessional: person['carla.consultant'] })).statusCode,
      ).toBe(404);
    }
  });

  it('DELETE removes the session with its entries (If-Match honoured), then 404; history counts the entries', async () => {
    const projectId = id['DEMO-CLOSEOUT']!;
    const s = await freshSession(projectId, '2026-05-04', '2026-05-18');
    for (const login of ['carla.consultant', 'ivan.intern'])
      expect(
        (await addEntry('carla.consultant', s.id, { idProfessional: person[login], dnaMetExpectation: 1 }))
          .statusCode,
      ).toBe(201);
    const url = `/api/project-professional-dnas/${s.id}`;
    expect((await request(ctx, 'oscar.outsider').delete(url)).statusCode).toBe(403);
    const stale = await request(ctx, 'carla.consultant').delete(url, { ifMatch: '"7"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ id: s.id, version: 1 });
    expect((await request(ctx, 'carla.consultant').delete(url, { ifMatch: '"1"' })).statusCode).toBe(204);
    expect((await request(ctx, 'carla.consultant').delete(url)).statusCode).toBe(404);
    const left = await ctx.db
      .selectFrom('professionalDnas')
      .select('id')
      .where('projectProfessionalDnaId', '=', s.id)
      .execute();
    expect(left).toEqual([]);
    expect((await history(projectId)).at(-1)).toEqual({
      action: 'removed',
      subject: 'DNA session of 04 May 2026 (2 entries)',
      changedBy: person['carla.consultant'],
    });
  });
});

describe('DNA entries', () => {
  it('lists the seeded entries of a session by professional name, with the answer, for everyone', async () => {
    const [seeded] = await sessions(id['DEMO-DURING']!);
    for (const login of ['carla.consultant', 'oscar.outsider']) {
      const res = await request(ctx, login).get(entriesUrl(seeded!.id));
      expect(res.statusCode).toBe(200);
      const list = res.json() as DnaEntryRecord[];
      expect(z.array(DnaEntryRecord).safeParse(list).success).toBe(true);
      expect(list.map((e) => [e.professional?.name, e.dnaMetExpectation])).toEqual([
        ['Carla Costa', 0],
        ['Ivan Ito', 1],
      ]);
      expect(list[0]).toMatchObject({
        idProject: id['DEMO-DURING'],
        idProjectProfessionalDna: seeded!.id,
        version: 1,
      });
    }
    expect(
      (await request(ctx, 'carla.consultant').get('/api/professional-dnas/project-professional-dna/abc'))
        .statusCode,
    ).toBe(400);
  });

  it('adds one entry per professional per session, team members only, answers 0–2; history', async () => {
    const projectId = id['DEMO-READY']!;
    const s = await freshSession(projectId, '2026-06-01');
    const other = await freshSession(projectId, '2026-06-15');
    const res = await addEntry('ivan.intern', s.id, {
      idProfessional: person['dora.director'],
      dnaMetExpectation: 2,
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json()).toMatchObject({
      idProject: projectId,
      idProjectProfessionalDna: s.id,
      idProfessional: person['dora.director'],
      professional: { name: 'Dora Duarte' },
      dnaMetExpectation: 2,
      version: 1,
    });
    // without an answer
    const open = await addEntry('ivan.intern', s.id, { idProfessional: person['ivan.intern'] });
    expect(open.statusCode).toBe(201);
    expect(open.json().dnaMetExpectation).toBeNull();
    // twice in the same session: 409; in another session: fine
    const twice = await addEntry('ivan.intern', s.id, {
      idProfessional: person['dora.director'],
      dnaMetExpectation: 1,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Dora Duarte already has an entry in this DNA session');
    expect(
      (await addEntry('ivan.intern', other.id, { idProfessional: person['dora.director'] })).statusCode,
    ).toBe(201);
    // not on the team
    const outsider = await addEntry('ivan.intern', s.id, { idProfessional: person['oscar.outsider'] });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().message).toBe(
      "Invalid request: idProfessional: the professional is not on the project's team",
    );
    for (const body of [
      {},
      { idProfessional: 'x' },
      { idProfessional: person['carla.consultant'], dnaMetExpectation: 3 },
      { idProfessional: person['carla.consultant'], dnaMetExpectation: -1 },
      { idProfessional: person['carla.consultant'], dnaMetExpectation: 1.5 },
      { idProfessional: person['carla.consultant'], dnaMetExpectation: 'Yes' },
      null,
    ])
      expect((await addEntry('ivan.intern', s.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    // who
    for (const login of ['oscar.outsider', 'kim.knm']) {
      const r = await addEntry(login, s.id, { idProfessional: person['carla.consultant'] });
      expect(r.statusCode, login).toBe(403);
      expect(r.json().message).toBe(DNA_SESSIONS_DENIED_MESSAGE);
    }
    expect(
      (await addEntry('gil.governance', s.id, { idProfessional: person['carla.consultant'] })).statusCode,
    ).toBe(201);
    expect((await entries(s.id)).map((e) => e.professional?.name)).toEqual([
      'Carla Costa',
      'Dora Duarte',
      'Ivan Ito',
    ]);
    expect((await history(projectId)).at(-1)).toEqual({
      action: 'added',
      subject: 'DNA of Carla Costa (session of 01 Jun 2026)',
      changedBy: person['gil.governance'],
    });
  });

  it('PUT /api/professional-dnas/{id} edits an entry: merge, If-Match, team and one-per-session checks', async () => {
    const projectId = id['DEMO-READY']!;
    const s = await freshSession(projectId, '2026-07-06');
    const carla = (
      await addEntry('carla.consultant', s.id, {
        idProfessional: person['carla.consultant'],
        dnaMetExpectation: 0,
      })
    ).json() as DnaEntryRecord;
    await addEntry('carla.consultant', s.id, { idProfessional: person['ivan.intern'], dnaMetExpectation: 1 });
    const url = `/api/professional-dnas/${carla.id}`;
    const ok = await request(ctx, 'carla.consultant').put(url, { dnaMetExpectation: 1 }, { ifMatch: '"1"' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.etag).toBe('"2"');
    expect(ok.json()).toEqual({
      id: carla.id,
      idProject: projectId,
      idProjectProfessionalDna: s.id,
      idProfessional: person['carla.consultant'],
      professional: { id: person['carla.consultant'], name: 'Carla Costa' },
      dnaMetExpectation: 1,
      version: 2,
    });
    const stale = await request(ctx, 'carla.consultant').put(
      url,
      { dnaMetExpectation: 2 },
      { ifMatch: '"1"' },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ dnaMetExpectation: 1, version: 2 });
    // the whole grid row (merged) is accepted; the answer can be cleared
    const whole = await request(ctx, 'carla.consultant').put(url, {
      ...(ok.json() as object),
      dnaMetExpectation: null,
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.json()).toMatchObject({ dnaMetExpectation: null, version: 3 });
    // another professional: taken in this session → 409; not on the team → 400; free → 200
    const taken = await request(ctx, 'carla.consultant').put(url, { idProfessional: person['ivan.intern'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Ivan Ito already has an entry in this DNA session');
    expect(
      (await request(ctx, 'carla.consultant').put(url, { idProfessional: person['oscar.outsider'] }))
        .statusCode,
    ).toBe(400);
    const moved = await request(ctx, 'carla.consultant').put(url, {
      idProfessional: person['paula.partner'],
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().professional.name).toBe('Paula Pereira');
    // setup fields on an entry, the answer out of range: 400
    const setupField = await request(ctx, 'carla.consultant').put(url, { goalsForProject: 'x' });
    expect(setupField.statusCode).toBe(400);
    expect(setupField.json().message).toBe(
      'Invalid request: goalsForProject: not fields of a During DNA entry',
    );
    expect((await request(ctx, 'carla.consultant').put(url, { dnaMetExpectation: 5 })).statusCode).toBe(400);
    // who: outsiders with the DNA sessions' message; a member of a Finished project is refused
    const outsider = await request(ctx, 'oscar.outsider').put(url, { dnaMetExpectation: 1 });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe(DNA_SESSIONS_DENIED_MESSAGE);
    await setStatus(projectId, 5);
    try {
      const closed = await request(ctx, 'carla.consultant').put(url, { dnaMetExpectation: 1 });
      expect(closed.statusCode).toBe(403);
      expect(closed.json().message).toBe(DNA_CLOSED_MESSAGE);
      expect((await request(ctx, 'carla.consultant').delete(url)).statusCode).toBe(403);
      expect((await request(ctx, 'alice.admin').put(url, { dnaMetExpectation: 2 })).statusCode).toBe(200);
    } finally {
      await setStatus(projectId, 3);
    }
    expect(
      (await request(ctx, 'carla.consultant').put('/api/professional-dnas/999999', { dnaMetExpectation: 1 }))
        .statusCode,
    ).toBe(404);
  });

  it('setup rows keep their rules on the shared PUT/DELETE: the setup message, no answer field', async () => {
    const during = id['DEMO-DURING']!;
    const setupRow = await ctx.db
      .selectFrom('professionalDnas')
      .select(['id', 'version'])
      .where('projectId', '=', during)
      .where('sessionType', '=', 1)
      .where('professionalId', '=', person['dora.director']!)
      .executeTakeFirstOrThrow();
    const url = `/api/professional-dnas/${setupRow.id}`;
    for (const login of ['dora.director', 'gil.governance', 'oscar.outsider']) {
      const res = await request(ctx, login).put(url, { goalsForProject: 'x' });
      expect(res.statusCode, login).toBe(403);
      expect(res.json().message).toBe(SETUP_RECORDS_DENIED_MESSAGE);
      expect((await request(ctx, login).delete(url)).statusCode).toBe(403);
    }
    const answer = await request(ctx, 'alice.admin').put(url, { dnaMetExpectation: 1 });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('Invalid request: dnaMetExpectation: setup DNA rows have no answer');
    const ok = await request(ctx, 'alice.admin').put(url, {
      goalsForProject: 'Coach',
      dnaMetExpectation: null,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ goalsForProject: 'Coach', individualNeeds: 'Flexible Fridays' });
    expect(ok.json()).not.toHaveProperty('dnaMetExpectation');
    // a Draft project: a member refused by both kinds' rules gets the closed message at the route
    const draftEntry = await ctx.db
      .selectFrom('professionalDnas')
      .select('id')
      .where('projectId', '=', id['DEMO-DRAFT']!)
      .where('sessionType', '=', 2)
      .executeTakeFirstOrThrow();
    const draft = await request(ctx, 'carla.consultant').delete(`/api/professional-dnas/${draftEntry.id}`);
    expect(draft.statusCode).toBe(403);
    expect(draft.json().message).toBe(DNA_CLOSED_MESSAGE);
  });

  it('DELETE /api/professional-dnas/{id} removes an entry (If-Match honoured), then 404; history', async () => {
    const projectId = id['DEMO-READY']!;
    const s = await freshSession(projectId, '2026-08-03');
    const e = (
      await addEntry('paula.partner', s.id, {
        idProfessional: person['marcos.manager'],
        dnaMetExpectation: 1,
      })
    ).json() as DnaEntryRecord;
    const url = `/api/professional-dnas/${e.id}`;
    expect((await request(ctx, 'oscar.outsider').delete(url)).statusCode).toBe(403);
    const stale = await request(ctx, 'paula.partner').delete(url, { ifMatch: '"4"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ id: e.id, dnaMetExpectation: 1, version: 1 });
    expect((await request(ctx, 'paula.partner').delete(url)).statusCode).toBe(204);
    expect((await request(ctx, 'paula.partner').delete(url)).statusCode).toBe(404);
    expect(await entries(s.id)).toEqual([]);
    expect((await history(projectId)).at(-1)).toEqual({
      action: 'removed',
      subject: 'DNA of Marcos Moura (session of 03 Aug 2026)',
      changedBy: person['paula.partner'],
    });
  });
});

describe('the overview KPI "Professional DNA"', () => {
  it('turns true with a DNA session dated this week and false when it moves or goes', async () => {
    const projectId = id['DEMO-BRAZIL']!;
    const kpi = async () =>
      (
        (await request(ctx, 'carla.consultant').get(`/api/projects/${projectId}/kpis`)).json() as {
          hasProfessionalDNA: boolean;
        }
      ).hasProfessionalDNA;
    await ctx.db
      .deleteFrom('projectProfessionalDnas')
      .where('projectId', '=', projectId)
      .where('sessionType', '=', 2)
      .execute();
    expect(await kpi()).toBe(false);
    const today = new Date().toISOString().slice(0, 10);
    const created = (
      await addSession('carla.consultant', projectId, { sessionDate: today })
    ).json() as ProjectProfessionalDnaRecord;
    expect(await kpi()).toBe(true);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    expect(
      (
        await request(ctx, 'carla.consultant').put(`/api/project-professional-dnas/${created.id}`, {
          sessionDate: monthAgo,
        })
      ).statusCode,
    ).toBe(200);
    expect(await kpi()).toBe(false);
    await request(ctx, 'carla.consultant').put(`/api/project-professional-dnas/${created.id}`, {
      sessionDate: today,
    });
    expect(await kpi()).toBe(true);
    expect(
      (await request(ctx, 'carla.consultant').delete(`/api/project-professional-dnas/${created.id}`))
        .statusCode,
    ).toBe(204);
    expect(await kpi()).toBe(false);
  });
});

describe('declared access', () => {
  it('declares the rules of every route', () => {
    const rule = (method: string, url: string) =>
      ctx.app.routeCatalog.find((r) => r.method === method && r.url === url)?.rule;
    expect(rule('GET', '/api/project-professional-dnas/project/:id/session-type/2')).toBe('projectRead');
    expect(rule('POST', '/api/project-professional-dnas/project/:id/session-type/2')).toBe('dnaSessionsEdit');
    expect(rule('PUT', '/api/project-professional-dnas/:id')).toBe('dnaSessionsEdit');
    expect(rule('DELETE', '/api/project-professional-dnas/:id')).toBe('dnaSessionsEdit');
    expect(rule('GET', '/api/professional-dnas/project-professional-dna/:id')).toBe('projectRead');
    expect(rule('POST', '/api/professional-dnas/project-professional-dna/:id')).toBe('dnaSessionsEdit');
    expect(rule('PUT', '/api/professional-dnas/:id')).toBe('professionalDnaEdit');
    expect(rule('DELETE', '/api/professional-dnas/:id')).toBe('professionalDnaEdit');
  });
});
