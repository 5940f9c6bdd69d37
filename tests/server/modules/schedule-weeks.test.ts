import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onePageWeekOf } from '@domain/rules';
import { openWeeklyOnePages } from '@server/modules/one-pages/weekly.job';
import { createTestContext, type TestContext } from '../helpers';
import { request } from '../request';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

describe('GET /api/schedule-week', () => {
  it('lists the one-page calendar weeks, newest first, Monday to Sunday with their ISO week', async () => {
    const res = await request(ctx, 'carla.consultant').get('/api/schedule-week');
    expect(res.statusCode).toBe(200);
    const weeks = res.json() as {
      id: number;
      startDate: string;
      endDate: string;
      week: number;
      year: number;
    }[];
    const thisWeek = onePageWeekOf(new Date());
    // the seed's weeks up to this one (none in the future by default)
    expect(weeks[0]).toMatchObject({ startDate: thisWeek.initialDate, endDate: thisWeek.endDate });
    expect(weeks.length).toBeGreaterThanOrEqual(9);
    for (const [i, w] of weeks.entries()) {
      expect(new Date(`${w.startDate}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(new Date(`${w.endDate}T00:00:00Z`).getUTCDay()).toBe(0);
      if (i > 0) expect(w.startDate < weeks[i - 1]!.startDate).toBe(true);
      expect(w.week).toBeGreaterThanOrEqual(1);
      expect(w.week).toBeLessThanOrEqual(53);
    }
  });

  it('filters by the range of start dates', async () => {
    const all = (
      await request(ctx, 'alice.admin').get('/api/schedule-week?from=2000-01-01&to=2100-01-01')
    ).json();
    const [, second, third] = all as { startDate: string }[];
    const some = await request(ctx, 'alice.admin').get(
      `/api/schedule-week?from=${third!.startDate}&to=${second!.startDate}`,
    );
    expect(some.json().map((w: { startDate: string }) => w.startDate)).toEqual([
      second!.startDate,
      third!.startDate,
    ]);
  });

  it('gains the week the weekly one-page job opens', async () => {
    const monday = new Date(Date.UTC(2031, 0, 6, 0, 5)); // Monday 6 January 2031, ISO week 2
    await openWeeklyOnePages(ctx.db, monday);
    const res = await request(ctx, 'alice.admin').get('/api/schedule-week?from=2031-01-01&to=2031-01-31');
    expect(res.json()).toEqual([
      { id: expect.any(Number), startDate: '2031-01-06', endDate: '2031-01-12', week: 2, year: 2031 },
    ]);
  });

  it('400 for a bad date, 401 without a token', async () => {
    for (const from of ['06/01/2031', '2031-02-30']) {
      const bad = await request(ctx, 'alice.admin').get(`/api/schedule-week?from=${from}`);
      expect(bad.statusCode, from).toBe(400);
      expect(bad.json().message).toMatch(/^Invalid request/);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/schedule-week' })).statusCode).toBe(401);
  });
});
