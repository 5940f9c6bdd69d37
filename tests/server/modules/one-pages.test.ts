/**
 * The one-page calls — list, one, PATCH one field, submit (checklist and classic), unsubmit,
 * Grant access — per DEMO person, with the refusals (403 by person, 409 once submitted, 412 stale, 400 bad
 * input, 404 unknown), the history, the overview KPI, and the weekly job (called with a given `now`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OnePageListRow, OnePageRecord, TeamMember } from '@domain/contract';
import {
  CHECKLIST_REQUIRED_MESSAGE,
  CLASSIC_REQUIRED_MESSAGE,
  GOVERNANCE_ALLOCATIONS_MESSAGE,
  ONE_PAGE_ALREADY_SUBMITTED_MESSAGE,
  ONE_PAGE_FILL_DENIED_MESSAGE,
  ONE_PAGE_GRANT_DENIED_MESSAGE,
  ONE_PAGE_LIST_DENIED_MESSAGE,
  ONE_PAGE_NO_ACCESS_MESSAGE,
  ONE_PAGE_NOT_SUBMITTED_MESSAGE,
  ONE_PAGE_OPEN_DENIED_MESSAGE,
  ONE_PAGE_SUBMITTED_MESSAGE,
  ONE_PAGE_UNDO_DENIED_MESSAGE,
  onePageWeekOf,
} from '@domain/rules';
import {
  nextWeeklyRun,
  openWeeklyOnePages,
  startWeeklyOnePages,
  WEEKLY_ONE_PAGES_CRON,
  WEEKLY_ONE_PAGES_QUEUE,
} from '@server/modules/one-pages/weekly.job';
import { PDC_RESUME_MESSAGE } from '@server/modules/dashboards/service';
import { createTestContext, type TestContext } from '../helpers';
import { request } from '../request';

let ctx: TestContext;
let DURING: number;
let READY: number;
let SETUP: number;
const who: Record<string, number> = {};
const MONDAY = onePageWeekOf(new Date()).initialDate;
const daysFrom = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  const id = async (code: string) =>
    (await ctx.db.selectFrom('projects').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  DURING = await id('DEMO-DURING');
  READY = await id('DEMO-READY');
  SETUP = await id('DEMO-SETUP');
  for (const p of await ctx.db.selectFrom('professionals').select(['id', 'login']).execute())
    who[p.login] = p.id;
});
afterAll(() => ctx?.close());

/** The project's one-page of the week starting `monday` (this week by default). */
const pageOf = async (projectId: number, monday = MONDAY) =>
  ctx.db
    .selectFrom('onePages')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('initialDate', '=', monday)
    .executeTakeFirstOrThrow();
const lastChange = async (projectId: number, area = 'One-Page') =>
  ctx.db
    .selectFrom('projectChanges')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('area', '=', area)
    .orderBy('id', 'desc')
    .executeTakeFirst();
const kpi = async (projectId: number) =>
  (await request(ctx, 'marcos.manager').get(`/api/projects/${projectId}/kpis`)).json()
    .onePageSubmitted as boolean;
const teamRow = async (projectId: number, login: string) =>
  (
    await ctx.db
      .selectFrom('projectTeam')
      .select('id')
      .where('projectId', '=', projectId)
      .where('professionalId', '=', who[login]!)
      .executeTakeFirstOrThrow()
  ).id;

