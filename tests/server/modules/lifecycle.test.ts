import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers';
import { request } from '../request';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

const put = (login: string, id: number, idStatus: unknown) =>
  request(ctx, login).put(`/api/projects/${id}/status`, { idStatus });
const statusOf = async (id: number) =>
  (await ctx.db.selectFrom('projects').select('idStatus').where('id', '=', id).executeTakeFirstOrThrow())
    .idStatus;
const history = async (id: number) =>
  ctx.db.selectFrom('projectStatusHistory').selectAll().where('projectId', '=', id).orderBy('id').execute();

describe('PUT /api/projects/{id}/status — forward', () => {
  it('the manager forwards DEMO-DRAFT 1→2 and the change is recorded', async () => {
    const res = await put('marcos.manager', 1, 2);
    expect(res.statusCode).toBe(200);
    expect(await statusOf(1)).toBe(2);
    const h = await history(1);
    expect(h[h.length - 1]).toMatchObject({ fromStatus: 1, toStatus: 2, changedBy: 6 });
    const api = (
      await ctx.app.inject({
        url: '/api/projects/1/status-history',
        headers: await ctx.auth('marcos.manager'),
      })
    ).json();
    expect(api[0]).toMatchObject({ fromStatus: 1, toStatus: 2, changedBy: 'Marcos Moura' });
  });

  it('refuses a skipped step with 409 and changes nothing', async () => {
    const before = (await history(2)).length;
    const res = await put('marcos.manager', 2, 4);
    expect(res.statusCode).toBe(409);
    expect(await statusOf(2)).toBe(2);
    expect((await history(2)).length).toBe(before);
  });

  it('refuses 3→4 on DEMO-DURING while Ivan Ito misses his assessment', async () => {
    const res = await put('paula.partner', 3, 4);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Ivan Ito');
    expect(await statusOf(3)).toBe(3);
  });

  it('allows 3→4 on DEMO-READY', async () => {
    expect((await put('paula.partner', 4, 4)).statusCode).toBe(200);
    expect(await statusOf(4)).toBe(4);
  });

  it('refuses 4→5 on DEMO-CLOSURE (close-out form incomplete)', async () => {
    const res = await put('marcos.manager', 5, 5);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Complete the Close-out Form to Finish the Project');
    expect(await statusOf(5)).toBe(4);
  });

  it('closes DEMO-CLOSEOUT 4→5, sets closedAt and e-mails Knowledge Management', async () => {
    expect((await put('marcos.manager', 6, 5)).statusCode).toBe(200);
    const p = await ctx.db
      .selectFrom('projects')
      .select(['idStatus', 'closedAt'])
      .where('id', '=', 6)
      .executeTakeFirstOrThrow();
    expect(p.idStatus).toBe(5);
    expect(p.closedAt).not.toBeNull();
    const mail = await ctx.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('subject', '=', 'Close project DEMO-CLOSEOUT')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.toAddress).toBe(ctx.config.knowledgeManagementEmail);
  });

  it('refuses members, outsiders and non-admin scopes with 403; nothing at 5 or 6', async () => {
    for (const login of ['carla.consultant', 'oscar.outsider', 'gil.governance', 'kim.knm']) {
      expect((await put(login, 2, 3)).statusCode, login).toBe(403);
    }
    expect(await statusOf(2)).toBe(2);
    expect((await put('marcos.manager', 7, 6)).statusCode).toBe(409);
    expect((await put('marcos.manager', 8, 7)).statusCode).toBe(400);
  });

  it('validates the body', async () => {
    for (const bad of [0, 9, 'During', null]) {
      const res = await put('alice.admin', 2, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/idStatus/);
    }
    expect((await put('alice.admin', 999999, 3)).statusCode).toBe(404);
  });
});

describe('PUT /api/projects/{id}/status — admin dialog', () => {
  it('Admin sets any of Setup, During, Closure, Closed or Paused, even skipping', async () => {
    expect((await put('alice.admin', 8, 3)).statusCode).toBe(200);
    expect(await statusOf(8)).toBe(3);
    expect((await put('alice.admin', 8, 6)).statusCode).toBe(200);
    expect(await statusOf(8)).toBe(6);
    expect((await put('alice.admin', 8, 1)).statusCode).toBe(400); // Draft is not offered
  });
});

