/**
 * No silent overwrite: every editable record type answers an ETag, accepts If-Match on writes, and
 * answers 412 with the current record when the client's version is stale; without If-Match the write
 * still works (the firm's other clients).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';
import { request, type Method } from './request';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

/** Two people load the same record, the first saves, the second's save is refused with the first's change. */
async function twoEditors(opts: {
  get: string;
  put: string;
  method?: Method;
  first: object;
  second: object;
  firstLogin: string;
  secondLogin: string;
  check: (current: any) => void;
}) {
  const loaded = await request(ctx, opts.firstLogin).get(opts.get);
  expect(loaded.statusCode).toBe(200);
  const etag = loaded.headers.etag as string;
  expect(etag).toMatch(/^"\d+"$/);
  const first = await request(ctx, opts.firstLogin).send(opts.method ?? 'PUT', opts.put, opts.first, {
    ifMatch: etag,
  });
  expect(first.statusCode).toBe(200);
  expect(first.headers.etag).not.toBe(etag);
  const second = await request(ctx, opts.secondLogin).send(opts.method ?? 'PUT', opts.put, opts.second, {
    ifMatch: etag,
  });
  expect(second.statusCode).toBe(412);
  expect(second.json()).toMatchObject({ statusCode: 412, error: 'Precondition Failed' });
  opts.check(second.json().current);
  expect(second.headers.etag).toBe(first.headers.etag);
  // with the current version the second person's save goes through; without If-Match too
  expect(
    (
      await request(ctx, opts.secondLogin).send(opts.method ?? 'PUT', opts.put, opts.second, {
        ifMatch: second.headers.etag as string,
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (await request(ctx, opts.firstLogin).send(opts.method ?? 'PUT', opts.put, opts.first)).statusCode,
  ).toBe(200);
  // a malformed If-Match is a 400
  expect(
    (await request(ctx, opts.firstLogin).send(opts.method ?? 'PUT', opts.put, opts.first, { ifMatch: 'abc' }))
      .statusCode,
  ).toBe(400);
}

describe('ETag / If-Match on every editable record', () => {
  it('toolkit rows', async () => {
    const [t1, t2] = (
      await ctx.db
        .selectFrom('toolkits')
        .select('id')
        .where('isActive', '=', true)
        .orderBy('id')
        .limit(2)
        .execute()
    ).map((r) => r.id);
    await ctx.db.deleteFrom('projectToolkits').where('projectId', '=', 3).execute();
    const row = await ctx.db
      .insertInto('projectToolkits')
      .values({ projectId: 3, toolkitId: t1!, idStatus: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await twoEditors({
      get: `/api/project/3/toolkits/${row.id}`,
      put: `/api/project/3/toolkits/${row.id}`,
      first: { id: row.id, idToolkit: t2, idStatus: 1 },
      second: { id: row.id, idToolkit: t1, idStatus: 1 },
      firstLogin: 'marcos.manager',
      secondLogin: 'alice.admin',
      check: (current) => expect(current).toMatchObject({ id: row.id, idToolkit: t2, idStatus: 1 }),
    });
  });

  it('evaluations', async () => {
    const cycle = await ctx.db
      .selectFrom('evaluationCycles')
      .select('id')
      .where('isActive', '=', true)
      .executeTakeFirstOrThrow();
    const ev = await ctx.db
      .insertInto('projectEvaluations')
      .values({ projectId: 3, professionalId: 9, cycleId: cycle.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = await request(ctx, 'marcos.manager').get('/api/project-evaluations/project/3');
    const loaded = list.json().find((e: { id: number }) => e.id === ev.id);
    const body = {
      idProfessional: 9,
      idEvaluator: null,
      idValidator: null,
      idPartner: null,
      isEligible: true,
    };
    const first = await request(ctx, 'marcos.manager').put(
      `/api/project-evaluations/${ev.id}`,
      { ...body, idEvaluator: 6 },
      { ifMatch: `"${loaded.version}"` },
    );
    expect(first.statusCode).toBe(200);
    const second = await request(ctx, 'paula.partner').put(
      `/api/project-evaluations/${ev.id}`,
      { ...body, isEligible: false },
      { ifMatch: `"${loaded.version}"` },
    );
    expect(second.statusCode).toBe(412);
    expect(second.json().current).toMatchObject({ id: ev.id, idEvaluator: 6, isEligible: true });
    const row = await ctx.db
      .selectFrom('projectEvaluations')
      .select(['isEligible', 'evaluatorId'])
      .where('id', '=', ev.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ isEligible: true, evaluatorId: 6 });
  });

  it('ID One records', async () => {
    const rec = await ctx.db
      .insertInto('projectIdOnes')
      .values({ projectId: 9, numberProfile: 1, additionalProfiles: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const body = {
      idResponsibleDefinition: null,
      numberProfile: 1,
      additionalProfiles: 0,
      clientNameDefined: false,
    };
    const first = await request(ctx, 'carla.consultant').put(
      `/api/project-id-ones/${rec.id}`,
      { ...body, numberProfile: 5 },
      { ifMatch: '"1"' },
    );
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe('"2"');
    const second = await request(ctx, 'ida.idone').put(
      `/api/project-id-ones/${rec.id}`,
      { ...body, numberProfile: 7 },
      { ifMatch: '"1"' },
    );
    expect(second.statusCode).toBe(412);
    expect(second.json().current).toMatchObject({ id: rec.id, numberProfile: 5, version: 2 });
    expect(
      (
        await ctx.db
          .selectFrom('projectIdOnes')
          .select('numberProfile')
          .where('id', '=', rec.id)
          .executeTakeFirstOrThrow()
      ).numberProfile,
    ).toBe(5);
  });
});

describe('a body that carries the version it read is a precondition like If-Match', () => {
  it('a stale copy of a toolkit row, sent back with its old version and no If-Match, is refused with 412', async () => {
    const [t1, t2, t3] = (
      await ctx.db
        .selectFrom('toolkits')
        .select('id')
        .where('isActive', '=', true)
        .orderBy('id')
        .limit(3)
        .execute()
    ).map((r) => r.id);
    await ctx.db.deleteFrom('projectToolkits').where('projectId', '=', 3).execute();
    const row = await ctx.db
      .insertInto('projectToolkits')
      .values({ projectId: 3, toolkitId: t1!, idStatus: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = `/api/project/3/toolkits/${row.id}`;
    // two clients read the same record
    const read = (await request(ctx, 'alice.admin').get(url)).json();
    expect(read.version).toBeGreaterThan(0);
    // A saves its change, sending the record back with the version it read
    const a = await request(ctx, 'marcos.manager').put(url, { ...read, idToolkit: t2 });
    expect(a.statusCode).toBe(200);
    expect(a.json().version).toBe(read.version + 1);
    // B saves its stale copy: refused, with A's change as the current record
    const b = await request(ctx, 'alice.admin').put(url, { ...read, idToolkit: t3 });
    expect(b.statusCode).toBe(412);
    expect(b.json().current).toMatchObject({ idToolkit: t2, version: read.version + 1 });
    expect(b.headers.etag).toBe(`"${read.version + 1}"`);
    const stored = await ctx.db
      .selectFrom('projectToolkits')
      .select('toolkitId')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(stored.toolkitId).toBe(t2);
    // the current version in the body writes; a body without a version keeps today's compatibility
    expect(
      (await request(ctx, 'alice.admin').put(url, { ...b.json().current, idToolkit: t3 })).statusCode,
    ).toBe(200);
    expect((await request(ctx, 'alice.admin').put(url, { idToolkit: t1, idStatus: 0 })).statusCode).toBe(200);
    // If-Match wins over the body's version
    const current = (await request(ctx, 'alice.admin').get(url)).json();
    const byHeader = await request(ctx, 'alice.admin').put(
      url,
      { ...current, version: 1 },
      { ifMatch: `"${current.version}"` },
    );
    expect(byHeader.statusCode).toBe(200);
  });
});
