/**
 * Column choices: GET / PUT /api/me/grid-columns/{grid} — each person's own hidden columns per
 * supervision grid, stored in PostgreSQL (versioned: ETag, If-Match, 412 with the current choice).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRID_COLUMNS } from '@domain/rules/grid-columns';
import { createTestContext, demoIds, type TestContext } from '../helpers';
import { request } from '../request';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

const URL = (grid: string) => `/api/me/grid-columns/${grid}`;

const get = (login: string, grid: string) => request(ctx, login).get(URL(grid));
const put = (login: string, grid: string, payload: unknown, ifMatch?: string) =>
  request(ctx, login).put(URL(grid), payload, { ifMatch });

describe('GET /api/me/grid-columns/{grid}', () => {
  it('answers the default before any choice: nothing hidden, version 1, with its ETag', async () => {
    for (const grid of ['weekly-supervision', 'allocation-supervision', 'pdc-supervision']) {
      const res = await get('gil.governance', grid);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ grid, hidden: [], version: 1 });
      expect(res.headers.etag).toBe('"1"');
    }
  });

  it('an unknown grid is a 400 naming the grids', async () => {
    const res = await get('alice.admin', 'project-list');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.json().message).toContain('weekly-supervision');
  });

  it('needs a signed-in caller (401)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: URL('weekly-supervision') })).statusCode).toBe(401);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: URL('weekly-supervision'),
      payload: { hidden: ['priority'] },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/me/grid-columns/{grid}', () => {
  it('stores the hidden columns (once each, in the grid order); GET answers them; the version steps', async () => {
    const saved = await put('kim.knm', 'weekly-supervision', {
      hidden: ['environmentStatus', 'priority', 'environmentStatus'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      grid: 'weekly-supervision',
      hidden: ['priority', 'environmentStatus'],
      version: 2,
    });
    expect(saved.headers.etag).toBe('"2"');
    const read = await get('kim.knm', 'weekly-supervision');
    expect(read.json()).toEqual(saved.json());
    expect(read.headers.etag).toBe('"2"');
    // stored in the database (every replica reads it), keyed by the person and the grid
    const { person } = await demoIds(ctx.db);
    const row = await ctx.db
      .selectFrom('gridPreferences')
      .selectAll()
      .where('professionalId', '=', person['kim.knm']!)
      .execute();
    expect(row).toEqual([
      {
        professionalId: person['kim.knm'],
        grid: 'weekly-supervision',
        hidden: ['priority', 'environmentStatus'],
        version: 2,
      },
    ]);
    // another grid of the same person is still the default
    expect((await get('kim.knm', 'pdc-supervision')).json()).toEqual({
      grid: 'pdc-supervision',
      hidden: [],
      version: 1,
    });
  });

  it('the same choice again writes nothing; the record as read is taken back (write policy)', async () => {
    const first = await put('ida.idone', 'allocation-supervision', { hidden: ['practiceName'] });
    expect(first.json().version).toBe(2);
    const again = await put(
      'ida.idone',
      'allocation-supervision',
      first.json(),
      first.headers.etag as string,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // a version sent back that is not the record's is a stale copy: refused with the current choice
    const stale = await put('ida.idone', 'allocation-supervision', {
      hidden: ['practiceName', 'hasAllocation'],
      version: 99,
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toEqual(first.json());
    // the grid field sent back is read-only: another grid's name there changes nothing
    const other = await put('ida.idone', 'allocation-supervision', {
      grid: 'pdc-supervision',
      hidden: ['practiceName', 'hasAllocation'],
      version: 2,
    });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({
      grid: 'allocation-supervision',
      hidden: ['practiceName', 'hasAllocation'],
      version: 3,
    });
  });

  it('reset: an empty list is the default again', async () => {
    await put('pedro.pdc', 'pdc-supervision', { hidden: ['businessUnitName', 'practiceName'] });
    const reset = await put('pedro.pdc', 'pdc-supervision', { hidden: [] });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ hidden: [], version: 3 });
    expect((await get('pedro.pdc', 'pdc-supervision')).json().hidden).toEqual([]);
  });

  it("each person has their own: one person's choice never shows in another's, nor is written by them", async () => {
    await put('marcos.manager', 'weekly-supervision', { hidden: ['internal'] });
    await put('paula.partner', 'weekly-supervision', { hidden: ['clientName', 'statusName'] });
    expect((await get('marcos.manager', 'weekly-supervision')).json()).toEqual({
      grid: 'weekly-supervision',
      hidden: ['internal'],
      version: 2,
    });
    expect((await get('paula.partner', 'weekly-supervision')).json()).toEqual({
      grid: 'weekly-supervision',
      hidden: ['clientName', 'statusName'],
      version: 2,
    });
    // a third person still has the default
    expect((await get('carla.consultant', 'weekly-supervision')).json().hidden).toEqual([]);
  });

  it('If-Match: the version read saves; a stale one is a 412 with the current choice', async () => {
    const login = 'alice.admin';
    const loaded = await get(login, 'pdc-supervision');
    const etag = loaded.headers.etag as string;
    expect(etag).toBe('"1"');
    // the first save (another device) from version 1
    const first = await put(login, 'pdc-supervision', { hidden: ['pdcPriority'] }, etag);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe('"2"');
    // the second, still at version 1: refused with what the first stored
    const stale = await put(login, 'pdc-supervision', { hidden: ['clientName'] }, etag);
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({
      statusCode: 412,
      error: 'Precondition Failed',
      current: { grid: 'pdc-supervision', hidden: ['pdcPriority'], version: 2 },
    });
    expect(stale.headers.etag).toBe('"2"');
    // a stale unchanged choice is refused too (the caller has not seen the current one)
    expect((await put(login, 'pdc-supervision', { hidden: ['pdcPriority'] }, '"1"')).statusCode).toBe(412);
    // with the current version it goes through
    const ok = await put(login, 'pdc-supervision', { hidden: ['clientName'] }, '"2"');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ grid: 'pdc-supervision', hidden: ['clientName'], version: 3 });
    // a malformed If-Match is a 400
    expect((await put(login, 'pdc-supervision', { hidden: [] }, 'abc')).statusCode).toBe(400);
  });

  it('a column the grid does not have is a 400 naming it (nothing stored)', async () => {
    const res = await put('gil.governance', 'pdc-supervision', { hidden: ['priority', 'internal'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.json().message).toBe(
      `Invalid request: hidden: priority, internal are not columns of pdc-supervision; its columns are ${GRID_COLUMNS['pdc-supervision'].join(', ')}`,
    );
    const one = await put('gil.governance', 'weekly-supervision', { hidden: ['hasAllocation'] });
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toContain('hasAllocation is not a column of weekly-supervision');
    expect((await get('gil.governance', 'pdc-supervision')).json().version).toBe(1);
  });

  it('the project code is always shown: hiding it is a 400', async () => {
    const res = await put('gil.governance', 'weekly-supervision', { hidden: ['projectCode', 'priority'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Invalid request: hidden: projectCode is always shown and cannot be hidden',
    );
  });

  it('bad input is a 400, never a 500', async () => {
    const bad: unknown[] = [
      { hidden: Array.from({ length: 51 }, (_, i) => `col${i}`) },
      { hidden: ['a'.repeat(41)] },
      { hidden: ['1priority'] },
      { hidden: ['prio-rity'] },
      { hidden: ['__proto__'] },
      { hidden: [''] },
      { hidden: [null] },
      { hidden: [3] },
      { hidden: 'priority' },
      { hidden: null },
      {},
      { hidden: [], extra: true },
      [],
    ];
    for (const payload of bad) {
      const res = await put('gil.governance', 'weekly-supervision', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    // not JSON: 415
    expect((await put('gil.governance', 'weekly-supervision', 'priority')).statusCode).toBe(415);
    const many = await put('gil.governance', 'weekly-supervision', {
      hidden: Array.from({ length: 51 }, () => 'priority'),
    });
    expect(many.json().message).toContain('at most 50 hidden columns');
    // an unknown grid on the write too
    const grid = await put('gil.governance', 'crm', { hidden: [] });
    expect(grid.statusCode).toBe(400);
    expect((await get('gil.governance', 'weekly-supervision')).json()).toEqual({
      grid: 'weekly-supervision',
      hidden: [],
      version: 1,
    });
  });

  it('the route is declared signedIn (every person, their own only)', () => {
    const rule = (method: string) =>
      ctx.app.routeCatalog.find((r) => r.method === method && r.url === '/api/me/grid-columns/:grid')?.rule;
    expect(rule('GET')).toBe('signedIn');
    expect(rule('PUT')).toBe('signedIn');
  });
});
