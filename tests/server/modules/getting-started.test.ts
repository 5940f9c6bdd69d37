import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '@server/db/bootstrap';
import { createTestContext, type TestContext } from '../helpers';

const URL = '/api/admin/getting-started';

describe('the first administrator’s guide on an empty portal', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: false });
    await bootstrapAdmin(ctx.db, { email: 'first.admin@example.com', name: 'First Admin' });
  });
  afterAll(() => ctx?.close());

  it('says that people, every master list and projects are missing', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: URL, headers: await ctx.auth('first.admin') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.people).toEqual({ active: 1, provisioned: 0, tokens: 0, lastProvisionedAt: null });
    expect(body.projects).toEqual({ total: 0 });
    expect(body.masterData.lists).toHaveLength(20);
    expect(body.masterData.lists.every((l: { count: number }) => l.count === 0)).toBe(true);
    expect(body.masterData.lists[0]).toEqual({ key: 'practices', label: 'Practices', count: 0 });
    expect(body.masterData.missingForProjects).toEqual(['clients', 'practices', 'offices']);
  });

  it('counts what is done: active items only, provisioned people, tokens and the last provisioning', async () => {
    await ctx.db.insertInto('practices').values({ id: 1, name: 'Strategy' }).execute();
    await ctx.db
      .insertInto('practices')
      .values({ id: 2, name: 'Old', deactivatedAt: new Date().toISOString() })
      .execute();
    await ctx.db.insertInto('offices').values({ id: 1, name: 'São Paulo' }).execute();
    await ctx.db
      .insertInto('professionals')
      .values({
        name: 'Pat',
        email: 'pat@example.com',
        login: 'pat',
        source: 'scim',
        scimId: crypto.randomUUID(),
      })
      .execute();
    await ctx.db.insertInto('scimTokens').values({ name: 'Entra', tokenHash: 'h1' }).execute();
    await ctx.db
      .insertInto('scimTokens')
      .values({ name: 'Old', tokenHash: 'h2', revokedAt: new Date().toISOString() })
      .execute();
    await ctx.db
      .insertInto('scimRequests')
      .values({ method: 'GET', path: '/scim/v2/Users', status: 200 })
      .execute();
    await ctx.db
      .insertInto('scimRequests')
      .values({ method: 'POST', path: '/scim/v2/Users', status: 409 })
      .execute();
    const body = (
      await ctx.app.inject({ method: 'GET', url: URL, headers: await ctx.auth('first.admin') })
    ).json();
    expect(body.people).toMatchObject({ active: 2, provisioned: 1, tokens: 1 });
    expect(typeof body.people.lastProvisionedAt).toBe('string');
    const count = (key: string) => body.masterData.lists.find((l: { key: string }) => l.key === key).count;
    expect(count('practices')).toBe(1);
    expect(count('offices')).toBe(1);
    expect(body.masterData.missingForProjects).toEqual(['clients']);
  });

  it('counts SCIM_BEARER_TOKEN as a token', async () => {
    const withSecret = await createTestContext({
      seed: false,
      config: {
        people: {
          scimBearerToken: 'x'.repeat(40),
          scimRequestsPerSecond: 50,
          rolesFromToken: false,
          justInTime: false,
        },
      },
    });
    try {
      await bootstrapAdmin(withSecret.db, { email: 'first.admin@example.com', name: 'First Admin' });
      const res = await withSecret.app.inject({
        method: 'GET',
        url: URL,
        headers: await withSecret.auth('first.admin'),
      });
      expect(res.json().people.tokens).toBe(1);
    } finally {
      await withSecret.close();
    }
  });
});

describe('who may read the guide', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ projects: 0 });
  });
  afterAll(() => ctx?.close());

  it('an administrator reads it on a portal with data too', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: URL, headers: await ctx.auth('alice.admin') });
    expect(res.statusCode).toBe(200);
    expect(res.json().projects.total).toBeGreaterThan(0);
  });

  it.each([
    'carla.consultant',
    'marcos.manager',
    'paula.partner',
    'kim.knm',
    'pedro.pdc',
    'ida.idone',
    'gil.governance',
  ])('%s may not (403)', async (login) => {
    const res = await ctx.app.inject({ method: 'GET', url: URL, headers: await ctx.auth(login) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, message: 'Only an administrator may do this' });
  });

  it('without a token: 401', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});
