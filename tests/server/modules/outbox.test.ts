import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers';
import { request } from '../request';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  await ctx.db
    .insertInto('mailOutbox')
    .values([
      { toAddress: 'one@example.com', subject: 'Outbox test one', body: '<p>1</p>' },
      {
        toAddress: 'two@example.com',
        subject: 'Outbox test two',
        body: '<p>2</p>',
        sentAt: new Date('2026-11-20T10:00:00Z'),
        attempts: 1,
      },
      {
        toAddress: 'three@example.com',
        subject: 'Outbox test three',
        body: '<p>3</p>',
        error: 'mailbox unavailable',
        attempts: 3,
      },
    ])
    .execute();
});
afterAll(() => ctx?.close());

describe('GET /api/mail-outbox', () => {
  it('lists the messages newest first, with x-total of all of them', async () => {
    const res = await request(ctx, 'alice.admin').get('/api/mail-outbox');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as any[];
    const total = Number(res.headers['x-total']);
    expect(total).toBe(
      Number(
        (
          await ctx.db
            .selectFrom('mailOutbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    expect(rows.length).toBe(Math.min(total, 100));
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(rows.slice(0, 3).map((r) => r.subject)).toEqual([
      'Outbox test three',
      'Outbox test two',
      'Outbox test one',
    ]);
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      to: 'three@example.com',
      subject: 'Outbox test three',
      body: '<p>3</p>',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      sentAt: null,
      error: 'mailbox unavailable',
      attempts: 3,
    });
    expect(rows[1]).toMatchObject({ sentAt: '2026-11-20T10:00:00.000Z', attempts: 1, error: null });
  });

  it('pages with skip and take', async () => {
    const all = (await request(ctx, 'alice.admin').get('/api/mail-outbox?take=500')).json() as any[];
    const page = await request(ctx, 'alice.admin').get('/api/mail-outbox?skip=1&take=2');
    expect(page.json()).toEqual(all.slice(1, 3));
    expect(Number(page.headers['x-total'])).toBe(all.length);
    expect((await request(ctx, 'alice.admin').get('/api/mail-outbox?skip=100000')).json()).toEqual([]);
  });

  it('is for administrators only: 403 for every other DEMO person, 401 without a token', async () => {
    for (const login of [
      'gil.governance',
      'kim.knm',
      'ida.idone',
      'pedro.pdc',
      'marcos.manager',
      'paula.partner',
      'dora.director',
      'carla.consultant',
      'ivan.intern',
      'oscar.outsider',
    ]) {
      const res = await request(ctx, login).get('/api/mail-outbox');
      expect(res.statusCode, login).toBe(403);
      expect(res.json(), login).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Only an administrator may do this',
      });
    }
    expect((await ctx.app.inject({ url: '/api/mail-outbox' })).statusCode).toBe(401);
  });

  it('refuses bad skip/take with 400 naming the parameter', async () => {
    for (const [q, name] of [
      ['take=100000', 'take'],
      ['take=501', 'take'],
      ['take=0', 'take'],
      ['take=-1', 'take'],
      ['take=abc', 'take'],
      ['skip=abc', 'skip'],
      ['skip=-1', 'skip'],
      ['skip=1e3', 'skip'],
    ]) {
      const res = await request(ctx, 'alice.admin').get(`/api/mail-outbox?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toContain(name);
    }
  });
});