describe('KPIs and Learning and Development', () => {
  it('computes the week overview from the records', async () => {
    const res = await ctx.app.inject({
      url: '/api/projects/3/kpis',
      headers: await ctx.auth('carla.consultant'),
    });
    expect(res.statusCode).toBe(200);
    const k = res.json();
    expect(k).toEqual({
      onePageSubmitted: false,
      weeklyStatusSubmitted: expect.any(Boolean),
      hasProfessionalDNA: expect.any(Boolean),
      hasTechDNA: expect.any(Boolean),
      evaluationManagementFulfilled: false,
    });
    // submitting this week's one-page turns the card green
    await ctx.db
      .updateTable('onePages')
      .set({ submittedAt: new Date() })
      .where('projectId', '=', 3)
      .where('submittedAt', 'is', null)
      .execute();
    await ctx.db
      .updateTable('projectEvaluations')
      .set({ evaluationStatus: 'Completed' })
      .where('projectId', '=', 3)
      .execute();
    const after = (
      await ctx.app.inject({ url: '/api/projects/3/kpis', headers: await ctx.auth('carla.consultant') })
    ).json();
    expect(after.onePageSubmitted).toBe(true);
    expect(after.evaluationManagementFulfilled).toBe(true);
  });

  it('saves one field at a time for the partner or manager, Admin or OnePage; 403 for others', async () => {
    const patch = (login: string, payload: unknown) =>
      request(ctx, login).patch('/api/projects/3/training-development', payload);
    expect((await patch('marcos.manager', { tdOportunity: true })).json()).toMatchObject({
      tdOportunity: true,
    });
    expect((await patch('gil.governance', { text: 'Shadow the partner' })).json()).toMatchObject({
      text: 'Shadow the partner',
      tdOportunity: true,
    });
    expect((await patch('carla.consultant', { text: 'x' })).statusCode).toBe(403);
    const bad = await patch('marcos.manager', { tdOportunity: true, text: 'both' });
    expect(bad.statusCode).toBe(400);
    const p = (
      await ctx.app.inject({ url: '/api/projects/3', headers: await ctx.auth('carla.consultant') })
    ).json();
    expect(p.projectTrainingDevelopment).toEqual({
      tdOportunity: true,
      text: 'Shadow the partner',
      version: 3,
    });
  });
});

describe('mail outbox', () => {
  it('is visible to Admin only', async () => {
    const ok = await ctx.app.inject({ url: '/api/mail-outbox', headers: await ctx.auth('alice.admin') });
    expect(ok.statusCode).toBe(200);
    expect(Number(ok.headers['x-total'])).toBeGreaterThan(0);
    expect(ok.json()[0]).toHaveProperty('subject');
    expect(
      (await ctx.app.inject({ url: '/api/mail-outbox', headers: await ctx.auth('kim.knm') })).statusCode,
    ).toBe(403);
  });
});

