/**
 * The Project Session page's calls — POST (history), PUT (merge, If-Match), DELETE (records
 * with it), submit / undo (PATCH …/submit, …/unsubmit) — and the refusals: outsiders 403, the setup session
 * 409, a submitted session 409 (also for its records), stale If-Match 412, bad input 400, unknown 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProjectSession, ProjectSessionRecord } from '@domain/contract';
import {
  SESSION_ALREADY_SUBMITTED_MESSAGE,
  SESSION_DELETE_SUBMITTED_MESSAGE,
  SESSION_NOT_SUBMITTED_MESSAGE,
  SESSION_SUBMITTED_MESSAGE,
  SETUP_SESSION_MESSAGE,
} from '@domain/rules';
import { createTestContext, type TestContext } from '../helpers';
import { request } from '../request';

let ctx: TestContext;
let SETUP: number; // DEMO-SETUP (status 2)
let DURING: number; // DEMO-DURING (status 3)
let setupSessionOfDuring: number;
let submittedSeed: number; // DEMO-DURING's seeded During session (submitted)
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
  setupSessionOfDuring = await session(DURING, true);
  submittedSeed = await session(DURING, false);
  for (const p of await ctx.db.selectFrom('professionals').select(['id', 'login']).execute())
    who[p.login] = p.id;
});
afterAll(() => ctx?.close());

const one = (projectId: number, sessionId: number) => `/api/projects/${projectId}/sessions/${sessionId}`;

/** A fresh open During session on the project (created through the API by Marcos). */
async function fresh(projectId = DURING, body: object = { discussionFocus: 'Weekly alignment' }) {
  const res = await request(ctx, 'marcos.manager').post(`/api/projects/${projectId}/sessions`, body);
  expect(res.statusCode).toBe(201);
  return res.json() as ProjectSession;
}
const lastChange = async (projectId: number) =>
  ctx.db
    .selectFrom('projectChanges')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('area', '=', 'Project Session')
    .orderBy('id', 'desc')
    .executeTakeFirst();
const stored = (sessionId: number) =>
  ctx.db.selectFrom('projectSessions').selectAll().where('id', '=', sessionId).executeTakeFirst();

