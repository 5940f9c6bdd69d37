import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDownloadToken } from '@server/auth/tokens';
import { loggerOptions, redactUrl } from '@server/log';
import { createTestContext, type TestContext } from '../helpers';
import { request } from '../request';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

const DOC = '/api/support/documents/ambience';

const link = (login: string, path: string) => request(ctx, login).post('/auth/download-link', { path });

describe('POST /auth/download-link (files opened outside the Teams tab)', () => {
  it('gives a link that downloads that one file without headers, for five minutes', async () => {
    const res = await link('carla.consultant', DOC);
    expect(res.statusCode).toBe(200);
    const { url, expiresAt } = res.json() as { url: string; expiresAt: string };
    expect(url.startsWith(`${DOC}?access=`)).toBe(true);
    const minutes = (new Date(expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4.5);
    expect(minutes).toBeLessThanOrEqual(5);
    const file = await ctx.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/application\/pdf/);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the link opens nothing else: another path, another method, or the API as a bearer token', async () => {
    const { url } = (await link('carla.consultant', DOC)).json() as { url: string };
    const token = new URL(url, 'http://x').searchParams.get('access')!;
    expect(
      (
        await ctx.app.inject({
          url: `/api/support/documents/visual-identity?access=${encodeURIComponent(token)}`,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ url: `/api/projects?access=${encodeURIComponent(token)}` })).statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ url: '/api/projects', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/auth/download-link?access=${encodeURIComponent(token)}`,
          payload: { path: DOC },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('an expired or forged link is refused', async () => {
    const user = {
      userName: 'Carla Costa',
      email: 'carla.consultant@example.com',
      scopes: [],
      comanagementId: null,
      login: 'carla.consultant',
      professionalId: 9,
      practiceId: null,
      businessUnits: [],
    };
    const expired = await signDownloadToken(user, DOC, ctx.keys.portalSecret, -10);
    expect((await ctx.app.inject({ url: `${DOC}?access=${expired}` })).statusCode).toBe(401);
    const forged = await signDownloadToken(
      user,
      DOC,
      new TextEncoder().encode('another secret of thirty-two bytes!!'),
      300,
    );
    const res = await ctx.app.inject({ url: `${DOC}?access=${forged}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Sign in required: the download link is invalid or expired');
  });

  it('the link never reaches the logs', async () => {
    const { Writable } = await import('node:stream');
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestContext({
      projects: 0,
      logger: { ...(loggerOptions('info') as object), stream },
    });
    try {
      const { url } = (
        await logged.app.inject({
          method: 'POST',
          url: '/auth/download-link',
          headers: await logged.auth('carla.consultant'),
          payload: { path: DOC },
        })
      ).json() as { url: string };
      const token = new URL(url, 'http://x').searchParams.get('access')!;
      expect((await logged.app.inject({ url })).statusCode).toBe(200);
      const all = lines.join('');
      expect(all).toContain(`${DOC}?access=[redacted]`);
      expect(all).not.toContain(token);
    } finally {
      await logged.close();
    }
    expect(redactUrl('/api/x?a=1&access=abc.def&b=2')).toBe('/api/x?a=1&access=[redacted]&b=2');
  }, 90_000); // a context of its own with a logger: seeding it takes 10–35 s on a busy 2-core machine

  it('needs a signed-in user and a path of the portal API', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/auth/download-link', payload: { path: DOC } }))
        .statusCode,
    ).toBe(401);
    for (const path of [
      'https://evil.example.com/x',
      '/photos/by-login/ida',
      '/api/../auth/signin',
      '/api/support/documents/x?y=1',
      '',
      42,
    ]) {
      const res = await link('carla.consultant', path as string);
      expect(res.statusCode, String(path)).toBe(400);
      expect(res.json().message).toMatch(/^Invalid request: path/);
    }
  });
});
