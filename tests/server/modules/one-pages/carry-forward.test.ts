/**
 * Start from last week on a one-page: POST /api/one-pages/{id}/carry-forward copies the fields of a submitted
 * one-page of an earlier week of the project onto a draft (kept or replaced where filled), marks them carried,
 * and the marks go when a field is PATCHed, confirmed (PATCH …/confirm-carried) or the one-page is submitted.
 * With the refusals: 412 stale, 409 submitted target or draft source, 400 a source of another project, of a later
 * week or a bad body, 403 for those who may not fill.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OnePageFields, type OnePageRecord } from '@domain/contract';
import {
  CARRY_SOURCE_NOT_EARLIER_MESSAGE,
  CARRY_SOURCE_NOT_SUBMITTED_MESSAGE,
  CHECKLIST_FORM_FIELDS,
  CLASSIC_FIELDS,
  ONE_PAGE_FILL_DENIED_MESSAGE,
  ONE_PAGE_SUBMITTED_MESSAGE,
  carrySourceUnknownMessage,
} from '@domain/rules';
import { createTestContext, demoIds, type TestContext } from '../../helpers';
import { request } from '../../request';

let ctx: TestContext;
let DURING: number;
let READY: number;
/** DEMO-DURING's one-pages: this week's draft, last week's and the one before (submitted). */
let THIS: number;
let LAST: number;
let OLDER: number;
/** DEMO-READY's last week (submitted): a one-page of another project. */
let FOREIGN: number;

const FIELD_NAMES = Object.keys(OnePageFields) as (keyof typeof OnePageFields)[];
/** Every one-page field empty (the allocation flag kept as it is). */
const EMPTY = Object.fromEntries(FIELD_NAMES.filter((f) => f !== 'hasAllocation').map((f) => [f, null]));

/** Last week's answers: every field of both forms, and the dashboard's comments. */
const LAST_WEEK = {
  onePageProblemLevel: 2,
  projectStatusExplanation: 'Client data late',
  environmentStatus: 1,
  projectEnvironmentExplanation: 'Sponsor engaged',
  needHelpFromGovernance: 2,
  needHelpFromGovernanceExplanation: 'Not now',
  riskOfDelay: 3,
  riskOfDelayExplanation: 'One week if the data slips',
  solutionReadiness: 2,
  solutionReadinessExplanation: 'Both clear',
  changeProjectStatus: 1,
  changeProjectStatusExplanation: 'No change',
  keyMessage: 'Diagnostic on track',
  deliveryFocusNextWeek: 'Savings model',
  weeklyStatus: 1,
  integrationIdentity: 1,
  integrationIdentityExplanation: 'Team integrated',
  properAttention: 2,
  properAttentionExplanation: 'More CFO time',
  teamIssue: 2,
  teamIssueExplanation: 'None',
  dnaProf: 1,
  dnaTec: 2,
  teamPoint: 'Ivan pairs with Carla',
  governanceActionOption: 2,
  governanceAction: 'None needed',
  governanceAllocation: 'Keep the current allocation',
  methodInternal: 'Monday team review',
  methodExternal: 'Steering committee every two weeks',
  // never carried: the dashboard's comments
  coManagementComment: 'Co-management note',
  executiveBoardComment: 'Board note',
  executiveResumeComment: 'Resume note',
  pdcResumeComment: 'PDC note',
};

beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  const ids = await demoIds(ctx.db);
  DURING = ids.project['DEMO-DURING']!;
  READY = ids.project['DEMO-READY']!;
  const pages = async (projectId: number) =>
    (
      await ctx.db
        .selectFrom('onePages')
        .select('id')
        .where('projectId', '=', projectId)
        .orderBy('initialDate', 'desc')
        .execute()
    ).map((r) => r.id);
  [THIS, LAST, OLDER] = (await pages(DURING)) as [number, number, number];
  FOREIGN = (await pages(READY))[1]!;
});
afterAll(() => ctx?.close());

