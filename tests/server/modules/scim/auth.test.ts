/**
 * Who may call the SCIM endpoint: a provisioning token created on the People screen (stored as its SHA-256, not
 * revoked) or SCIM_BEARER_TOKEN. No token, a wrong one, a revoked one or a portal sign-in token → 401 in the SCIM
 * error shape. Requests are rate-limited per token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '@server/modules/scim/auth';
import { createTestContext, type TestContext } from '../../helpers';
import { createToken, entraUser, scimClient } from './scim-helpers';

const CONFIGURED = 'kv-reference-0123456789abcdef0123456789abcdef';
let ctx: TestContext;
beforeAll(async () => {
  const base = (await import('@server/config')).loadConfig({});
  ctx = await createTestContext({
    projects: 0,
    config: { people: { ...base.people, scimBearerToken: CONFIGURED } },
  });
});
afterAll(() => ctx?.close());

const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

describe('SCIM authentication', () => {
  it('refuses no token, a wrong token, a revoked token and a portal sign-in token with 401 in the SCIM shape', async () => {
    const revoked = await createToken(ctx.db, 'Old connector', { revoked: true });
    const headers: (Record<string, string> | undefined)[] = [
      undefined,
      { authorization: 'Bearer not-a-token' },
      { authorization: `Bearer ${revoked}` },
      { authorization: 'Basic dXNlcjpwYXNz' },
      await ctx.auth('alice.admin'),
    ];
    for (const h of headers) {
      for (const [method, url] of [
        ['GET', '/scim/v2/Users'],
        ['POST', '/scim/v2/Users'],
        ['GET', '/scim/v2/ServiceProviderConfig'],
        ['DELETE', `/scim/v2/Groups/${crypto.randomUUID()}`],
      ] as const) {
        const res = await ctx.app.inject({
          method,
          url,
          headers: { ...h, 'content-type': 'application/scim+json' },
          payload: method === 'POST' ? JSON.stringify(entraUser(1)) : undefined,
        });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(h)}`).toBe(401);
        expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
        expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
        expect(res.json()).toMatchObject({ schemas: [ERROR], status: '401', detail: expect.any(String) });
      }
    }
    expect(
      await ctx.db
        .selectFrom('professionals')
        .select('id')
        .where('email', '=', 'user1@contoso.example')
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('accepts a People-screen token, records its last use at most once a minute, and names it in the history', async () => {
    const token = await createToken(ctx.db, 'Contoso tenant');
    const scim = scimClient(ctx.app, token);
    const created = await scim.post('/Users', entraUser(2));
    expect(created.status).toBe(201);
    const first = await ctx.db
      .selectFrom('scimTokens')
      .select('lastUsedAt')
      .where('name', '=', 'Contoso tenant')
      .executeTakeFirstOrThrow();
    expect(first.lastUsedAt).not.toBeNull();
    await scim.get('/Users');
    const second = await ctx.db
      .selectFrom('scimTokens')
      .select('lastUsedAt')
      .where('name', '=', 'Contoso tenant')
      .executeTakeFirstOrThrow();
    expect(second.lastUsedAt).toEqual(first.lastUsedAt);
    const history = await ctx.db
      .selectFrom('peopleHistory')
      .innerJoin('professionals', 'professionals.id', 'peopleHistory.professionalId')
      .select(['peopleHistory.actor', 'peopleHistory.source'])
      .where('professionals.email', '=', 'user2@contoso.example')
      .execute();
    expect(history).toEqual([{ actor: 'Contoso tenant', source: 'scim' }]);
    // revoked on the People screen: refused from the next request on
    await ctx.db
      .updateTable('scimTokens')
      .set({ revokedAt: new Date() })
      .where('name', '=', 'Contoso tenant')
      .execute();
    expect((await scim.get('/Users')).status).toBe(401);
  });

  it('accepts SCIM_BEARER_TOKEN, named so in the history', async () => {
    const scim = scimClient(ctx.app, CONFIGURED);
    expect((await scim.post('/Users', entraUser(3))).status).toBe(201);
    const history = await ctx.db
      .selectFrom('peopleHistory')
      .innerJoin('professionals', 'professionals.id', 'peopleHistory.professionalId')
      .select('peopleHistory.actor')
      .where('professionals.email', '=', 'user3@contoso.example')
      .execute();
    expect(history).toEqual([{ actor: 'SCIM_BEARER_TOKEN' }]);
  });

  it("serves a burst of Entra's 25 requests per second without a 429", async () => {
    const scim = scimClient(ctx.app, await createToken(ctx.db, 'Burst'));
    const statuses = await Promise.all(
      Array.from({ length: 50 }, () => scim.get('/ServiceProviderConfig').then((r) => r.status)),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
  });
});

describe('the per-token rate limit', () => {
  it('allows the rate per second (bursts to twice it), then asks to retry with a 429 delay', () => {
    const limiter = createRateLimiter(25);
    const t0 = 1_000_000;
    let allowed = 0;
    for (let i = 0; i < 60; i++) if (limiter.take('a', t0) === 0) allowed++;
    expect(allowed).toBe(50);
    expect(limiter.take('a', t0)).toBe(1);
    expect(limiter.take('b', t0)).toBe(0); // each token its own budget
    // one second later: 25 more
    let later = 0;
    for (let i = 0; i < 30; i++) if (limiter.take('a', t0 + 1000) === 0) later++;
    expect(later).toBe(25);
  });

  it('answers 429 in the SCIM shape with Retry-After beyond the limit', async () => {
    const base = (await import('@server/config')).loadConfig({});
    const slow = await createTestContext({
      projects: 0,
      config: { people: { ...base.people, scimRequestsPerSecond: 2 } },
    });
    try {
      const scim = scimClient(slow.app, await createToken(slow.db, 'Slow'));
      const results = [];
      for (let i = 0; i < 8; i++) results.push(await scim.get('/ServiceProviderConfig'));
      const limited = results.find((r) => r.status === 429);
      expect(limited).toBeDefined();
      expect(limited!.headers['retry-after']).toBe('1');
      expect(limited!.body).toMatchObject({ schemas: [ERROR], status: '429' });
    } finally {
      await slow.close();
    }
  });
});
