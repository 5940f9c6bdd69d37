/**
 * A provisioning cycle shaped like Entra's (Test Connection, then for every user `filter userName eq` → create →
 * group adds, then updates, disables, re-enables, member removals and deletes, with Entra's default PATCH shapes):
 * 1,000 users on PostgreSQL (npm run test:pg), 100 on the embedded database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../../helpers';
import { createToken, percentile, runEntraCycle, scimClient } from './scim-helpers';

const N = process.env.TEST_DATABASE_URL ? 1000 : 100;
let ctx: TestContext;
beforeAll(async () => {
  // the per-token rate limit is tested on its own (auth.test.ts); this measures the cycle itself
  const base = (await import('@server/config')).loadConfig({});
  ctx = await createTestContext({
    projects: 0,
    config: { people: { ...base.people, scimRequestsPerSecond: 10_000 } },
  });
});
afterAll(() => ctx?.close());

describe(`an Entra provisioning cycle of ${N} users`, () => {
  it('provisions, updates, disables, re-enables and deletes them with every answer as Entra expects', async () => {
    const client = scimClient(ctx.app, await createToken(ctx.db, 'Entra ID'));
    const result = await runEntraCycle([client], N);
    console.log(
      `entra cycle: ${N} users, ${result.requests} requests in ${Math.round(result.ms)} ms (${Math.round((result.requests / result.ms) * 1000)} requests/s, p99 ${percentile(result.latencies, 99).toFixed(1)} ms)`,
    );
    expect(result.problems).toEqual([]);
    expect(result.users).toHaveLength(N);

    const rows = await ctx.db
      .selectFrom('professionals')
      .select(['email', 'scimId', 'isActive', 'jobTitle', 'department', 'name', 'scopes', 'managerId'])
      .where('email', 'like', 'cycle%@contoso.example')
      .execute();
    expect(rows).toHaveLength(N); // deleted users stay, inactive
    const byN = new Map(rows.map((r) => [Number(/^cycle(\d+)@/.exec(r.email)![1]), r]));
    for (const [n, r] of byN) {
      const deleted = n % 10 === 3;
      const disabled = n % 5 === 0 && n % 10 !== 0;
      expect(r.scimId === null, `user ${n} scim id`).toBe(deleted);
      expect(r.isActive, `user ${n} active`).toBe(!deleted && !disabled);
      expect(r).toMatchObject({ jobTitle: 'Senior Consultant', department: 'Digital', name: `Updated ${n}` });
      const knw = n % 2 === 0 && n % 4 !== 0 && !deleted;
      expect(r.scopes.includes('API.Portal.KNW'), `user ${n} KNW`).toBe(knw);
      if (n !== 1) expect(r.managerId).not.toBeNull();
    }
    const consultants = await ctx.db
      .selectFrom('scimGroupMembers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('groupId', '=', result.groups['cycle consultants']!)
      .executeTakeFirstOrThrow();
    expect(Number(consultants.n)).toBe(N - N / 10);
    const history = await sql<{
      n: number;
    }>`select count(*)::int as n from people_history h join professionals p on p.id = h.professional_id
      where p.email like 'cycle%' and h.source = 'scim' and h.actor = 'Entra ID'`.execute(ctx.db);
    expect(history.rows[0]!.n).toBeGreaterThan(N * 3);
  }, 600_000);
});