describe('GET /api/one-pages/project/{projectId} (the list)', () => {
  it('answers the rows newest first by creation, with the fields the list and the trend strip show', async () => {
    const res = await request(ctx, 'marcos.manager').get(`/api/one-pages/project/${DURING}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as OnePageListRow[];
    expect(rows.map((r) => r.initialDate)).toEqual([MONDAY, daysFrom(MONDAY, -7), daysFrom(MONDAY, -14)]);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        'createdAt',
        'endDate',
        'environmentStatus',
        'format',
        'id',
        'idSubmittedBy',
        'initialDate',
        'isDelayedSubmitted',
        'onePageProblemLevel',
        'submittedAt',
      ].sort(),
    );
    expect(rows[0]).toMatchObject({ endDate: daysFrom(MONDAY, 6), submittedAt: null, format: 2 });
    expect(rows[1]).toMatchObject({ isDelayedSubmitted: true, idSubmittedBy: who['marcos.manager'] });
    expect(rows[2]).toMatchObject({ format: 1, isDelayedSubmitted: false, environmentStatus: 1 });
  });

  it('admits the manager, the partner, members granted access, Admin, OnePage and PDC; refuses the others', async () => {
    const expected: Record<string, number> = {
      'marcos.manager': 200,
      'paula.partner': 200,
      'dora.director': 200, // isOnePageAllow
      'alice.admin': 200,
      'gil.governance': 200,
      'pedro.pdc': 200,
      'carla.consultant': 403,
      'ivan.intern': 403,
      'oscar.outsider': 403,
      'kim.knm': 403,
      'ida.idone': 403,
    };
    for (const [login, status] of Object.entries(expected))
      expect((await request(ctx, login).get(`/api/one-pages/project/${DURING}`)).statusCode, login).toBe(
        status,
      );
    expect(
      (await request(ctx, 'carla.consultant').get(`/api/one-pages/project/${DURING}`)).json().message,
    ).toBe(ONE_PAGE_NO_ACCESS_MESSAGE);
    expect(
      (await request(ctx, 'oscar.outsider').get(`/api/one-pages/project/${DURING}`)).json().message,
    ).toBe(ONE_PAGE_LIST_DENIED_MESSAGE);
    expect((await request(ctx, null).get(`/api/one-pages/project/${DURING}`)).statusCode).toBe(401);
  });

  it('404 for an unknown project, 400 for a bad id', async () => {
    expect((await request(ctx, 'alice.admin').get('/api/one-pages/project/999999')).statusCode).toBe(404);
    expect((await request(ctx, 'alice.admin').get('/api/one-pages/project/abc')).statusCode).toBe(400);
  });
});

describe('GET /api/one-pages/{id}', () => {
  it('answers the one-page with its format, the project with its team, its version and ETag', async () => {
    const page = await pageOf(DURING);
    const res = await request(ctx, 'marcos.manager').get(`/api/one-pages/${page.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as OnePageRecord;
    expect(res.headers.etag).toBe(`"${body.version}"`);
    expect(body).toMatchObject({
      id: page.id,
      format: 2,
      initialDate: MONDAY,
      submittedAt: null,
      governanceActionOption: 3,
      keyMessage: 'Diagnostic on track; client engaged.',
      project: { id: DURING },
    });
    const team = body.project!.projectTeam!;
    expect(team.map((m) => m.professional.name).sort()).toEqual(
      ['Carla Costa', 'Dora Duarte', 'Ivan Ito', 'Marcos Moura', 'Paula Pereira'].sort(),
    );
    expect(team.find((m) => m.idProfessional === who['dora.director'])!.isOnePageAllow).toBe(true);
  });

  it('opens for the manager, the partner, a granted member, Admin and OnePage; not PDC, members or outsiders', async () => {
    const page = await pageOf(DURING);
    const expected: Record<string, number> = {
      'marcos.manager': 200,
      'paula.partner': 200,
      'dora.director': 200,
      'alice.admin': 200,
      'gil.governance': 200,
      'pedro.pdc': 403,
      'carla.consultant': 403,
      'ivan.intern': 403,
      'oscar.outsider': 403,
    };
    for (const [login, status] of Object.entries(expected))
      expect((await request(ctx, login).get(`/api/one-pages/${page.id}`)).statusCode, login).toBe(status);
    expect((await request(ctx, 'ivan.intern').get(`/api/one-pages/${page.id}`)).json().message).toBe(
      ONE_PAGE_NO_ACCESS_MESSAGE,
    );
    expect((await request(ctx, 'pedro.pdc').get(`/api/one-pages/${page.id}`)).json().message).toBe(
      ONE_PAGE_OPEN_DENIED_MESSAGE,
    );
    expect((await request(ctx, 'alice.admin').get('/api/one-pages/999999')).statusCode).toBe(404);
  });
});

describe('PATCH /api/one-pages/{id} (one field)', () => {
  it('saves one field, bumps the version, honours If-Match (412 with the current one-page)', async () => {
    const page = await pageOf(DURING);
    const res = await request(ctx, 'marcos.manager').patch(
      `/api/one-pages/${page.id}`,
      { keyMessage: 'Savings model agreed.' },
      { ifMatch: `"${page.version}"` },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ keyMessage: 'Savings model agreed.', version: page.version + 1 });
    expect(res.headers.etag).toBe(`"${page.version + 1}"`);
    expect((await pageOf(DURING)).keyMessage).toBe('Savings model agreed.');
    const stale = await request(ctx, 'marcos.manager').patch(
      `/api/one-pages/${page.id}`,
      { keyMessage: 'Lost?' },
      { ifMatch: `"${page.version}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ keyMessage: 'Savings model agreed.' });
    expect((await pageOf(DURING)).keyMessage).toBe('Savings model agreed.');
  });

  it('refuses bad bodies with 400: two fields, unknown fields, out-of-range answers', async () => {
    const page = await pageOf(DURING);
    for (const body of [
      { keyMessage: 'a', teamPoint: 'b' },
      {},
      { nope: 1 },
      { environmentStatus: 0 },
      { environmentStatus: 4 },
      { needHelpFromGovernance: 3 },
      { onePageProblemLevel: 1.5 },
      { keyMessage: 12 },
    ]) {
      const res = await request(ctx, 'marcos.manager').patch(`/api/one-pages/${page.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    // 0 (Not Submitted) exists for the problem level
    expect(
      (await request(ctx, 'marcos.manager').patch(`/api/one-pages/${page.id}`, { onePageProblemLevel: 0 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await request(ctx, 'marcos.manager').patch(`/api/one-pages/${page.id}`, { onePageProblemLevel: null }))
        .statusCode,
    ).toBe(200);
  });

  it('is for the manager, the partner, Admin and OnePage; a granted member only reads', async () => {
    const page = await pageOf(DURING);
    const expected: Record<string, number> = {
      'paula.partner': 200,
      'alice.admin': 200,
      'gil.governance': 200,
      'dora.director': 403,
      'carla.consultant': 403,
      'pedro.pdc': 403,
      'oscar.outsider': 403,
    };
    for (const [login, status] of Object.entries(expected)) {
      const res = await request(ctx, login).patch(`/api/one-pages/${page.id}`, { teamPoint: `by ${login}` });
      expect(res.statusCode, login).toBe(status);
      if (status === 403) expect(res.json().message).toBe(ONE_PAGE_FILL_DENIED_MESSAGE);
    }
    expect((await pageOf(DURING)).teamPoint).toBe('by gil.governance');
  });

  it("keeps the PDC Resume comment to Admin / PDC: out of the others' answers, their writes refused (409)", async () => {
    const page = await pageOf(DURING);
    const refused = await request(ctx, 'marcos.manager').patch(`/api/one-pages/${page.id}`, {
      pdcResumeComment: 'Manager note',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PDC_RESUME_MESSAGE);
    const ok = await request(ctx, 'alice.admin').patch(`/api/one-pages/${page.id}`, {
      pdcResumeComment: 'PDC note',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().pdcResumeComment).toBe('PDC note');
    const manager = await request(ctx, 'marcos.manager').get(`/api/one-pages/${page.id}`);
    expect('pdcResumeComment' in manager.json()).toBe(false);
    const submit = await request(ctx, 'marcos.manager').patch(`/api/one-pages/${page.id}/submit`, {
      pdcResumeComment: 'Through submit',
    });
    expect(submit.statusCode).toBe(409);
    expect((await pageOf(DURING)).pdcResumeComment).toBe('PDC note');
  });
});

describe('PATCH /api/one-pages/{id}/submit and /unsubmit', () => {
  it('checklist: saves the body first, then refuses with the message and the missing fields', async () => {
    const page = await pageOf(DURING);
    expect(await kpi(DURING)).toBe(false);
    const first = await request(ctx, 'marcos.manager').patch(`/api/one-pages/${page.id}/submit`, {});
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({
      message: CHECKLIST_REQUIRED_MESSAGE,
      fields: ['onePageProblemLevel', 'environmentStatus'],
    });
    // the problem level Yellow is kept although refused; its explanation is now required
    const second = await request(ctx, 'marcos.manager').patch(`/api/one-pages/${page.id}/submit`, {
      onePageProblemLevel: 2,
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().fields).toEqual(['environmentStatus', 'projectStatusExplanation']);
    expect((await pageOf(DURING)).onePageProblemLevel).toBe(2);
    expect((await pageOf(DURING)).submittedAt).toBeNull();
    // zero counts as filled (0 Not Submitted), and still asks for the explanation (not Green)
    const zero = await request(ctx, 'marcos.manager').patch(`/api/one-pages/${page.id}/submit`, {
      onePageProblemLevel: 0,
      environmentStatus: 1,
    });
    expect(zero.json().fields).toEqual(['projectStatusExplanation']);
  });

  it('refuses people who may not fill it (403) and bad bodies (400)', async () => {
    const page = await pageOf(DURING);
    for (const login of ['dora.director', 'carla.consultant', 'ivan.intern', 'pedro.pdc', 'oscar.outsider'])
      expect(
        (await request(ctx, login).patch(`/api/one-pages/${page.id}/submit`, {})).statusCode,
        login,
      ).toBe(403);
    for (const body of [{ environmentStatus: 9 }, { keyMessage: 5 }, [1]])
      expect(
        (await request(ctx, 'marcos.manager').patch(`/api/one-pages/${page.id}/submit`, body)).statusCode,
      ).toBe(400);
    expect((await request(ctx, 'marcos.manager').patch('/api/one-pages/999999/submit', {})).statusCode).toBe(
      404,
    );
    const stale = await request(ctx, 'marcos.manager').patch(
      `/api/one-pages/${page.id}/submit`,
      { environmentStatus: 1 },
      { ifMatch: '"1"' },
    );
    expect(stale.statusCode).toBe(412);
  });

  it('submits: submittedAt, the caller, on time; history; the KPI turns true; then everything is read-only (409)', async () => {
    const page = await pageOf(DURING);
    const before = Date.now();
    const res = await request(ctx, 'marcos.manager').patch(`/api/one-pages/${page.id}/submit`, {
      onePageProblemLevel: 2,
      environmentStatus: 1,
      projectStatusExplanation: 'Client data arrives late.',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as OnePageRecord;
    expect(body).toMatchObject({
      idSubmittedBy: who['marcos.manager'],
      isDelayedSubmitted: false,
      projectStatusExplanation: 'Client data arrives late.',
    });
    expect(Date.parse(body.submittedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.headers.etag).toBe(`"${body.version}"`);
    expect((await lastChange(DURING))!.subject).toMatch(/^One-Page .+ submitted$/);
    expect(await kpi(DURING)).toBe(true);

    const again = await request(ctx, 'marcos.manager').patch(`/api/one-pages/${page.id}/submit`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ONE_PAGE_ALREADY_SUBMITTED_MESSAGE);
    const edit = await request(ctx, 'marcos.manager').patch(`/api/one-pages/${page.id}`, {
      keyMessage: 'late',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(ONE_PAGE_SUBMITTED_MESSAGE);
  });

  it('undo is for the governance scope only; it clears the submission, is recorded, and 409 when not submitted', async () => {
    const page = await pageOf(DURING);
    for (const login of [
      'marcos.manager',
      'paula.partner',
      'alice.admin',
      'dora.director',
      'oscar.outsider',
    ]) {
      const res = await request(ctx, login).patch(`/api/one-pages/${page.id}/unsubmit`);
      expect(res.statusCode, login).toBe(403);
      expect(res.json().message).toBe(ONE_PAGE_UNDO_DENIED_MESSAGE);
    }
    const res = await request(ctx, 'gil.governance').patch(`/api/one-pages/${page.id}/unsubmit`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ submittedAt: null, idSubmittedBy: null, isDelayedSubmitted: false });
    expect((await lastChange(DURING))!).toMatchObject({
      changedBy: who['gil.governance'],
      action: 'changed',
    });
    expect((await lastChange(DURING))!.subject).toMatch(/submit undone$/);
    expect(await kpi(DURING)).toBe(false);
    const again = await request(ctx, 'gil.governance').patch(`/api/one-pages/${page.id}/unsubmit`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ONE_PAGE_NOT_SUBMITTED_MESSAGE);
    expect((await request(ctx, 'gil.governance').patch('/api/one-pages/999999/unsubmit')).statusCode).toBe(
      404,
    );
    // the fields are editable again
    expect(
      (await request(ctx, 'marcos.manager').patch(`/api/one-pages/${page.id}`, { keyMessage: 'Reopened' }))
        .statusCode,
    ).toBe(200);
  });

  it("a submission after the week's Sunday (UTC) is flagged delayed", async () => {
    const last = await pageOf(DURING, daysFrom(MONDAY, -7));
    expect(
      (await request(ctx, 'gil.governance').patch(`/api/one-pages/${last.id}/unsubmit`)).statusCode,
    ).toBe(200);
    const res = await request(ctx, 'paula.partner').patch(`/api/one-pages/${last.id}/submit`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isDelayedSubmitted: true, idSubmittedBy: who['paula.partner'] });
    expect((await lastChange(DURING))!.subject).toMatch(/submitted \(delayed\)$/);
  });

  it('classic format: every value filled, then every listed allocation approved', async () => {
    const classic = await pageOf(DURING, daysFrom(MONDAY, -14));
    expect(classic.format).toBe(1);
    const undo = () => request(ctx, 'gil.governance').patch(`/api/one-pages/${classic.id}/unsubmit`);
    expect((await undo()).statusCode).toBe(200);
    expect((await request(ctx, 'marcos.manager').get(`/api/one-pages/${classic.id}`)).json().format).toBe(1);
    // an empty value
    expect(
      (await request(ctx, 'marcos.manager').patch(`/api/one-pages/${classic.id}`, { teamPoint: '  ' }))
        .statusCode,
    ).toBe(200);
    const empty = await request(ctx, 'marcos.manager').patch(`/api/one-pages/${classic.id}/submit`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: CLASSIC_REQUIRED_MESSAGE, fields: ['teamPoint'] });
    // an allocation not approved
    const carla = await ctx.db
      .selectFrom('allocationSuggestions')
      .select('id')
      .where('onePageId', '=', classic.id)
      .where('professionalId', '=', who['carla.consultant']!)
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('allocationSuggestions')
      .set({ isApproved: false })
      .where('id', '=', carla.id)
      .execute();
    const unapproved = await request(ctx, 'marcos.manager').patch(`/api/one-pages/${classic.id}/submit`, {
      teamPoint: 'Team settled.',
    });
    expect(unapproved.statusCode).toBe(400);
    expect(unapproved.json()).toMatchObject({ message: GOVERNANCE_ALLOCATIONS_MESSAGE, fields: [] });
    await ctx.db
      .updateTable('allocationSuggestions')
      .set({ isApproved: true })
      .where('id', '=', carla.id)
      .execute();
    const ok = await request(ctx, 'marcos.manager').patch(`/api/one-pages/${classic.id}/submit`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ teamPoint: 'Team settled.', isDelayedSubmitted: true });
  });

  it("DEMO-READY's week is submitted: the KPI reads true", async () => {
    expect((await pageOf(READY)).submittedAt).not.toBeNull();
    expect(await kpi(READY)).toBe(true);
  });
});

describe('PATCH /api/projects/{id}/project-team/grant/{teamMemberId}', () => {
  it("toggles a member's access: Carla opens the one-page once granted, never fills it; history", async () => {
    const page = await pageOf(DURING);
    const carlaRow = await teamRow(DURING, 'carla.consultant');
    expect((await request(ctx, 'carla.consultant').get(`/api/one-pages/${page.id}`)).statusCode).toBe(403);
    const granted = await request(ctx, 'marcos.manager').patch(
      `/api/projects/${DURING}/project-team/grant/${carlaRow}`,
    );
    expect(granted.statusCode).toBe(200);
    expect(granted.json() as TeamMember).toMatchObject({
      id: carlaRow,
      idProfessional: who['carla.consultant'],
      isOnePageAllow: true,
      professional: { name: 'Carla Costa' },
    });
    expect((await lastChange(DURING, 'One-Page access'))!.subject).toBe('Access granted to Carla Costa');
    expect((await request(ctx, 'carla.consultant').get(`/api/one-pages/${page.id}`)).statusCode).toBe(200);
    expect((await request(ctx, 'carla.consultant').get(`/api/one-pages/project/${DURING}`)).statusCode).toBe(
      200,
    );
    expect(
      (await request(ctx, 'carla.consultant').patch(`/api/one-pages/${page.id}`, { keyMessage: 'x' }))
        .statusCode,
    ).toBe(403);
    const revoked = await request(ctx, 'paula.partner').patch(
      `/api/projects/${DURING}/project-team/grant/${carlaRow}`,
    );
    expect(revoked.json().isOnePageAllow).toBe(false);
    expect((await lastChange(DURING, 'One-Page access'))!.subject).toBe('Access revoked from Carla Costa');
    expect((await request(ctx, 'carla.consultant').get(`/api/one-pages/${page.id}`)).statusCode).toBe(403);
  });

  it('is for the manager, the partner, Admin and OnePage; 404 for a member of another project', async () => {
    const ivanRow = await teamRow(DURING, 'ivan.intern');
    const expected: Record<string, number> = {
      'carla.consultant': 403,
      'dora.director': 403,
      'pedro.pdc': 403,
      'oscar.outsider': 403,
      'alice.admin': 200,
      'gil.governance': 200,
    };
    for (const [login, status] of Object.entries(expected)) {
      const res = await request(ctx, login).patch(`/api/projects/${DURING}/project-team/grant/${ivanRow}`);
      expect(res.statusCode, login).toBe(status);
      if (status === 403) expect(res.json().message).toBe(ONE_PAGE_GRANT_DENIED_MESSAGE);
    }
    const other = await teamRow(SETUP, 'ivan.intern');
    expect(
      (await request(ctx, 'marcos.manager').patch(`/api/projects/${DURING}/project-team/grant/${other}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await request(ctx, 'marcos.manager').patch(`/api/projects/999999/project-team/grant/${ivanRow}`))
        .statusCode,
    ).toBe(404);
    // the manager's and partners' access comes from their role: the flag is not theirs to toggle
    const marcosRow = await teamRow(DURING, 'marcos.manager');
    const own = await request(ctx, 'alice.admin').patch(
      `/api/projects/${DURING}/project-team/grant/${marcosRow}`,
    );
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe("The project's manager and partners always have access to One-Page");
  });
});

describe('the weekly job', () => {
  const nextMonday = daysFrom(MONDAY, 7);
  const at = new Date(`${nextMonday}T00:05:00Z`);

  it("opens next week's draft (format 2, Monday–Sunday) for every project in During, once", async () => {
    const during = (
      await ctx.db.selectFrom('projects').select('id').where('idStatus', '=', 3).orderBy('id').execute()
    ).map((p) => p.id);
    expect(during).toContain(DURING);
    const r = await openWeeklyOnePages(ctx.db, at);
    expect(r).toEqual({ week: nextMonday, created: during.length });
    const pages = await ctx.db
      .selectFrom('onePages')
      .selectAll()
      .where('initialDate', '=', nextMonday)
      .orderBy('projectId')
      .execute();
    expect(pages.map((p) => p.projectId)).toEqual(during);
    for (const p of pages)
      expect(p).toMatchObject({ format: 2, endDate: daysFrom(nextMonday, 6), submittedAt: null });
    expect(pages.some((p) => p.projectId === SETUP)).toBe(false);
    // idempotent: a second run (another replica, a retry, the run at start) creates nothing
    expect(await openWeeklyOnePages(ctx.db, new Date(at.getTime() + 3600_000))).toEqual({
      week: nextMonday,
      created: 0,
    });
  });

  it("copies each active team member's suggestion of the previous week, or 0; the table lists those with allocation", async () => {
    const page = await pageOf(DURING, nextMonday);
    const rows = await ctx.db
      .selectFrom('allocationSuggestions as s')
      .innerJoin('professionals as p', 'p.id', 's.professionalId')
      .select(['p.login', 's.totalDays', 's.practiceId', 's.id'])
      .where('s.onePageId', '=', page.id)
      .orderBy('p.login')
      .execute();
    expect(rows.map((r) => r.login)).toEqual([
      'carla.consultant',
      'dora.director',
      'ivan.intern',
      'marcos.manager',
      'paula.partner',
    ]);
    const days = Object.fromEntries(rows.map((r) => [r.login, Number(r.totalDays)]));
    expect(days['paula.partner']).toBe(1.25);
    expect(days['marcos.manager']).toBe(0);
    expect(rows.find((r) => r.login === 'paula.partner')!.practiceId).toBe(7);
    expect(page.hasAllocation).toBe(true);
    const table = await request(ctx, 'marcos.manager').get(
      `/api/project-allocation-suggestions/one-page/${page.id}`,
    );
    expect(table.statusCode).toBe(200);
    const paula = table
      .json()
      .suggestions.find((s: { idProfessional: number }) => s.idProfessional === who['paula.partner']);
    expect(paula).toMatchObject({
      totalDays: 1.25,
      nextAllocations: [{ totalDays: 0.75 }, { totalDays: 0.5 }],
    });
    expect(table.json().infoMessage).toContain('Marcos Moura (no allocation');
  });

  it('registers its worker, the Monday 00:05 UTC schedule and a run at start; the worker opens the week', async () => {
    const calls: string[] = [];
    let handler: ((data: unknown) => Promise<void>) | undefined;
    const jobs = {
      work: async (name: string, h: (data: unknown) => Promise<void>) => {
        calls.push(`work ${name}`);
        handler = h;
      },
      send: async (name: string, data: object) => {
        calls.push(`send ${name} ${JSON.stringify(data)}`);
        return 'id';
      },
      schedule: async (name: string, cron: string) => {
        calls.push(`schedule ${name} ${cron}`);
      },
    };
    await startWeeklyOnePages(jobs as never, ctx.db);
    expect(calls).toEqual([
      `work ${WEEKLY_ONE_PAGES_QUEUE}`,
      `schedule ${WEEKLY_ONE_PAGES_QUEUE} ${WEEKLY_ONE_PAGES_CRON}`,
      `send ${WEEKLY_ONE_PAGES_QUEUE} {"reason":"start"}`,
    ]);
    await handler!({});
    // this week exists everywhere already: nothing new
    expect(await pageOf(DURING)).toBeDefined();

    // without a cron schedule on the adapter the worker defers the next Monday's run
    const sent: { data: object; opts?: { startAfter?: Date } }[] = [];
    const plain = {
      work: jobs.work,
      send: async (_n: string, data: object, opts?: { startAfter?: Date }) => {
        sent.push({ data, opts });
        return 'id';
      },
    };
    await startWeeklyOnePages(plain as never, ctx.db);
    await handler!({});
    expect(sent[1]!.opts!.startAfter).toEqual(nextWeeklyRun(new Date()));
  });

  it('nextWeeklyRun is the next Monday 00:05 UTC', () => {
    expect(nextWeeklyRun(new Date('2026-01-05T00:04:00Z')).toISOString()).toBe('2026-01-05T00:05:00.000Z');
    expect(nextWeeklyRun(new Date('2026-01-05T00:05:00Z')).toISOString()).toBe('2026-01-12T00:05:00.000Z');
    expect(nextWeeklyRun(new Date('2026-01-11T23:59:00Z')).toISOString()).toBe('2026-01-12T00:05:00.000Z');
  });
});

describe('the weekly job on the real queue (pg-boss)', () => {
  it('runs at start through the queue and defers the next Monday run once, whatever the restarts', async () => {
    const { openTestDatabase } = await import('../helpers');
    const { migrateToLatest } = await import('@server/db/migrate');
    const { seedDemo } = await import('@server/db/seed');
    const { createJobs } = await import('@server/adapters/jobs');
    const { sql } = await import('kysely');
    const handle = await openTestDatabase();
    const quiet = { warn: () => undefined, error: () => undefined };
    const jobs = createJobs({
      kind: handle.kind,
      db: handle.db,
      connectionString: handle.connectionString,
      pglite: handle.pglite,
      pollIntervalMs: 500,
      log: quiet,
    });
    try {
      await migrateToLatest(handle.db);
      await seedDemo(handle.db, { projects: 0 });
      // a During project without this week's one-page
      const p = await handle.db
        .selectFrom('projects')
        .select('id')
        .where('code', '=', 'DEMO-BRAZIL')
        .executeTakeFirstOrThrow();
      await handle.db
        .deleteFrom('onePages')
        .where('projectId', '=', p.id)
        .where('initialDate', '=', MONDAY)
        .execute();
      await jobs.start();
      await startWeeklyOnePages(jobs, handle.db);
      const end = Date.now() + 15_000;
      let created: unknown;
      while (!created && Date.now() < end) {
        created = await handle.db
          .selectFrom('onePages')
          .select('id')
          .where('projectId', '=', p.id)
          .where('initialDate', '=', MONDAY)
          .executeTakeFirst();
        if (!created) await new Promise((r) => setTimeout(r, 100));
      }
      expect(created).toBeDefined();
      // a second start (a restart, another replica): still one deferred run for next Monday
      await startWeeklyOnePages(jobs, handle.db);
      const deferred = async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from pgboss.job
            where name = ${WEEKLY_ONE_PAGES_QUEUE} and start_after >= ${nextWeeklyRun(new Date())}`.execute(
            handle.db,
          )
        ).rows[0]!.n;
      const completed = async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from pgboss.job
            where name = ${WEEKLY_ONE_PAGES_QUEUE} and state = 'completed'`.execute(handle.db)
        ).rows[0]!.n;
      const until = Date.now() + 20_000;
      while ((await completed()) < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(await completed()).toBe(2);
      expect(await deferred()).toBe(1);
    } finally {
      await jobs.stop({ timeoutMs: 2000 });
      await handle.close();
    }
  }, 60_000);
});
