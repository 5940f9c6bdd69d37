/**
 * The allocation suggestions of a one-page — GET { infoMessage, suggestions } (only active
 * professionals with allocation in the previous, current or next two weeks), POST, PUT (merge), PATCH one
 * field, DELETE, approve-all — with the day steps (0.5; 0.25 for practice 7), the refusals per person (403),
 * after submit (409), stale versions (412), bad input (400) and unknown records (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllocationSuggestionRecord, AllocationSuggestionsResponse } from '@domain/contract';
import {
  allocationDaysMessage,
  ONE_PAGE_FILL_DENIED_MESSAGE,
  ONE_PAGE_NO_ACCESS_MESSAGE,
  ONE_PAGE_SUBMITTED_MESSAGE,
  onePageWeekOf,
} from '@domain/rules';
import { createTestContext, type TestContext } from '../helpers';
import { request, type Method } from '../request';

let ctx: TestContext;
let DURING: number;
let READY: number;
let page: number; // DEMO-DURING's one-page of this week (draft)
let readyPage: number; // DEMO-READY's one-page of this week (submitted)
const who: Record<string, number> = {};
const MONDAY = onePageWeekOf(new Date()).initialDate;
const BASE = '/api/project-allocation-suggestions';

beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  const id = async (code: string) =>
    (await ctx.db.selectFrom('projects').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  DURING = await id('DEMO-DURING');
  READY = await id('DEMO-READY');
  const pageOf = async (projectId: number) =>
    (
      await ctx.db
        .selectFrom('onePages')
        .select('id')
        .where('projectId', '=', projectId)
        .where('initialDate', '=', MONDAY)
        .executeTakeFirstOrThrow()
    ).id;
  page = await pageOf(DURING);
  readyPage = await pageOf(READY);
  for (const p of await ctx.db.selectFrom('professionals').select(['id', 'login']).execute())
    who[p.login] = p.id;
});
afterAll(() => ctx?.close());

const table = async (onePageId = page) =>
  (
    await request(ctx, 'marcos.manager').get(`${BASE}/one-page/${onePageId}`)
  ).json() as AllocationSuggestionsResponse;
const suggestionOf = async (login: string, onePageId = page) =>
  await ctx.db
    .selectFrom('allocationSuggestions')
    .selectAll()
    .where('onePageId', '=', onePageId)
    .where('professionalId', '=', who[login]!)
    .executeTakeFirstOrThrow();

describe('GET /api/project-allocation-suggestions/one-page/{onePageId}', () => {
  it('lists the active professionals with allocation, with their weeks, practice and version; infoMessage names the others', async () => {
    const res = await request(ctx, 'marcos.manager').get(`${BASE}/one-page/${page}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as AllocationSuggestionsResponse;
    expect(body.suggestions.map((s) => s.professional.name)).toEqual([
      'Carla Costa',
      'Ivan Ito',
      'Paula Pereira',
    ]);
    expect(body.suggestions[0]).toMatchObject({
      idProfessional: who['carla.consultant'],
      professional: { id: who['carla.consultant'], name: 'Carla Costa', isActive: true },
      totalDays: 4.5,
      idPractice: 1,
      feedback: 'Fully allocated',
      isApproved: false,
      nextAllocations: [{ totalDays: 4 }, { totalDays: 3.5 }],
      version: 1,
    });
    expect(body.suggestions[2]).toMatchObject({
      idPractice: 7,
      totalDays: 1.25,
      nextAllocations: [{ totalDays: 0.75 }, { totalDays: 0.5 }],
    });
    expect(body.infoMessage).toBe(
      'Not listed: Dora Duarte (no allocation in the previous, current or next two weeks).',
    );
  });

  it('names an inactive professional as inactive', async () => {
    const rita = (
      await ctx.db
        .selectFrom('professionals')
        .select('id')
        .where('login', '=', 'rita.retired')
        .executeTakeFirstOrThrow()
    ).id;
    const row = await ctx.db
      .insertInto('allocationSuggestions')
      .values({ onePageId: page, professionalId: rita, totalDays: 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const body = await table();
    expect(body.suggestions.some((s) => s.idProfessional === rita)).toBe(false);
    expect(body.infoMessage).toContain('Rita Ramos (inactive)');
    await ctx.db.deleteFrom('allocationSuggestions').where('id', '=', row.id).execute();
  });

  it('is read by whoever may open the one-page', async () => {
    const expected: Record<string, number> = {
      'paula.partner': 200,
      'dora.director': 200,
      'alice.admin': 200,
      'gil.governance': 200,
      'carla.consultant': 403,
      'pedro.pdc': 403,
      'oscar.outsider': 403,
    };
    for (const [login, status] of Object.entries(expected))
      expect((await request(ctx, login).get(`${BASE}/one-page/${page}`)).statusCode, login).toBe(status);
    expect((await request(ctx, 'ivan.intern').get(`${BASE}/one-page/${page}`)).json().message).toBe(
      ONE_PAGE_NO_ACCESS_MESSAGE,
    );
    expect((await request(ctx, 'alice.admin').get(`${BASE}/one-page/999999`)).statusCode).toBe(404);
    expect((await request(ctx, 'alice.admin').get(`${BASE}/one-page/x`)).statusCode).toBe(400);
  });
});

describe('POST /api/project-allocation-suggestions/one-page/{onePageId}', () => {
  it("adds a team member with the professional's practice; refuses days off the step, non-members, duplicates", async () => {
    const bad = await request(ctx, 'marcos.manager').post(`${BASE}/one-page/${page}`, {
      idProfessional: who['marcos.manager'],
      totalDays: 0.25,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Allocation days go from 0 to 5 in steps of 0.5');
    const badNext = await request(ctx, 'marcos.manager').post(`${BASE}/one-page/${page}`, {
      idProfessional: who['marcos.manager'],
      totalDays: 1,
      nextAllocations: [{ totalDays: 1 }, { totalDays: 1.75 }],
    });
    expect(badNext.statusCode).toBe(400);
    const res = await request(ctx, 'paula.partner').post(`${BASE}/one-page/${page}`, {
      idProfessional: who['marcos.manager'],
      totalDays: 2.5,
      nextAllocations: [{ totalDays: 1 }, { totalDays: 0.5 }],
    });
    expect(res.statusCode).toBe(201);
    const s = res.json() as AllocationSuggestionRecord;
    expect(s).toMatchObject({
      idProfessional: who['marcos.manager'],
      professional: { name: 'Marcos Moura' },
      idPractice: 6,
      totalDays: 2.5,
      isApproved: false,
      feedback: null,
      nextAllocations: [{ totalDays: 1 }, { totalDays: 0.5 }],
    });
    expect(res.headers.etag).toBe(`"${s.version}"`);
    expect((await table()).suggestions.map((x) => x.professional.name)).toContain('Marcos Moura');
    const dup = await request(ctx, 'marcos.manager').post(`${BASE}/one-page/${page}`, {
      idProfessional: who['marcos.manager'],
      totalDays: 1,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Marcos Moura already has an allocation suggestion on this One Page');
    const outsider = await request(ctx, 'marcos.manager').post(`${BASE}/one-page/${page}`, {
      idProfessional: who['oscar.outsider'],
      totalDays: 1,
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().message).toMatch(/not on this project's team/);
    const history = await ctx.db
      .selectFrom('projectChanges')
      .selectAll()
      .where('projectId', '=', DURING)
      .where('area', '=', 'One-Page')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(history).toMatchObject({ action: 'added', subject: 'Allocation of Marcos Moura' });
  });

  it('brings back a professional suggested without allocation (Dora) with the posted days', async () => {
    const res = await request(ctx, 'marcos.manager').post(`${BASE}/one-page/${page}`, {
      idProfessional: who['dora.director'],
      totalDays: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ totalDays: 1, nextAllocations: [{ totalDays: 0 }, { totalDays: 0 }] });
    expect((await table()).infoMessage).toBeNull();
  });

  it('refuses an inactive team member and bad bodies', async () => {
    const rita = (
      await ctx.db
        .selectFrom('professionals')
        .select('id')
        .where('login', '=', 'rita.retired')
        .executeTakeFirstOrThrow()
    ).id;
    await ctx.db.insertInto('projectTeam').values({ projectId: DURING, professionalId: rita }).execute();
    const res = await request(ctx, 'marcos.manager').post(`${BASE}/one-page/${page}`, {
      idProfessional: rita,
      totalDays: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Rita Ramos is not an active professional');
    await ctx.db
      .deleteFrom('projectTeam')
      .where('projectId', '=', DURING)
      .where('professionalId', '=', rita)
      .execute();
    for (const body of [
      {},
      { idProfessional: who['ivan.intern'] },
      { idProfessional: who['ivan.intern'], totalDays: 5.5 },
      { idProfessional: who['ivan.intern'], totalDays: -0.5 },
      { idProfessional: 'x', totalDays: 1 },
      {
        idProfessional: who['ivan.intern'],
        totalDays: 1,
        nextAllocations: [{ totalDays: 1 }, { totalDays: 1 }, { totalDays: 1 }],
      },
    ])
      expect(
        (await request(ctx, 'marcos.manager').post(`${BASE}/one-page/${page}`, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    expect(
      (
        await request(ctx, 'marcos.manager').post(`${BASE}/one-page/999999`, {
          idProfessional: who['ivan.intern'],
          totalDays: 1,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('PATCH / PUT / DELETE /api/project-allocation-suggestions/{id}', () => {
  it('PATCH one field: totalDays in the practice step (0.25 for practice 7), feedback; If-Match honoured', async () => {
    const paula = await suggestionOf('paula.partner');
    const carla = await suggestionOf('carla.consultant');
    const quarter = await request(ctx, 'marcos.manager').patch(`${BASE}/${paula.id}`, { totalDays: 2.25 });
    expect(quarter.statusCode).toBe(200);
    expect(quarter.json()).toMatchObject({ totalDays: 2.25, version: paula.version + 1 });
    const off = await request(ctx, 'marcos.manager').patch(`${BASE}/${paula.id}`, { totalDays: 2.3 });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe(allocationDaysMessage(7));
    expect(off.json().message).toBe('Allocation days go from 0 to 5 in steps of 0.25');
    expect(
      (await request(ctx, 'marcos.manager').patch(`${BASE}/${carla.id}`, { totalDays: 2.25 })).statusCode,
    ).toBe(400);
    const fb = await request(ctx, 'marcos.manager').patch(
      `${BASE}/${carla.id}`,
      { feedback: 'Needs one more day' },
      { ifMatch: `"${carla.version}"` },
    );
    expect(fb.statusCode).toBe(200);
    expect(fb.json()).toMatchObject({ feedback: 'Needs one more day', version: carla.version + 1 });
    const stale = await request(ctx, 'marcos.manager').patch(
      `${BASE}/${carla.id}`,
      { feedback: 'Lost' },
      { ifMatch: `"${carla.version}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ feedback: 'Needs one more day' });
    for (const body of [{ feedback: 'a', totalDays: 1 }, {}, { isApproved: true }, { totalDays: '1' }])
      expect(
        (await request(ctx, 'marcos.manager').patch(`${BASE}/${carla.id}`, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    expect((await request(ctx, 'marcos.manager').patch(`${BASE}/999999`, { feedback: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('PUT merges the whole suggestion as the grid sends it; id and professional are fixed', async () => {
    const ivan = await suggestionOf('ivan.intern');
    const res = await request(ctx, 'paula.partner').put(
      `${BASE}/${ivan.id}`,
      {
        id: ivan.id,
        idProfessional: who['ivan.intern'],
        idPractice: 2,
        isApproved: true,
        nextAllocations: [{ totalDays: 2 }, { totalDays: 1.5 }],
      },
      { ifMatch: `"${ivan.version}"` },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      totalDays: 4.5,
      isApproved: true,
      feedback: null,
      nextAllocations: [{ totalDays: 2 }, { totalDays: 1.5 }],
      version: ivan.version + 1,
    });
    // only the next week
    const one = await request(ctx, 'paula.partner').put(`${BASE}/${ivan.id}`, {
      nextAllocations: [{ totalDays: 3 }],
    });
    expect(one.json().nextAllocations).toEqual([{ totalDays: 3 }, { totalDays: 1.5 }]);
    const stale = await request(ctx, 'paula.partner').put(
      `${BASE}/${ivan.id}`,
      { isApproved: false },
      { ifMatch: `"${ivan.version}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(
      (await request(ctx, 'paula.partner').put(`${BASE}/${ivan.id}`, { id: ivan.id + 1000 })).statusCode,
    ).toBe(400);
    expect(
      (
        await request(ctx, 'paula.partner').put(`${BASE}/${ivan.id}`, {
          idProfessional: who['carla.consultant'],
        })
      ).statusCode,
    ).toBe(400);
    const step = await request(ctx, 'paula.partner').put(`${BASE}/${ivan.id}`, {
      nextAllocations: [{ totalDays: 0.75 }],
    });
    expect(step.statusCode).toBe(400);
    expect(step.json().message).toBe('Allocation days go from 0 to 5 in steps of 0.5');
    expect(
      (await request(ctx, 'paula.partner').put(`${BASE}/${ivan.id}`, { isApproved: 'yes' })).statusCode,
    ).toBe(400);
  });

  it('DELETE honours If-Match, removes the suggestion and records it', async () => {
    const marcos = await suggestionOf('marcos.manager');
    expect(
      (await request(ctx, 'marcos.manager').delete(`${BASE}/${marcos.id}`, { ifMatch: '"999"' })).statusCode,
    ).toBe(412);
    expect((await request(ctx, 'marcos.manager').delete(`${BASE}/${marcos.id}`)).statusCode).toBe(204);
    expect((await table()).suggestions.some((s) => s.id === marcos.id)).toBe(false);
    expect((await request(ctx, 'marcos.manager').delete(`${BASE}/${marcos.id}`)).statusCode).toBe(404);
  });

  it('writes are for the manager, the partner, Admin and OnePage; a granted member only reads', async () => {
    const carla = await suggestionOf('carla.consultant');
    const expected: Record<string, number> = {
      'dora.director': 403,
      'carla.consultant': 403,
      'pedro.pdc': 403,
      'oscar.outsider': 403,
      'alice.admin': 200,
      'gil.governance': 200,
    };
    for (const [login, status] of Object.entries(expected)) {
      const res = await request(ctx, login).patch(`${BASE}/${carla.id}`, { feedback: `by ${login}` });
      expect(res.statusCode, login).toBe(status);
      if (status === 403) expect(res.json().message).toBe(ONE_PAGE_FILL_DENIED_MESSAGE);
      expect(
        (await request(ctx, login).patch(`${BASE}/one-page/${page}/approve-all`)).statusCode === 403,
        login,
      ).toBe(status === 403);
    }
  });
});

describe('approve-all and the submitted one-page', () => {
  it('approves every suggestion and answers the table; recorded', async () => {
    await ctx.db
      .updateTable('allocationSuggestions')
      .set({ isApproved: false })
      .where('onePageId', '=', page)
      .execute();
    const res = await request(ctx, 'marcos.manager').patch(`${BASE}/one-page/${page}/approve-all`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as AllocationSuggestionsResponse;
    expect(body.suggestions.length).toBeGreaterThan(2);
    expect(body.suggestions.every((s) => s.isApproved)).toBe(true);
    expect(
      (await request(ctx, 'marcos.manager').patch(`${BASE}/one-page/999999/approve-all`)).statusCode,
    ).toBe(404);
  });

  it('refuses every write once the one-page is submitted (409), reads still work', async () => {
    const ivan = await suggestionOf('ivan.intern', readyPage);
    const writes: [Method, string, unknown][] = [
      ['POST', `${BASE}/one-page/${readyPage}`, { idProfessional: who['dora.director'], totalDays: 1 }],
      ['PATCH', `${BASE}/one-page/${readyPage}/approve-all`, undefined],
      ['PUT', `${BASE}/${ivan.id}`, { isApproved: true }],
      ['PATCH', `${BASE}/${ivan.id}`, { feedback: 'late' }],
      ['DELETE', `${BASE}/${ivan.id}`, undefined],
    ];
    for (const [method, url, body] of writes) {
      const res = await request(ctx, 'marcos.manager').send(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json().message).toBe(ONE_PAGE_SUBMITTED_MESSAGE);
    }
    expect((await request(ctx, 'marcos.manager').get(`${BASE}/one-page/${readyPage}`)).statusCode).toBe(200);
  });

  it("a submitted classic (format 1) one-page keeps the feedback alone writable (the dashboard's Staffing)", async () => {
    const ivan = await suggestionOf('ivan.intern', readyPage);
    await ctx.db.updateTable('onePages').set({ format: 1 }).where('id', '=', readyPage).execute();
    try {
      const ok = await request(ctx, 'marcos.manager').patch(`${BASE}/${ivan.id}`, { feedback: 'Reviewed' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ feedback: 'Reviewed', version: ivan.version + 1 });
      const stale = await request(ctx, 'marcos.manager').patch(
        `${BASE}/${ivan.id}`,
        { feedback: 'Lost?' },
        { ifMatch: `"${ivan.version}"` },
      );
      expect(stale.statusCode).toBe(412);
      const days = await request(ctx, 'marcos.manager').patch(`${BASE}/${ivan.id}`, { totalDays: 1 });
      expect(days.statusCode).toBe(409);
      expect(days.json().message).toBe(ONE_PAGE_SUBMITTED_MESSAGE);
      const put = await request(ctx, 'marcos.manager').put(`${BASE}/${ivan.id}`, { feedback: 'via PUT' });
      expect(put.statusCode).toBe(409);
      const member = await request(ctx, 'carla.consultant').patch(`${BASE}/${ivan.id}`, {
        feedback: 'me too',
      });
      expect(member.statusCode).toBe(403);
      expect((await suggestionOf('ivan.intern', readyPage)).feedback).toBe('Reviewed');
    } finally {
      await ctx.db.updateTable('onePages').set({ format: 2 }).where('id', '=', readyPage).execute();
    }
  });
});
