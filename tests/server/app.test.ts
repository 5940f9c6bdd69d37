import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

describe('server hygiene', () => {
  it('GET /health answers ok', async () => {
    const res = await ctx.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it("sends security headers that let Teams frame the tab: frame-ancestors list, no X-Frame-Options", async () => {
    const res = await ctx.app.inject({ url: '/health' });
    expect(res.headers['x-frame-options']).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    for (const origin of ['https://teams.microsoft.com', 'https://*.teams.microsoft.com', 'https://*.cloud.microsoft', 'https://*.office.com', 'https://outlook.office.com']) {
      expect(csp).toContain(origin);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('answers unknown API paths with the one error shape', async () => {
    const res = await ctx.app.inject({ url: '/api/nothing-here', headers: await ctx.auth('alice.admin') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect(res.json().message).toMatch(/nothing-here/);
  });

  it('rejects a bad id parameter with 400 naming it', async () => {
    const res = await ctx.app.inject({ url: '/api/projects/abc', headers: await ctx.auth('alice.admin') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.json().message).toMatch(/id/);
  });
});

describe('with Entra ID configured', () => {
  it('refuses the development identity provider', async () => {
    const entraCtx = await createTestContext({
      projects: 0,
      config: { entra: { tenantId: 't', clientId: 'c', audience: 'api://x/c', issuer: undefined, jwksUri: 'http://127.0.0.1:9/keys' } },
    });
    try {
      const res = await entraCtx.app.inject({ url: '/dev-idp/authorize?login_hint=alice.admin' });
      expect(res.statusCode).toBe(404);
    } finally {
      await entraCtx.close();
    }
  });
});
