/**
 * Provisioning on any replica: two server instances on one database (PostgreSQL under npm run test:pg, the
 * embedded database otherwise) serve one Entra cycle round-robin; concurrent creates of one userName on both make
 * one professional (the other 409 uniqueness); a user disabled on one replica is refused at sign-in on the other at
 * once and on its next request after the directory cache.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { openDatabase, type DbHandle } from '@server/db';
import { signDevIdpToken } from '@server/auth/identity';
import { DIRECTORY_CACHE_MS } from '@server/auth';
import { createTestContext, type TestContext } from '../../helpers';
import {
  createToken,
  entraUser,
  filterQuery,
  percentile,
  runEntraCycle,
  scimClient,
  type ScimClient,
} from './scim-helpers';

const N = process.env.TEST_DATABASE_URL ? 1000 : 60;
let ctx: TestContext;
let second: FastifyInstance;
let secondHandle: DbHandle | undefined;
let a: ScimClient;
let b: ScimClient;
beforeAll(async () => {
  const base = (await import('@server/config')).loadConfig({});
  ctx = await createTestContext({
    projects: 0,
    config: { people: { ...base.people, scimRequestsPerSecond: 10_000 } },
  });
  // the second replica: its own pool on the same PostgreSQL database (the embedded one is shared in-process)
  if (ctx.handle.connectionString)
    secondHandle = await openDatabase({ databaseUrl: ctx.handle.connectionString });
  second = await buildApp({ db: secondHandle?.db ?? ctx.db, config: ctx.config, keys: ctx.keys });
  await second.ready();
  const token = await createToken(ctx.db, 'Entra ID');
  a = scimClient(ctx.app, token);
  b = scimClient(second, token);
});
afterAll(async () => {
  await second?.close();
  await secondHandle?.close();
  await ctx?.close();
});

async function signIn(app: FastifyInstance, email: string) {
  const token = await signDevIdpToken(ctx.keys, ctx.config.publicUrl, {
    email,
    name: email,
    login: email.split('@')[0]!,
  });
  return app.inject({
    method: 'POST',
    url: '/auth/signin',
    headers: { authorization: `Bearer ${token}` },
    payload: { scopes: ['portal'] },
  });
}

describe('SCIM on two replicas', () => {
  it(`serves an Entra cycle of ${N} users round-robin across both replicas`, async () => {
    const result = await runEntraCycle([a, b], N, { prefix: 'replica' });
    console.log(
      `two replicas: ${N} users, ${result.requests} requests in ${Math.round(result.ms)} ms (p99 ${percentile(result.latencies, 99).toFixed(1)} ms)`,
    );
    expect(result.problems).toEqual([]);
    const active = await ctx.db
      .selectFrom('professionals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', 'like', 'replica%')
      .where('isActive', '=', true)
      .executeTakeFirstOrThrow();
    // deleted (n % 10 = 3) and disabled-not-re-enabled (n % 5 = 0, n % 10 ≠ 0) are inactive
    const inactive = Array.from({ length: N }, (_, i) => i + 1).filter(
      (n) => n % 10 === 3 || (n % 5 === 0 && n % 10 !== 0),
    ).length;
    expect(Number(active.n)).toBe(N - inactive);
  }, 600_000);

  it('concurrent creates of one userName on both replicas make one professional; the others are 409 uniqueness', async () => {
    for (let round = 0; round < 5; round++) {
      const user = entraUser(`race${round}`);
      const results = await Promise.all([
        a.post('/Users', user),
        b.post('/Users', user),
        a.post('/Users', user),
        b.post('/Users', user),
      ]);
      expect(results.map((r) => r.status).sort(), JSON.stringify(results.map((r) => r.body))).toEqual([
        201, 409, 409, 409,
      ]);
      for (const r of results.filter((x) => x.status === 409)) expect(r.body.scimType).toBe('uniqueness');
      const rows = await ctx.db
        .selectFrom('professionals')
        .select('id')
        .where('email', '=', user.userName)
        .execute();
      expect(rows).toHaveLength(1);
    }
  });

  it('a user disabled on one replica is refused at sign-in on the other at once, and on its next request after the directory cache', async () => {
    const created = await a.post('/Users', entraUser('leaver'));
    const email = created.body.userName as string;
    const session = await signIn(second, email);
    expect(session.statusCode).toBe(200);
    const portal = { authorization: `Bearer ${session.json().accessToken}` };
    const call = () => second.inject({ method: 'GET', url: '/api/me/notifications', headers: portal });
    expect((await call()).statusCode).toBe(200);
    expect(
      (await a.patch(`/Users/${created.body.id}`, [{ op: 'Replace', path: 'active', value: 'False' }]))
        .status,
    ).toBe(200);
    expect((await signIn(second, email)).statusCode).toBe(401);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + DIRECTORY_CACHE_MS + 1000 });
    try {
      expect((await call()).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
    // and the resource reads the same on both
    const onB = await b.get(`/Users?${filterQuery(`userName eq "${email}"`)}`);
    expect(onB.body.Resources[0]).toMatchObject({ id: created.body.id, active: false });
  });
});

describe('SCIM changes of users and their groups at once', () => {
  it('deprovisions members while their groups change, on both replicas, with no failure and a consistent result', async () => {
    const members = [];
    for (let i = 0; i < 12; i++)
      members.push((await a.post('/Users', entraUser(`mix${i}`))).body as { id: string });
    const g1 = (
      await a.post('/Groups', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        displayName: 'API.Portal.PDC',
        members: members.map((m) => ({ value: m.id })),
      })
    ).body;
    const g2 = (
      await b.post('/Groups', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        displayName: 'Mixers',
        members: members.map((m) => ({ value: m.id })),
      })
    ).body;
    const calls = members.flatMap((m, i) => [
      (i % 2 ? a : b).del(`/Users/${m.id}`),
      (i % 2 ? b : a).patch(`/Groups/${g1.id}`, [
        { op: 'Remove', path: 'members', value: [{ value: m.id }] },
      ]),
      (i % 2 ? a : b).patch(`/Groups/${g2.id}`, [
        { op: 'Replace', path: 'displayName', value: `Mixers ${i}` },
      ]),
      (i % 2 ? b : a).patch(`/Users/${m.id}`, [{ op: 'Replace', path: 'title', value: 'Leaving' }]),
    ]);
    const results = await Promise.all(calls);
    const unexpected = results.filter((r) => r.status >= 500 || ![200, 204, 404].includes(r.status));
    expect(unexpected.map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
    const left = await ctx.db
      .selectFrom('scimGroupMembers')
      .select('professionalId')
      .where('groupId', 'in', [g1.id, g2.id])
      .execute();
    expect(left).toEqual([]);
    const rows = await ctx.db
      .selectFrom('professionals')
      .select(['isActive', 'scimId', 'scopes'])
      .where('email', 'like', 'usermix%')
      .execute();
    expect(rows.every((r) => !r.isActive && r.scimId === null && !r.scopes.includes('API.Portal.PDC'))).toBe(
      true,
    );
  });
});
