import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers';
import { request, type Requester } from '../request';
import * as masterAdmin from '@server/modules/master-admin/service';

let ctx: TestContext;
/** Requests as Alice, the Admin. */
let admin: Requester;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  admin = request(ctx, 'alice.admin');
});
afterAll(() => ctx?.close());

const BASE = '/api/admin/master-data';

const item = (res: { json(): unknown }) => res.json() as Record<string, any>;

describe('the lists overview', () => {
  it('lists every master list with counts of active and inactive items and its version', async () => {
    const res = await admin.get(BASE);
    expect(res.statusCode).toBe(200);
    const lists = res.json().lists as { key: string; active: number; inactive: number; version: number }[];
    expect(lists.map((l) => l.key)).toHaveLength(20);
    const practices = lists.find((l) => l.key === 'practices')!;
    expect(practices.active).toBeGreaterThanOrEqual(7);
    expect(practices.inactive).toBe(0);
    expect(practices.version).toBeGreaterThan(0);
    // some seeded toolkits are retired (is_active false): they count as inactive
    expect(lists.find((l) => l.key === 'toolkits')!.inactive).toBeGreaterThan(0);
    expect(lists.find((l) => l.key === 'allocation-statuses')).toMatchObject({ renameOnly: true });
  });

  it('is refused to a consultant and to holders of KNW or PDC', async () => {
    for (const login of ['carla.consultant', 'kim.knm', 'pedro.pdc']) {
      const res = await request(ctx, login).get(BASE);
      expect(res.statusCode, login).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, message: 'Only an administrator may do this' });
    }
  });

  it('answers each list version to every signed-in person', async () => {
    const res = await request(ctx, 'carla.consultant').get(`${BASE}/versions`);
    expect(res.statusCode).toBe(200);
    expect(res.json().versions.practices).toBeGreaterThan(0);
  });
});

describe('items of a list', () => {
  it('pages and searches a list ignoring case and accents', async () => {
    const res = await admin.get(`${BASE}/offices?search=sao%20paulo`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as { items: Record<string, any>[]; total: number };
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: 1, name: 'São Paulo', label: 'São Paulo', active: true });
    expect(page.items[0]!.inUse).toBeGreaterThan(0);
    const paged = await admin.get(`${BASE}/segments?take=2&skip=1`);
    expect(paged.json().items).toHaveLength(2);
    expect(paged.json().total).toBeGreaterThan(2);
  });

  it('answers 404 for an unknown list and 400 for a bad query', async () => {
    const unknown = await admin.get(`${BASE}/planets`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/No master list named "planets"/);
    const bad = await admin.get(`${BASE}/practices?take=0`);
    expect(bad.statusCode).toBe(400);
    expect((await admin.get(`${BASE}/practices/99999`)).statusCode).toBe(404);
  });
});

