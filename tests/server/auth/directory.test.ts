import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIRECTORY_CACHE_MS } from '@server/auth';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

describe('sessions follow the directory', () => {
  it('a person made inactive loses access within DIRECTORY_CACHE_MS (under a minute), token still valid', async () => {
    expect(DIRECTORY_CACHE_MS).toBeLessThanOrEqual(60_000);
    const headers = await ctx.auth('carla.consultant');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/projects/3', headers })).statusCode).toBe(200);
    await ctx.db
      .updateTable('professionals')
      .set({ isActive: false })
      .where('login', '=', 'carla.consultant')
      .execute();
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + DIRECTORY_CACHE_MS + 1000);
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/projects/3', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/access to the portal has ended/);
      // and back when reactivated
      await ctx.db
        .updateTable('professionals')
        .set({ isActive: true })
        .where('login', '=', 'carla.consultant')
        .execute();
      clock.mockReturnValue(now + 2 * DIRECTORY_CACHE_MS + 2000);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/projects/3', headers })).statusCode).toBe(200);
    } finally {
      clock.mockRestore();
    }
  });

  it('scopes follow the directory too: a removed Admin scope stops admin writes', async () => {
    const headers = await ctx.auth('alice.admin');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/mail-outbox', headers })).statusCode).toBe(200);
    await ctx.db
      .updateTable('professionals')
      .set({ scopes: [] })
      .where('login', '=', 'alice.admin')
      .execute();
    ctx.app.forgetDirectoryCache();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/mail-outbox', headers })).statusCode).toBe(403);
    await ctx.db
      .updateTable('professionals')
      .set({ scopes: ['API.Portal.Admin'] })
      .where('login', '=', 'alice.admin')
      .execute();
    ctx.app.forgetDirectoryCache();
  });
});
