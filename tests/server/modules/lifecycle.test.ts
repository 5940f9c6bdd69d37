import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

const put = async (login: string, id: number, idStatus: unknown) =>
  ctx.app.inject({ method: 'PUT', url: `/api/projects/${id}/status`, headers: await ctx.auth(login), payload: { idStatus } });
const statusOf = async (id: number) => (await ctx.db.selectFrom('projects').select('idStatus').where('id', '=', id).executeTakeFirstOrThrow()).idStatus;
const history = async (id: number) => ctx.db.selectFrom('projectStatusHistory').selectAll().where('projectId', '=', id).orderBy('id').execute();

describe('PUT /api/projects/{id}/status — forward', () => {
  it('the manager forwards DEMO-DRAFT 1→2 and the change is recorded', async () => {
    const res = await put('marcos.manager', 1, 2);
    expect(res.statusCode).toBe(200);
    expect(await statusOf(1)).toBe(2);
    const h = await history(1);
    expect(h[h.length - 1]).toMatchObject({ fromStatus: 1, toStatus: 2, changedBy: 6 });
    const api = (await ctx.app.inject({ url: '/api/projects/1/status-history', headers: await ctx.auth('marcos.manager') })).json();
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
    const p = await ctx.db.selectFrom('projects').select(['idStatus', 'closedAt']).where('id', '=', 6).executeTakeFirstOrThrow();
    expect(p.idStatus).toBe(5);
    expect(p.closedAt).not.toBeNull();
    const mail = await ctx.db.selectFrom('mailOutbox').selectAll().where('subject', '=', 'Close project DEMO-CLOSEOUT').execute();
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
    const res = await ctx.app.inject({ url: '/api/projects/3/kpis', headers: await ctx.auth('carla.consultant') });
    expect(res.statusCode).toBe(200);
    const k = res.json();
    expect(k).toEqual({ onePageSubmitted: false, weeklyStatusSubmitted: expect.any(Boolean), hasProfessionalDNA: expect.any(Boolean), hasTechDNA: expect.any(Boolean), evaluationManagementFulfilled: false });
    // submitting this week's one-page turns the card green
    await ctx.db.updateTable('onePages').set({ submittedAt: new Date() }).where('projectId', '=', 3).where('submittedAt', 'is', null).execute();
    await ctx.db.updateTable('projectEvaluations').set({ evaluationStatus: 'Completed' }).where('projectId', '=', 3).execute();
    const after = (await ctx.app.inject({ url: '/api/projects/3/kpis', headers: await ctx.auth('carla.consultant') })).json();
    expect(after.onePageSubmitted).toBe(true);
    expect(after.evaluationManagementFulfilled).toBe(true);
  });

  it('saves one field at a time for the partner or manager, Admin or OnePage; 403 for others', async () => {
    const patch = async (login: string, payload: unknown) =>
      ctx.app.inject({ method: 'PATCH', url: '/api/projects/3/training-development', headers: await ctx.auth(login), payload: payload as any });
    expect((await patch('marcos.manager', { tdOportunity: true })).json()).toMatchObject({ tdOportunity: true });
    expect((await patch('gil.governance', { text: 'Shadow the partner' })).json()).toMatchObject({ text: 'Shadow the partner', tdOportunity: true });
    expect((await patch('carla.consultant', { text: 'x' })).statusCode).toBe(403);
    const bad = await patch('marcos.manager', { tdOportunity: true, text: 'both' });
    expect(bad.statusCode).toBe(400);
    const p = (await ctx.app.inject({ url: '/api/projects/3', headers: await ctx.auth('carla.consultant') })).json();
    expect(p.projectTrainingDevelopment).toEqual({ tdOportunity: true, text: 'Shadow the partner' });
  });
});

describe('mail outbox', () => {
  it('is visible to Admin only', async () => {
    const ok = await ctx.app.inject({ url: '/api/mail-outbox', headers: await ctx.auth('alice.admin') });
    expect(ok.statusCode).toBe(200);
    expect(Number(ok.headers['x-total'])).toBeGreaterThan(0);
    expect(ok.json()[0]).toHaveProperty('subject');
    expect((await ctx.app.inject({ url: '/api/mail-outbox', headers: await ctx.auth('kim.knm') })).statusCode).toBe(403);
  });
});