describe('POST /api/projects/{id}/sessions: history, ETag and the answers it accepts', () => {
  it('records "added" in the history, answers the ETag, refuses answers outside 1 Yes, 2 No, 3 Partially', async () => {
    const res = await request(ctx, 'ivan.intern').post(`/api/projects/${DURING}/sessions`, {
      discussionFocus: 'Pricing workshop',
      adjustScope: 3,
      deliveringClientNeeds: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json()).toMatchObject({ adjustScope: 3, deliveringClientNeeds: 1, isSetup: false });
    expect(await lastChange(DURING)).toMatchObject({
      changedBy: who['ivan.intern'],
      action: 'added',
      subject: 'Session "Pricing workshop"',
    });
    for (const bad of [{ adjustScope: 4 }, { adjustScope: 0 }, { deliveringClientNeeds: -1 }]) {
      const r = await request(ctx, 'ivan.intern').post(`/api/projects/${DURING}/sessions`, bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
      expect(r.json().message).toMatch(/^Invalid request: .*1 Yes, 2 No or 3 Partially/);
    }
  });

  it('the list stays the non-setup sessions, newest first', async () => {
    const a = await fresh(DURING, { discussionFocus: 'Older' });
    const b = await fresh(DURING, { discussionFocus: 'Newer' });
    const rows = (
      await request(ctx, 'dora.director').get(`/api/projects/${DURING}/sessions`)
    ).json() as ProjectSession[];
    expect(z.array(ProjectSession).safeParse(rows).success).toBe(true);
    expect(rows.every((r) => !r.isSetup)).toBe(true);
    expect(rows.map((r) => r.id).indexOf(b.id)).toBeLessThan(rows.map((r) => r.id).indexOf(a.id));
    expect(rows.map((r) => r.id)).not.toContain(setupSessionOfDuring);
  });
});

describe('PUT /api/projects/{id}/sessions/{sessionId}', () => {
  it('merges a partial body over the stored session, bumps the version, answers the ETag and records "changed"', async () => {
    const s = await fresh(DURING, {
      discussionFocus: 'Scope review',
      adjustScopeObs: 'Keep pilot',
      discussionOutcomes: 'None yet',
    });
    const res = await request(ctx, 'carla.consultant').put(
      one(DURING, s.id),
      { adjustScope: 2 },
      { ifMatch: '"1"' },
    );
    expect(res.statusCode).toBe(200);
    const rec = res.json() as ProjectSessionRecord;
    expect(ProjectSessionRecord.safeParse(rec).success).toBe(true);
    expect(rec).toMatchObject({
      id: s.id,
      discussionFocus: 'Scope review',
      adjustScope: 2,
      adjustScopeObs: 'Keep pilot',
      discussionOutcomes: 'None yet',
      submittedAt: null,
      version: 2,
    });
    expect(res.headers.etag).toBe('"2"');
    expect(await lastChange(DURING)).toMatchObject({
      changedBy: who['carla.consultant'],
      action: 'changed',
      subject: 'Session "Scope review"',
    });

    // the whole object back (as the firm's client sends it): read-only keys ignored, nulls clear
    const whole = await request(ctx, 'alice.admin').put(one(DURING, s.id), {
      ...rec,
      isSetup: true,
      projectScope: 'ignored',
      deliveringClientNeeds: 3,
      deliveringClientNeedsObs: 'On track',
      adjustScopeObs: null,
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.json()).toMatchObject({
      isSetup: false,
      projectScope: null,
      adjustScope: 2,
      adjustScopeObs: null,
      deliveringClientNeeds: 3,
      deliveringClientNeedsObs: 'On track',
      version: 3,
    });
    // Gil (OnePage scope, on no team) too
    expect(
      (await request(ctx, 'gil.governance').put(one(DURING, s.id), { discussionFocus: 'Gil' })).statusCode,
    ).toBe(200);
  });

  it('a stale If-Match: 412 with the current session, nothing written', async () => {
    const s = await fresh();
    await request(ctx, 'marcos.manager').put(one(DURING, s.id), { discussionOutcomes: 'First' });
    const stale = await request(ctx, 'dora.director').put(
      one(DURING, s.id),
      { discussionOutcomes: 'Second' },
      { ifMatch: '"1"' },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ discussionOutcomes: 'First', version: 2 });
    expect(stale.headers.etag).toBe('"2"');
    expect((await stored(s.id))!.discussionOutcomes).toBe('First');
  });

  it('refuses bad bodies and headers (400), outsiders (403), unknown or foreign sessions (404)', async () => {
    const s = await fresh();
    for (const bad of [
      {},
      { idNothing: 5 },
      { adjustScope: 4 },
      { adjustScope: 'two' },
      { deliveringClientNeeds: 1.5 },
      { discussionFocus: 'x'.repeat(501) },
      { discussionOutcomes: 7 },
    ]) {
      const res = await request(ctx, 'marcos.manager').put(one(DURING, s.id), bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 40)).toBe(400);
      expect(res.json().message).toMatch(/^Invalid request/);
    }
    // the session's own fields are read-only: taken back, never a 400 (the one write policy), and nothing changes
    const readOnly = await request(ctx, 'marcos.manager').put(one(DURING, s.id), {
      id: 5,
      discussionFocus: s.discussionFocus,
    });
    expect(readOnly.statusCode).toBe(200);
    expect(readOnly.json().id).toBe(s.id);
    const badTag = await request(ctx, 'marcos.manager').put(
      one(DURING, s.id),
      { adjustScope: 1 },
      { ifMatch: 'v1' },
    );
    expect(badTag.statusCode).toBe(400);
    for (const login of ['oscar.outsider', 'kim.knm', 'ida.idone', 'pedro.pdc']) {
      const res = await request(ctx, login).put(one(DURING, s.id), { discussionFocus: 'x' });
      expect(res.statusCode, login).toBe(403);
      expect(res.json().message).toBe('Only team members may work on project sessions');
    }
    expect((await request(ctx, null).put(one(DURING, s.id), { discussionFocus: 'x' })).statusCode).toBe(401);
    expect(
      (await request(ctx, 'alice.admin').put(one(SETUP, s.id), { discussionFocus: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await request(ctx, 'alice.admin').put(one(DURING, 999999), { discussionFocus: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await request(ctx, 'alice.admin').put(one(999999, s.id), { discussionFocus: 'x' })).statusCode,
    ).toBe(404);
    expect((await stored(s.id))!.discussionFocus).toBe('Weekly alignment');
  });

  it('refuses the setup session and a submitted session (409)', async () => {
    const setup = await request(ctx, 'alice.admin').put(one(DURING, setupSessionOfDuring), {
      discussionFocus: 'x',
    });
    expect(setup.statusCode).toBe(409);
    expect(setup.json().message).toBe(SETUP_SESSION_MESSAGE);
    const sub = await request(ctx, 'marcos.manager').put(one(DURING, submittedSeed), {
      discussionFocus: 'x',
    });
    expect(sub.statusCode).toBe(409);
    expect(sub.json().message).toBe(SESSION_SUBMITTED_MESSAGE);
  });
});

describe('PATCH …/sessions/{sessionId}/submit and …/unsubmit', () => {
  it('submit sets submittedAt and idSubmittedBy (the caller); then the session and its records are read-only', async () => {
    const s = await fresh();
    const risk = await request(ctx, 'carla.consultant').post(`/api/project/${DURING}/risks/session/${s.id}`, {
      risk: 'Budget cut',
      riskStatus: 2,
    });
    expect(risk.statusCode).toBe(201);
    const before = Date.now();
    const res = await request(ctx, 'ivan.intern').patch(`${one(DURING, s.id)}/submit`);
    expect(res.statusCode).toBe(200);
    const rec = res.json() as ProjectSessionRecord;
    expect(rec).toMatchObject({ idSubmittedBy: who['ivan.intern'], version: 2 });
    expect(Date.parse(rec.submittedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.headers.etag).toBe('"2"');
    expect(await lastChange(DURING)).toMatchObject({
      changedBy: who['ivan.intern'],
      action: 'changed',
      subject: 'Session "Weekly alignment" submitted',
    });

    const again = await request(ctx, 'marcos.manager').patch(`${one(DURING, s.id)}/submit`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SESSION_ALREADY_SUBMITTED_MESSAGE);
    // a submitted session's sub-grids refuse add, edit and delete ("Once submitted, add, edit and delete in the sub-grids are disabled")
    const writes = [
      await request(ctx, 'carla.consultant').post(`/api/project/${DURING}/risks/session/${s.id}`, {
        risk: 'x',
      }),
      await request(ctx, 'carla.consultant').put(`/api/project/${DURING}/risks/${risk.json().id}`, {
        risk: 'y',
      }),
      await request(ctx, 'carla.consultant').delete(`/api/project/${DURING}/risks/${risk.json().id}`),
      await request(ctx, 'carla.consultant').post(`/api/project/${DURING}/stakeholders/sessions/${s.id}`, {
        name: 'A',
      }),
      await request(ctx, 'carla.consultant').post(`/api/project/${DURING}/rar/session/${s.id}`, {
        idProfessional: null,
      }),
      await request(ctx, 'carla.consultant').put(one(DURING, s.id), { discussionFocus: 'x' }),
      await request(ctx, 'carla.consultant').patch(one(DURING, s.id), { discussionOutcomes: 'x' }),
    ];
    expect(writes.map((w) => w.statusCode)).toEqual([409, 409, 409, 409, 409, 409, 409]);
    const del = await request(ctx, 'alice.admin').delete(one(DURING, s.id));
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(SESSION_DELETE_SUBMITTED_MESSAGE);
    // still readable by the team
    expect(
      (await request(ctx, 'dora.director').get(`/api/project/${DURING}/risks/session/${s.id}`)).json(),
    ).toHaveLength(1);
  });

  it('undo clears both (by another team member); 409 when not submitted; the records are writable again', async () => {
    const s = await fresh();
    await request(ctx, 'marcos.manager').patch(`${one(DURING, s.id)}/submit`);
    const stale = await request(ctx, 'dora.director').patch(`${one(DURING, s.id)}/unsubmit`, undefined, {
      ifMatch: '"1"',
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ idSubmittedBy: who['marcos.manager'] });
    const res = await request(ctx, 'dora.director').patch(`${one(DURING, s.id)}/unsubmit`, undefined, {
      ifMatch: '"2"',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ submittedAt: null, idSubmittedBy: null, version: 3 });
    expect(await stored(s.id)).toMatchObject({ submittedAt: null, submittedById: null });
    expect(await lastChange(DURING)).toMatchObject({
      changedBy: who['dora.director'],
      subject: 'Session "Weekly alignment" submit undone',
    });
    const notSubmitted = await request(ctx, 'dora.director').patch(`${one(DURING, s.id)}/unsubmit`);
    expect(notSubmitted.statusCode).toBe(409);
    expect(notSubmitted.json().message).toBe(SESSION_NOT_SUBMITTED_MESSAGE);
    expect(
      (
        await request(ctx, 'carla.consultant').post(`/api/project/${DURING}/deliverables/session/${s.id}`, {
          deliverable: 'd',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('refuses outsiders (403), the setup session (409), unknown sessions (404); Admin and OnePage may', async () => {
    const s = await fresh();
    for (const login of ['oscar.outsider', 'kim.knm'])
      for (const path of ['submit', 'unsubmit'])
        expect(
          (await request(ctx, login).patch(`${one(DURING, s.id)}/${path}`)).statusCode,
          `${login} ${path}`,
        ).toBe(403);
    for (const path of ['submit', 'unsubmit']) {
      const r = await request(ctx, 'alice.admin').patch(`${one(DURING, setupSessionOfDuring)}/${path}`);
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(SETUP_SESSION_MESSAGE);
      expect((await request(ctx, 'alice.admin').patch(`${one(SETUP, s.id)}/${path}`)).statusCode).toBe(404);
      expect(
        (await request(ctx, 'alice.admin').patch(`/api/projects/${DURING}/sessions/0x3/${path}`)).statusCode,
      ).toBe(400);
    }
    expect((await request(ctx, 'gil.governance').patch(`${one(DURING, s.id)}/submit`)).json()).toMatchObject({
      idSubmittedBy: who['gil.governance'],
    });
    expect((await request(ctx, 'alice.admin').patch(`${one(DURING, s.id)}/unsubmit`)).statusCode).toBe(200);
  });
});

describe('DELETE /api/projects/{id}/sessions/{sessionId}', () => {
  it('deletes an open session with its records and records "removed"', async () => {
    const s = await fresh(DURING, { discussionFocus: 'To be removed' });
    const base = `/api/project/${DURING}`;
    expect(
      (await request(ctx, 'carla.consultant').post(`${base}/stakeholders/sessions/${s.id}`, { name: 'Ana' }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await request(ctx, 'carla.consultant').post(`${base}/expectations/session/${s.id}`, {
          expectation: 'e',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await request(ctx, 'carla.consultant').post(`${base}/rar/session/${s.id}`, {
          idProfessional: who['carla.consultant'],
        })
      ).statusCode,
    ).toBe(201);
    const stale = await request(ctx, 'carla.consultant').delete(one(DURING, s.id), { ifMatch: '"7"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ id: s.id, version: 1 });
    const res = await request(ctx, 'carla.consultant').delete(one(DURING, s.id), { ifMatch: '"1"' });
    expect(res.statusCode).toBe(204);
    expect(await stored(s.id)).toBeUndefined();
    for (const table of ['sessionStakeholders', 'sessionExpectations', 'sessionRars'] as const)
      expect(
        await ctx.db
          .selectFrom(table as 'sessionRars')
          .select('id')
          .where('sessionId', '=', s.id)
          .execute(),
        table,
      ).toEqual([]);
    expect(await lastChange(DURING)).toMatchObject({ action: 'removed', subject: 'Session "To be removed"' });
    expect((await request(ctx, 'carla.consultant').delete(one(DURING, s.id))).statusCode).toBe(404);
    expect((await request(ctx, 'carla.consultant').get(one(DURING, s.id))).statusCode).toBe(404);
  });

  it('refuses the setup session (409), outsiders (403), a foreign session (404)', async () => {
    const s = await fresh();
    const setup = await request(ctx, 'alice.admin').delete(one(DURING, setupSessionOfDuring));
    expect(setup.statusCode).toBe(409);
    expect(setup.json().message).toBe(SETUP_SESSION_MESSAGE);
    expect(await stored(setupSessionOfDuring)).toBeDefined();
    expect((await request(ctx, 'oscar.outsider').delete(one(DURING, s.id))).statusCode).toBe(403);
    expect((await request(ctx, 'pedro.pdc').delete(one(DURING, s.id))).statusCode).toBe(403);
    expect((await request(ctx, 'alice.admin').delete(one(SETUP, s.id))).statusCode).toBe(404);
    expect(await stored(s.id)).toBeDefined();
  });
});

describe('the overview KPI Technical DNA (a project session held this week, README)', () => {
  it('turns on with a session created this week and off when it is deleted', async () => {
    const kpis = async () =>
      (await request(ctx, 'carla.consultant').get(`/api/projects/${SETUP}/kpis`)).json() as {
        hasTechDNA: boolean;
      };
    expect((await kpis()).hasTechDNA).toBe(false); // the seeded session is a week old
    const s = await fresh(SETUP, { discussionFocus: 'This week' });
    expect((await kpis()).hasTechDNA).toBe(true);
    expect((await request(ctx, 'carla.consultant').delete(one(SETUP, s.id))).statusCode).toBe(204);
    expect((await kpis()).hasTechDNA).toBe(false);
  });
});