const row = (id: number) =>
  ctx.db.selectFrom('onePages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const set = (id: number, values: Record<string, unknown>) =>
  ctx.db.updateTable('onePages').set(values).where('id', '=', id).execute();

/** This week's draft, blank (checklist format); last week's submitted with LAST_WEEK. */
beforeEach(async () => {
  await set(THIS, { ...EMPTY, format: 2, submittedAt: null, submittedById: null, carriedFields: [] });
  await set(LAST, { ...LAST_WEEK, format: 2, submittedAt: new Date(), submittedById: 6 });
});

const carry = (
  body: unknown,
  { login = 'marcos.manager', id = THIS, ifMatch }: { login?: string; id?: number; ifMatch?: string } = {},
) => request(ctx, login).post(`/api/one-pages/${id}/carry-forward`, body, ifMatch ? { ifMatch } : {});
const etagOf = async (id = THIS) => `"${(await row(id)).version}"`;

describe('POST /api/one-pages/{id}/carry-forward', () => {
  it('fills every field of the checklist form from last week, marks them carried, version + 1 with its ETag', async () => {
    const before = await row(THIS);
    const suggestions = await ctx.db
      .selectFrom('allocationSuggestions')
      .selectAll()
      .where('onePageId', '=', THIS)
      .orderBy('id')
      .execute();
    const res = await carry({ sourceId: LAST, replace: false }, { ifMatch: `"${before.version}"` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as OnePageRecord;
    expect(body.version).toBe(before.version + 1);
    expect(res.headers.etag).toBe(`"${before.version + 1}"`);
    const expected = Object.fromEntries(
      CHECKLIST_FORM_FIELDS.map((f) => [f, LAST_WEEK[f as keyof typeof LAST_WEEK]]),
    );
    expect(body).toMatchObject(expected);
    expect(body.carriedFields).toEqual([...CHECKLIST_FORM_FIELDS]);
    // not the classic form's methods, not the dashboard's comments, not the allocation flag
    expect(body).toMatchObject({
      methodInternal: null,
      methodExternal: null,
      coManagementComment: null,
      executiveBoardComment: null,
      executiveResumeComment: null,
      hasAllocation: before.hasAllocation,
    });
    expect(body.pdcResumeComment).toBeUndefined(); // Marcos sees no PDC comment (002 §2.5)
    const stored = await row(THIS);
    expect(stored).toMatchObject({ ...expected, pdcResumeComment: null, submittedAt: null });
    expect(stored.carriedFields).toEqual([...CHECKLIST_FORM_FIELDS]);
    // the week's allocation suggestions are its own: untouched
    expect(
      await ctx.db
        .selectFrom('allocationSuggestions')
        .selectAll()
        .where('onePageId', '=', THIS)
        .orderBy('id')
        .execute(),
    ).toEqual(suggestions);
    // one history line
    const changes = await ctx.db
      .selectFrom('projectChanges')
      .selectAll()
      .where('projectId', '=', DURING)
      .where('area', '=', 'One-Page')
      .where('changedAt', '>=', before.updatedAt)
      .orderBy('id', 'desc')
      .execute();
    expect(changes[0]).toMatchObject({ action: 'changed', changedBy: 6 });
    expect(changes[0]!.subject).toMatch(
      new RegExp(`^One-Page .+ started from One-Page .+ \\(${CHECKLIST_FORM_FIELDS.length} fields\\)$`),
    );
  });

  it('keeps the fields filled this week unless replace; a field already as last week is left unmarked', async () => {
    await set(THIS, { keyMessage: 'This week: kick-off', riskOfDelay: 1, onePageProblemLevel: 2 });
    const kept = await carry({ sourceId: LAST, replace: false });
    expect(kept.statusCode).toBe(200);
    const k = kept.json() as OnePageRecord;
    expect(k).toMatchObject({
      keyMessage: 'This week: kick-off',
      riskOfDelay: 1,
      onePageProblemLevel: 2,
      deliveryFocusNextWeek: 'Savings model',
    });
    expect(k.carriedFields).not.toContain('keyMessage');
    expect(k.carriedFields).not.toContain('riskOfDelay');
    expect(k.carriedFields).not.toContain('onePageProblemLevel'); // same as last week: nothing to mark
    expect(k.carriedFields).toContain('deliveryFocusNextWeek');
    expect(k.carriedFields).toHaveLength(CHECKLIST_FORM_FIELDS.length - 3);

    const replaced = await carry({ sourceId: LAST, replace: true });
    const r = replaced.json() as OnePageRecord;
    expect(r).toMatchObject({ keyMessage: 'Diagnostic on track', riskOfDelay: 3, onePageProblemLevel: 2 });
    // the marks of the first carry stay, the replaced fields join them (form order)
    expect(r.carriedFields).toEqual(CHECKLIST_FORM_FIELDS.filter((f) => f !== 'onePageProblemLevel'));
    expect(r.version).toBe(k.version + 1);
  });

  it('a field empty last week is not written: this week keeps its own', async () => {
    await set(LAST, { teamPoint: null, governanceAllocation: '  ' });
    await set(THIS, { teamPoint: 'Ours' });
    const res = await carry({ sourceId: LAST, replace: true });
    const body = res.json() as OnePageRecord;
    expect(body.teamPoint).toBe('Ours');
    expect(body.governanceAllocation).toBeNull();
    expect(body.carriedFields).not.toContain('teamPoint');
    expect(body.carriedFields).not.toContain('governanceAllocation');
  });

  it('onto a classic one-page: every field of the classic form, and only those', async () => {
    await set(THIS, { format: 1 });
    const res = await carry({ sourceId: LAST, replace: false });
    expect(res.statusCode).toBe(200);
    const body = res.json() as OnePageRecord;
    expect(body.carriedFields).toEqual([...CLASSIC_FIELDS]);
    expect(body).toMatchObject({ methodInternal: 'Monday team review', teamPoint: 'Ivan pairs with Carla' });
    expect(body).toMatchObject({ riskOfDelay: null, dnaProf: null, governanceAllocation: null });
  });

  it('from an older one-page than last week: any submitted one-page of an earlier week of the project', async () => {
    await set(OLDER, { keyMessage: 'Two weeks ago', submittedAt: new Date() });
    const res = await carry({ sourceId: OLDER, replace: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ keyMessage: 'Two weeks ago' });
  });

  it('nothing to take (this week already as last week): nothing written, the record as it is', async () => {
    await set(THIS, Object.fromEntries(CHECKLIST_FORM_FIELDS.map((f) => [f, LAST_WEEK[f]])));
    const before = await row(THIS);
    const res = await carry({ sourceId: LAST, replace: true }, { ifMatch: `"${before.version}"` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: before.version, carriedFields: [] });
    expect((await row(THIS)).version).toBe(before.version);
  });

  it('stale If-Match: 412 with the current record, nothing written; without If-Match it works', async () => {
    const before = await row(THIS);
    const stale = await carry({ sourceId: LAST, replace: false }, { ifMatch: `"${before.version - 1}"` });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ statusCode: 412, error: 'Precondition Failed' });
    expect(stale.json().current).toMatchObject({ id: THIS, version: before.version, keyMessage: null });
    expect(stale.headers.etag).toBe(`"${before.version}"`);
    expect(await row(THIS)).toMatchObject({ version: before.version, keyMessage: null, carriedFields: [] });
    // as every one-page write: without If-Match the write goes through (the firm's other clients send none)
    const none = await carry({ sourceId: LAST, replace: false });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ version: before.version + 1, keyMessage: 'Diagnostic on track' });
    // a header that is no entity tag: 400
    const bad = await carry({ sourceId: LAST, replace: false }, { ifMatch: 'three' });
    expect(bad.statusCode).toBe(400);
  });

  it('a submitted one-page: 409, nothing written', async () => {
    await set(THIS, { submittedAt: new Date(), submittedById: 6 });
    const version = (await row(THIS)).version;
    const res = await carry({ sourceId: LAST, replace: false }, { ifMatch: `"${version}"` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: ONE_PAGE_SUBMITTED_MESSAGE });
    expect(await row(THIS)).toMatchObject({ version, keyMessage: null });
  });

  it('a source of another project or none: 400 with the reason', async () => {
    for (const sourceId of [FOREIGN, 999_999]) {
      const res = await carry({ sourceId, replace: false });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: carrySourceUnknownMessage(sourceId),
      });
    }
    expect(await row(THIS)).toMatchObject({ keyMessage: null, carriedFields: [] });
  });

  it('a source not submitted: 409', async () => {
    await set(LAST, { submittedAt: null, submittedById: null });
    const res = await carry({ sourceId: LAST, replace: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CARRY_SOURCE_NOT_SUBMITTED_MESSAGE);
    expect(await row(THIS)).toMatchObject({ keyMessage: null });
  });

  it('a source of the same or a later week: 400', async () => {
    // this week's one-page submitted, last week's a draft again: this week is no earlier one to start from
    await set(THIS, { ...LAST_WEEK, submittedAt: new Date(), submittedById: 6 });
    await set(LAST, { ...EMPTY, submittedAt: null, submittedById: null, carriedFields: [] });
    const later = await carry({ sourceId: THIS, replace: false }, { id: LAST });
    expect(later.statusCode).toBe(400);
    expect(later.json().message).toBe(CARRY_SOURCE_NOT_EARLIER_MESSAGE);
    const itself = await carry({ sourceId: LAST, replace: false }, { id: LAST });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().message).toBe(CARRY_SOURCE_NOT_EARLIER_MESSAGE);
    expect(await row(LAST)).toMatchObject({ keyMessage: null, carriedFields: [] });
  });

  it('refuses those who may not fill the one-page (403) and writes nothing; Admin and OnePage may', async () => {
    for (const login of ['dora.director', 'carla.consultant', 'ivan.intern', 'oscar.outsider', 'pedro.pdc']) {
      const res = await carry({ sourceId: LAST, replace: false }, { login });
      expect(res.statusCode, login).toBe(403);
      expect(res.json().message, login).toBe(ONE_PAGE_FILL_DENIED_MESSAGE);
    }
    expect(await row(THIS)).toMatchObject({ keyMessage: null, carriedFields: [] });
    for (const login of ['alice.admin', 'gil.governance', 'paula.partner']) {
      await set(THIS, { ...EMPTY, carriedFields: [] });
      const res = await carry({ sourceId: LAST, replace: false }, { login });
      expect(res.statusCode, login).toBe(200);
    }
  });

  it('a bad body: 400 in the one error shape, nothing written', async () => {
    for (const body of [
      {},
      { sourceId: LAST },
      { replace: true },
      { sourceId: 'x', replace: false },
      { sourceId: 0, replace: false },
      { sourceId: -3, replace: false },
      { sourceId: 1.5, replace: false },
      { sourceId: 2147483648, replace: false },
      { sourceId: LAST, replace: 'yes' },
      [],
      null,
    ]) {
      const res = await carry(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    expect(await row(THIS)).toMatchObject({ keyMessage: null, carriedFields: [] });
  });
});

