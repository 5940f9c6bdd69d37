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

  it('sends security headers that let Teams frame the tab: frame-ancestors list, no X-Frame-Options', async () => {
    const res = await ctx.app.inject({ url: '/health' });
    expect(res.headers['x-frame-options']).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    for (const origin of [
      'https://teams.microsoft.com',
      'https://*.teams.microsoft.com',
      'https://*.cloud.microsoft',
      'https://*.office.com',
      'https://outlook.office.com',
    ]) {
      expect(csp).toContain(origin);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('sets the same security headers, computed once, on every kind of answer', async () => {
    const security = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers).filter(([name]) =>
          /^(content-security-policy|cross-origin-|origin-agent-cluster|referrer-policy|strict-transport-security|x-)/.test(
            name,
          ),
        ),
      );
    const health = security((await ctx.app.inject({ url: '/health' })).headers);
    expect(Object.keys(health)).toHaveLength(11);
    expect(health['referrer-policy']).toBe('no-referrer');
    expect(health['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(String(health['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    const answers = [
      await ctx.app.inject({ url: '/api/projects/1', headers: await ctx.auth('alice.admin') }),
      await ctx.app.inject({ url: '/api/nothing-here', headers: await ctx.auth('alice.admin') }),
      await ctx.app.inject({ url: '/api/projects/abc', headers: await ctx.auth('alice.admin') }),
      await ctx.app.inject({ url: '/api/projects' }),
      await ctx.app.inject({ url: '/some/page' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 400, 401, expect.any(Number)]);
    for (const answer of answers) expect(security(answer.headers)).toEqual(health);
  });

  it('answers unknown API paths with the one error shape', async () => {
    const res = await ctx.app.inject({ url: '/api/nothing-here', headers: await ctx.auth('alice.admin') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect(res.json().message).toMatch(/nothing-here/);
  });

  it('compresses answers over 8 KB for clients that accept it (brotli, else gzip); smaller ones and others stay plain', async () => {
    const zlib = await import('node:zlib');
    const headers = await ctx.auth('alice.admin');
    const plain = await ctx.app.inject({ url: '/api/projects', headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await ctx.app.inject({
      url: '/api/projects',
      headers: { ...headers, 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    const gz = await ctx.app.inject({
      url: '/api/projects',
      headers: { ...headers, 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const small = await ctx.app.inject({ url: '/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    // a project (a few KB): sent plain, it fits the connection's first round trip anyway
    const project = await ctx.app.inject({
      url: '/api/projects/1',
      headers: { ...headers, 'accept-encoding': 'br, gzip' },
    });
    expect(project.statusCode).toBe(200);
    expect(project.body.length).toBeGreaterThan(1024);
    expect(project.body.length).toBeLessThan(8192);
    expect(project.headers['content-encoding']).toBeUndefined();
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
      config: {
        entra: {
          tenantId: 't',
          clientId: 'c',
          audience: 'api://x/c',
          issuer: undefined,
          jwksUri: 'http://127.0.0.1:9/keys',
        },
      },
    });
    try {
      const res = await entraCtx.app.inject({ url: '/dev-idp/authorize?login_hint=alice.admin' });
      expect(res.statusCode).toBe(404);
    } finally {
      await entraCtx.close();
    }
  }, 90_000); // a context of its own: seeding it takes 10–35 s on a busy 2-core machine
});

describe('serving the web app', () => {
  it('serves index.html for app paths (including GET /auth/signin) and hashed assets with long caching', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Project Portal</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // what the build writes beside each asset (vite.config.ts precompress): sent as it is
    const zlib = await import('node:zlib');
    fs.writeFileSync(
      path.join(dist, 'assets', 'app-abc123.js.br'),
      zlib.brotliCompressSync('console.log(1)'),
    );
    const web = await createTestContext({ projects: 0, config: { webDist: dist } });
    try {
      for (const url of [
        '/',
        '/project/3/setup/toolkit',
        '/auth/signin?login_hint=alice.admin',
        '/admin/weekly-supervision',
      ]) {
        const res = await web.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('<div id="root">');
      }
      const asset = await web.app.inject({ url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect(asset.body).toBe('console.log(1)');
      const br = await web.app.inject({
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toContain('javascript');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
      expect((await web.app.inject({ url: '/api/nope' })).json()).toMatchObject({ statusCode: 404 });
      expect((await web.app.inject({ method: 'POST', url: '/auth/nope' })).statusCode).toBe(404);
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