describe('PATCH /api/projects/{id}/training-development — versions (If-Match)', () => {
  const patch = (login: string, projectId: number, payload: unknown, ifMatch?: string) =>
    request(ctx, login).patch(`/api/projects/${projectId}/training-development`, payload, { ifMatch });
  const stored = async (projectId: number) =>
    ctx.db
      .selectFrom('projectTrainingDevelopment')
      .select(['tdOportunity', 'text', 'version'])
      .where('projectId', '=', projectId)
      .executeTakeFirst();

  it('two people editing the same version: the second gets 412 with the current record; without If-Match the write works', async () => {
    const start = (await stored(2))!;
    expect(start.version).toBe(1);
    const detail = await ctx.app.inject({
      url: '/api/projects/2',
      headers: await ctx.auth('marcos.manager'),
    });
    expect(detail.json().projectTrainingDevelopment).toEqual({
      tdOportunity: start.tdOportunity,
      text: start.text,
      version: 1,
    });

    const first = await patch('marcos.manager', 2, { text: 'Marcos: run the workshop together' }, '"1"');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      tdOportunity: start.tdOportunity,
      text: 'Marcos: run the workshop together',
      version: 2,
    });
    expect(first.headers.etag).toBe('"2"');

    const second = await patch('paula.partner', 2, { tdOportunity: !start.tdOportunity }, '"1"');
    expect(second.statusCode).toBe(412);
    expect(second.headers.etag).toBe('"2"');
    expect(second.json()).toEqual({
      statusCode: 412,
      error: 'Precondition Failed',
      message: 'This record was changed by someone else meanwhile',
      current: { tdOportunity: start.tdOportunity, text: 'Marcos: run the workshop together', version: 2 },
    });
    expect(await stored(2)).toEqual({
      tdOportunity: start.tdOportunity,
      text: 'Marcos: run the workshop together',
      version: 2,
    });

    const blind = await patch('paula.partner', 2, { tdOportunity: !start.tdOportunity });
    expect(blind.statusCode).toBe(200);
    expect(blind.json()).toEqual({
      tdOportunity: !start.tdOportunity,
      text: 'Marcos: run the workshop together',
      version: 3,
    });

    // the weak form and * are accepted
    expect((await patch('paula.partner', 2, { text: 'weak' }, 'W/"3"')).json()).toMatchObject({
      text: 'weak',
      version: 4,
    });
    expect((await patch('paula.partner', 2, { text: 'any' }, '*')).json()).toMatchObject({
      text: 'any',
      version: 5,
    });
    const after = await ctx.app.inject({
      url: '/api/projects/2',
      headers: await ctx.auth('carla.consultant'),
    });
    expect(after.json().projectTrainingDevelopment).toEqual({
      tdOportunity: !start.tdOportunity,
      text: 'any',
      version: 5,
    });
  });

  it('refuses a malformed If-Match with 400 and changes nothing; access is checked before versions', async () => {
    const before = await stored(2);
    for (const bad of ['5', 'W/5', '"a"b"', '"open', '"5",', 'abc']) {
      const res = await patch('marcos.manager', 2, { text: 'never' }, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toBe(
        'Invalid request: If-Match must be one ETag of this record, like "3"',
      );
    }
    // an entity tag is opaque (RFC 9110 compares tags as strings): a well-formed tag that is not the record's is a 412 with it
    for (const other of ['"stale-0"', '"abc"', '"0"', '"99999999999"', '"5", "6"', 'W/"x"']) {
      const res = await patch('marcos.manager', 2, { text: 'never' }, other);
      expect(res.statusCode, other).toBe(412);
      expect(res.json().current, other).toMatchObject({ text: before?.text ?? null });
    }
    expect((await patch('carla.consultant', 2, { text: 'never' }, '"1"')).statusCode).toBe(403);
    expect((await patch('oscar.outsider', 2, { text: 'never' }, '"1"')).statusCode).toBe(403);
    expect(await stored(2)).toEqual(before);
  });

  it('a project without a record is version 1 with empty fields; its first write makes version 2', async () => {
    const bare = await ctx.db
      .insertInto('projects')
      .values({ code: 'ZZ-TD', name: 'No L&D yet', idStatus: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const detail = await ctx.app.inject({
      url: `/api/projects/${bare.id}`,
      headers: await ctx.auth('alice.admin'),
    });
    expect(detail.json().projectTrainingDevelopment).toEqual({ tdOportunity: null, text: null, version: 1 });

    const stale = await patch('alice.admin', bare.id, { text: 'x' }, '"2"');
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toEqual({ tdOportunity: null, text: null, version: 1 });
    expect(await stored(bare.id)).toBeUndefined();

    const created = await patch('alice.admin', bare.id, { text: 'first' }, '"1"');
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ tdOportunity: null, text: 'first', version: 2 });
    const lost = await patch('gil.governance', bare.id, { text: 'second' }, '"1"');
    expect(lost.statusCode).toBe(412);
    expect(lost.json().current).toEqual({ tdOportunity: null, text: 'first', version: 2 });
    expect(await stored(bare.id)).toEqual({ tdOportunity: null, text: 'first', version: 2 });
  });

  it('404 for an unknown project, 400 for bad ids and bodies', async () => {
    expect((await patch('alice.admin', 999999, { text: 'x' }, '"1"')).statusCode).toBe(404);
    const badId = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/projects/0x2/training-development',
      headers: await ctx.auth('alice.admin'),
      payload: { text: 'x' },
    });
    expect(badId.statusCode).toBe(400);
    expect((await patch('alice.admin', 2, { text: 'x'.repeat(10_001) })).statusCode).toBe(400);
    expect((await patch('alice.admin', 2, { other: 1 })).statusCode).toBe(400);
    expect((await patch('alice.admin', 2, { tdOportunity: 'yes' })).statusCode).toBe(400);
  });
});