describe('writing items', () => {
  it('creates an item with the next id, 201 with its ETag, and a history line', async () => {
    const res = await admin.post(`${BASE}/practices`, { name: '  Sustainability   Advisory ' });
    expect(res.statusCode).toBe(201);
    const created = item(res);
    expect(created).toMatchObject({ name: 'Sustainability Advisory', active: true, inUse: 0, version: 1 });
    expect(res.headers.etag).toBe('"1"');
    const max = await ctx.db
      .selectFrom('practices')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirst();
    expect(created.id).toBe(Number(max!.m));
    const history = await admin.get(`${BASE}/practices/${created.id}/history`);
    expect(history.json().items).toEqual([
      expect.objectContaining({
        action: 'created',
        actor: { id: 1, name: 'Alice Almeida' },
        changes: { name: [null, 'Sustainability Advisory'] },
      }),
    ]);
  });

  it('refuses a name the list has, ignoring case and accents (409)', async () => {
    const res = await admin.post(`${BASE}/offices`, { name: 'sao paulo', timeZone: 'America/Sao_Paulo' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      statusCode: 409,
      error: 'Conflict',
      message: 'An office named “sao paulo” already exists',
    });
  });

  it('refuses wrong types and unknown fields with 400 naming the field, writing nothing', async () => {
    const before = await ctx.db
      .selectFrom('offices')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    for (const body of [
      { name: 42 },
      { name: '' },
      { name: 'Porto', timeZone: 'Mars/Olympus' },
      { name: 'Porto', colour: 'blue' },
      { name: 'Porto', practiceId: 1 },
    ]) {
      const res = await admin.post(`${BASE}/offices`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/^Invalid request: /);
    }
    const after = await ctx.db
      .selectFrom('offices')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(after!.n).toEqual(before!.n);
  });

  it('edits with If-Match, answers 412 with the current item when stale, and records the change', async () => {
    const created = item(await admin.post(`${BASE}/offices`, { name: 'Porto', timeZone: 'Europe/Lisbon' }));
    const res = await admin.put(
      `${BASE}/offices/${created.id}`,
      { ...created, timeZone: 'Europe/London' },
      { ifMatch: '"1"' },
    );
    expect(res.statusCode).toBe(200);
    expect(item(res)).toMatchObject({ timeZone: 'Europe/London', version: 2 });
    const stale = await admin.put(
      `${BASE}/offices/${created.id}`,
      { ...created, name: 'Oporto' },
      { ifMatch: '"1"' },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ name: 'Porto', timeZone: 'Europe/London', version: 2 });
    const history = (await admin.get(`${BASE}/offices/${created.id}/history`)).json().items;
    expect(history[0]).toMatchObject({
      action: 'changed',
      changes: { timeZone: ['Europe/Lisbon', 'Europe/London'] },
    });
  });

  it('renames to a name of another item is refused; to its own name in other case it is allowed', async () => {
    const a = item(await admin.post(`${BASE}/languages`, { name: 'Klingon' }));
    const dup = await admin.put(`${BASE}/languages/${a.id}`, { name: 'English' });
    expect(dup.statusCode).toBe(409);
    const own = await admin.put(`${BASE}/languages/${a.id}`, { name: 'KLINGON' });
    expect(own.statusCode).toBe(200);
    expect(item(own).name).toBe('KLINGON');
  });

  it('deletes an unused item (204) and refuses to delete one in use (409 naming its uses)', async () => {
    const unused = item(await admin.post(`${BASE}/geographics`, { name: 'Atlantis' }));
    const del = await admin.delete(`${BASE}/geographics/${unused.id}`);
    expect(del.statusCode).toBe(204);
    expect((await admin.get(`${BASE}/geographics/${unused.id}`)).statusCode).toBe(404);
    const history = (await admin.get(`${BASE}/geographics/${unused.id}/history`)).json().items;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['deleted', 'created']);

    const used = await ctx.db
      .selectFrom('projectPractices')
      .select(['practiceId', (eb) => eb.fn.count<number>('projectId').distinct().as('n')])
      .groupBy('practiceId')
      .orderBy('practiceId')
      .executeTakeFirstOrThrow();
    const res = await admin.delete(`${BASE}/practices/${used.practiceId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      new RegExp(`^In use by ${Number(used.n)} projects?.*: deactivate it instead$`),
    );
    expect((await admin.get(`${BASE}/practices/${used.practiceId}`)).statusCode).toBe(200);
  });

  it('deactivates and reactivates; a deactivated practice is flagged by GET /master/practices and stays on its projects', async () => {
    const project = await ctx.db
      .selectFrom('projects as p')
      .innerJoin('projectPractices as pp', 'pp.projectId', 'p.id')
      .select(['p.id', 'pp.practiceId'])
      .where('p.code', '=', 'DEMO-SETUP')
      .executeTakeFirstOrThrow();
    const before = item(await admin.get(`${BASE}/practices/${project.practiceId}`));
    const off = await admin.post(`${BASE}/practices/${project.practiceId}/deactivate`, undefined, {
      ifMatch: `"${before.version}"`,
    });
    expect(off.statusCode).toBe(200);
    expect(item(off)).toMatchObject({ active: false, version: before.version + 1 });
    expect(item(off).deactivatedAt).toEqual(expect.any(String));

    const list = await request(ctx, 'carla.consultant').get('/master/practices');
    const flagged = (list.json() as { ID: number; Name: string; IsActive?: boolean }[]).find(
      (p) => p.ID === project.practiceId,
    );
    expect(flagged).toEqual({ ID: project.practiceId, Name: before.name, IsActive: false });
    const held = await admin.get(`/api/projects/${project.id}`);
    expect(held.statusCode).toBe(200);
    expect(JSON.stringify(held.json())).toContain(`"idPractice":${project.practiceId}`);

    // not offered for a new project
    const fresh = await admin.post(`${BASE}/methodologies`, {
      name: 'Fresh Method',
      practiceId: project.practiceId,
    });
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().message).toMatch(/is deactivated and not offered for new records/);

    const on = await admin.post(`${BASE}/practices/${project.practiceId}/reactivate`);
    expect(item(on)).toMatchObject({ active: true, deactivatedAt: null });
    const lines = (await admin.get(`${BASE}/practices/${project.practiceId}/history`)).json().items;
    expect(lines.slice(0, 2).map((h: { action: string }) => h.action)).toEqual([
      'reactivated',
      'deactivated',
    ]);
  });

  it('deactivating a toolkit clears the flag the toolkit pickers read', async () => {
    const t = await ctx.db
      .selectFrom('toolkits')
      .select('id')
      .where('isActive', '=', true)
      .executeTakeFirstOrThrow();
    await admin.post(`${BASE}/toolkits/${t.id}/deactivate`);
    const row = await ctx.db
      .selectFrom('toolkits')
      .select(['isActive', 'deactivatedAt'])
      .where('id', '=', t.id)
      .executeTakeFirstOrThrow();
    expect(row.isActive).toBe(false);
    expect(row.deactivatedAt).not.toBeNull();
    await admin.post(`${BASE}/toolkits/${t.id}/reactivate`);
  });

  it('keeps one active evaluation cycle and refuses to deactivate it', async () => {
    const created = item(
      await admin.post(`${BASE}/evaluation-cycles`, { period: 'H1', year: 2027, isActive: true }),
    );
    const active = await ctx.db
      .selectFrom('evaluationCycles')
      .select('id')
      .where('isActive', '=', true)
      .execute();
    expect(active.map((r) => r.id)).toEqual([created.id]);
    const off = await admin.post(`${BASE}/evaluation-cycles/${created.id}/deactivate`);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toMatch(/is the active evaluation cycle/);
    const dup = await admin.post(`${BASE}/evaluation-cycles`, { period: 'h1', year: 2027 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('An evaluation cycle named “h1 2027” already exists');
  });

  it('allocation statuses are renamed only', async () => {
    expect((await admin.post(`${BASE}/allocation-statuses`, { name: 'Extra' })).statusCode).toBe(409);
    expect((await admin.delete(`${BASE}/allocation-statuses/1`)).statusCode).toBe(409);
    const renamed = await admin.put(`${BASE}/allocation-statuses/1`, { name: 'Allocated (renamed)' });
    expect(renamed.statusCode).toBe(200);
  });

  it('edits a client: segments kept at their level, new ones secondary', async () => {
    const c = await ctx.db
      .selectFrom('clientSegments')
      .select(['clientId', 'segmentId', 'segmentLevel'])
      .where('segmentLevel', '=', 1)
      .executeTakeFirstOrThrow();
    const before = item(await admin.get(`${BASE}/clients/${c.clientId}`));
    const extra = before.segmentIds.includes(5) ? 6 : 5;
    const res = await admin.put(`${BASE}/clients/${c.clientId}`, {
      ...before,
      economicGroup: 'Group X',
      segmentIds: [...before.segmentIds, extra],
    });
    expect(res.statusCode).toBe(200);
    const rows = await ctx.db
      .selectFrom('clientSegments')
      .select(['segmentId', 'segmentLevel'])
      .where('clientId', '=', c.clientId)
      .execute();
    expect(rows).toContainEqual({ segmentId: c.segmentId, segmentLevel: 1 });
    expect(rows).toContainEqual({ segmentId: extra, segmentLevel: 2 });
  });

  it('is refused to a consultant and a KNW holder', async () => {
    for (const login of ['carla.consultant', 'kim.knm']) {
      const res = await request(ctx, login).post(`${BASE}/practices`, { name: 'Nope' });
      expect(res.statusCode, login).toBe(403);
    }
  });
});

describe('the importer’s functions', () => {
  it('finds by folded name and creates inside the importer’s transaction', async () => {
    expect((await masterAdmin.findByFoldedName(ctx.db, 'offices', 'SAO PAULO'))?.id).toBe(1);
    await ctx.db.transaction().execute(async (trx) => {
      await masterAdmin.createItem(trx, 'segments', { name: 'Imported Segment' }, 1, { action: 'imported' });
    });
    const found = await masterAdmin.findByFoldedName(ctx.db, 'segments', 'imported segment');
    expect(found?.name).toBe('Imported Segment');
  });
});

describe('list versions', () => {
  it('move with every change and are the ETag of GET /master/* (304 on If-None-Match)', async () => {
    const first = await admin.get('/master/segments');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"m\d+"$/);
    const again = await admin.get('/master/segments', { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await admin.post(`${BASE}/segments`, { name: 'Another Segment' });
    const after = await admin.get('/master/segments', { headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
  });
});

describe('a deactivated item is not offered for new records', () => {
  it('project edits keep a held deactivated practice but refuse it as a new one', async () => {
    const setup = await ctx.db
      .selectFrom('projects as p')
      .innerJoin('projectPractices as pp', 'pp.projectId', 'p.id')
      .select(['p.id', 'pp.practiceId'])
      .where('p.code', '=', 'DEMO-DURING')
      .executeTakeFirstOrThrow();
    const other = item(await admin.post(`${BASE}/practices`, { name: 'Retired Practice' }));
    await admin.post(`${BASE}/practices/${other.id}/deactivate`);
    const patch = (body: object) => admin.patch(`/api/projects/${setup.id}`, body);
    const refused = await patch({
      projectPractices: [{ idPractice: setup.practiceId }, { idPractice: other.id }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Invalid request: projectPractices: “Retired Practice” is deactivated and not offered for new records',
    );
    const meta = await admin.put(`/api/projects/${setup.id}/metadata`, { idPractice: other.id });
    expect(meta.statusCode).toBe(400);

    // the project's own practice, deactivated, stays when the project is edited
    await admin.post(`${BASE}/practices/${setup.practiceId}/deactivate`);
    const kept = await patch({ projectPractices: [{ idPractice: setup.practiceId }], priority: true });
    expect(kept.statusCode).toBe(200);
    await admin.post(`${BASE}/practices/${setup.practiceId}/reactivate`);
  });
});

describe('bad input on every list', () => {
  const BAD: unknown[] = [
    null,
    true,
    0,
    -1,
    2147483648,
    1.5,
    '',
    '\u0000',
    'x'.repeat(400),
    [],
    {},
    ['x'],
    [0],
  ];
  it('answers a 4xx in the one shape for every field of every list, never a 500', async () => {
    const { MASTER_LIST_KEYS, MASTER_LISTS } = await import('@domain/rules/master-lists');
    for (const key of MASTER_LIST_KEYS) {
      for (const f of MASTER_LISTS[key].fields)
        for (const value of BAD) {
          for (const [method, url] of [
            ['POST', `${BASE}/${key}`],
            ['PUT', `${BASE}/${key}/1`],
          ] as const) {
            const res = await admin.send(method, url, { [f.key]: value });
            expect(res.statusCode, `${method} ${url} ${f.key}=${JSON.stringify(value)}`).toBeLessThan(500);
            if (res.statusCode >= 400)
              expect(Object.keys(res.json()).sort()).toEqual(
                expect.arrayContaining(['error', 'message', 'statusCode']),
              );
          }
        }
    }
  }, 120_000);
});