describe('the carried marks', () => {
  it('GET answers them; a PATCH of a field takes its mark off; confirm takes some or all; the values stay', async () => {
    await carry({ sourceId: LAST, replace: false });
    const read = await request(ctx, 'dora.director').get(`/api/one-pages/${THIS}`); // another reader sees them
    expect(read.json().carriedFields).toEqual([...CHECKLIST_FORM_FIELDS]);

    const patched = await request(ctx, 'marcos.manager').patch(
      `/api/one-pages/${THIS}`,
      { keyMessage: 'Edited this week' },
      { ifMatch: await etagOf() },
    );
    expect(patched.statusCode).toBe(200);
    expect(patched.json().carriedFields).toEqual(CHECKLIST_FORM_FIELDS.filter((f) => f !== 'keyMessage'));
    expect(patched.json().keyMessage).toBe('Edited this week');

    const one = await request(ctx, 'marcos.manager').patch(
      `/api/one-pages/${THIS}/confirm-carried`,
      { fields: ['riskOfDelay', 'teamPoint'] },
      { ifMatch: await etagOf() },
    );
    expect(one.statusCode).toBe(200);
    expect(one.json().carriedFields).toEqual(
      CHECKLIST_FORM_FIELDS.filter((f) => !['keyMessage', 'riskOfDelay', 'teamPoint'].includes(f)),
    );
    expect(one.json()).toMatchObject({ riskOfDelay: 3, teamPoint: 'Ivan pairs with Carla' });
    expect(one.headers.etag).toBe(`"${one.json().version}"`);

    const all = await request(ctx, 'marcos.manager').patch(
      `/api/one-pages/${THIS}/confirm-carried`,
      undefined,
      {
        ifMatch: await etagOf(),
      },
    );
    expect(all.statusCode).toBe(200);
    expect(all.json().carriedFields).toEqual([]);
    expect(all.json()).toMatchObject({ deliveryFocusNextWeek: 'Savings model' });
    expect((await row(THIS)).carriedFields).toEqual([]);
  });

  it('the Weekly Edit of supervision takes the marks off the fields it writes, and all of them when it submits', async () => {
    await carry({ sourceId: LAST, replace: false });
    const admin = request(ctx, 'alice.admin');
    const edited = await admin.patch(`/api/projects/${DURING}/priority`, { onePageProblemLevel: 3 });
    expect(edited.statusCode).toBe(200);
    const after = await row(THIS);
    expect(after.onePageProblemLevel).toBe(3);
    expect(after.carriedFields).toEqual(
      CHECKLIST_FORM_FIELDS.filter((f) => f !== 'onePageProblemLevel' && f !== 'environmentStatus'),
    );
    const submitted = await admin.patch(`/api/projects/${DURING}/priority`, { isSubmitted: true });
    expect(submitted.statusCode).toBe(200);
    expect((await row(THIS)).carriedFields).toEqual([]);
  });

  it('carried values count as filled: submit succeeds and clears the marks', async () => {
    await carry({ sourceId: LAST, replace: false });
    const res = await request(ctx, 'marcos.manager').patch(`/api/one-pages/${THIS}/submit`, undefined, {
      ifMatch: await etagOf(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ carriedFields: [], keyMessage: 'Diagnostic on track' });
    expect(res.json().submittedAt).not.toBeNull();
    expect((await row(THIS)).carriedFields).toEqual([]);
  });

  it('a refused submit keeps the marks of the fields it did not change', async () => {
    await carry({ sourceId: LAST, replace: false });
    await set(THIS, { weeklyStatus: null });
    const res = await request(ctx, 'marcos.manager').patch(`/api/one-pages/${THIS}/submit`, {
      keyMessage: 'Typed before the submit',
    });
    expect(res.statusCode).toBe(400);
    const stored = await row(THIS);
    expect(stored.keyMessage).toBe('Typed before the submit');
    expect(stored.carriedFields).not.toContain('keyMessage');
    expect(stored.carriedFields).toContain('deliveryFocusNextWeek');
  });

  it('confirm: 412 stale, 409 once submitted, 400 an unknown field, 403 for those who may not fill', async () => {
    await carry({ sourceId: LAST, replace: false });
    const url = `/api/one-pages/${THIS}/confirm-carried`;
    const version = (await row(THIS)).version;
    const stale = await request(ctx, 'marcos.manager').patch(url, {}, { ifMatch: `"${version - 1}"` });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current.carriedFields).toHaveLength(CHECKLIST_FORM_FIELDS.length);
    for (const body of [{ fields: ['nope'] }, { fields: [] }, { fields: 'keyMessage' }]) {
      const bad = await request(ctx, 'marcos.manager').patch(url, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    const denied = await request(ctx, 'dora.director').patch(url, {});
    expect(denied.statusCode).toBe(403);
    expect((await row(THIS)).carriedFields).toHaveLength(CHECKLIST_FORM_FIELDS.length);
    await set(THIS, { submittedAt: new Date(), submittedById: 6 });
    const submitted = await request(ctx, 'marcos.manager').patch(url, {});
    expect(submitted.statusCode).toBe(409);
    expect(submitted.json().message).toBe(ONE_PAGE_SUBMITTED_MESSAGE);
  });
});
