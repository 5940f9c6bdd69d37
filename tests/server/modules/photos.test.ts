import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionUserForEmail } from '@server/auth';
import { signDownloadToken } from '@server/auth/tokens';
import { createTestContext, type TestContext } from '../helpers';
import { request } from '../request';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

const guidOf = async (login: string) =>
  (
    await ctx.db
      .selectFrom('professionals')
      .select('photoGuid')
      .where('login', '=', login)
      .executeTakeFirstOrThrow()
  ).photoGuid!;

describe('photos', () => {
  it('serves initials by login and by photo GUID (any case), cached privately for an hour', async () => {
    for (const url of [
      '/photos/by-login/marcos.manager',
      '/photos/by-login/MARCOS.MANAGER',
      `/photos/${await guidOf('marcos.manager')}`,
      `/photos/${(await guidOf('marcos.manager')).toUpperCase()}`,
    ]) {
      const res = await request(ctx, 'oscar.outsider').get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.body, url).toContain('aria-label="MM"');
    }
  });

  it('serves the uploaded photo when there is one', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await ctx.db
      .updateTable('professionals')
      .set({ photo: png, photoContentType: 'image/png' })
      .where('login', '=', 'paula.partner')
      .execute();
    const res = await request(ctx, 'oscar.outsider').get('/photos/by-login/paula.partner');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('404 for nobody, 400 for a malformed GUID, 401 without a token', async () => {
    const ghost = await request(ctx, 'oscar.outsider').get('/photos/by-login/ghost');
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'No such person' });
    expect(
      (await request(ctx, 'oscar.outsider').get('/photos/00000000-0000-0000-0000-000000000000')).statusCode,
    ).toBe(404);
    for (const bad of ['not-a-guid', '-'.repeat(36), `${'a'.repeat(36)}`]) {
      const res = await request(ctx, 'oscar.outsider').get(`/photos/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toMatch(/^Invalid request/);
    }
    expect((await request(ctx, null).get('/photos/by-login/marcos.manager')).statusCode).toBe(401);
    // longer than the router's parameter limit (200)
    expect((await request(ctx, 'oscar.outsider').get(`/photos/by-login/${'x'.repeat(201)}`)).statusCode).toBe(
      414,
    );
  });

  it('a download link (?access=) works for its own path only', async () => {
    const user = (await sessionUserForEmail(ctx.app, 'carla.consultant@example.com'))!;
    const token = await signDownloadToken(user, '/photos/by-login/marcos.manager', ctx.keys.portalSecret);
    const ok = await request(ctx, null).get(
      `/photos/by-login/marcos.manager?access=${encodeURIComponent(token)}`,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('aria-label="MM"');
    expect(
      (await request(ctx, null).get(`/photos/by-login/paula.partner?access=${encodeURIComponent(token)}`))
        .statusCode,
    ).toBe(401);
  });
});
