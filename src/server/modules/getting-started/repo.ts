import { sql } from 'kysely';
import { MASTER_LISTS, MASTER_LIST_KEYS, type MasterListKey } from '@domain/rules/master-lists';
import type { DB } from '../../db';

/** Table names of the master lists as SQL writes them (the catalogue names them in Kysely's camelCase). */
const snake = (t: string) => t.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The counts of the first administrator's guide, in one statement. */
export async function counts(db: DB) {
  const lists = sql.join(
    MASTER_LIST_KEYS.map(
      (key) =>
        sql`select ${key}::text as key, count(*)::int as n from ${sql.table(snake(MASTER_LISTS[key].table))} where deactivated_at is null`,
    ),
    sql` union all `,
  );
  const { rows } = await sql<{
    key: string;
    n: number;
  }>`${lists}
    union all select 'people.active', count(*)::int from professionals where is_active
    union all select 'people.provisioned', count(*)::int from professionals where is_active and scim_id is not null
    union all select 'people.tokens', count(*)::int from scim_tokens where revoked_at is null
    union all select 'projects', count(*)::int from projects`.execute(db);
  const last = await db
    .selectFrom('scimRequests')
    .select((eb) => eb.fn.max('at').as('at'))
    .where('status', '<', 400)
    .executeTakeFirst();
  const n = new Map(rows.map((r) => [r.key, Number(r.n)]));
  return {
    list: (key: MasterListKey) => n.get(key) ?? 0,
    active: n.get('people.active') ?? 0,
    provisioned: n.get('people.provisioned') ?? 0,
    tokens: n.get('people.tokens') ?? 0,
    projects: n.get('projects') ?? 0,
    lastProvisionedAt: last?.at ? new Date(last.at as unknown as string).toISOString() : null,
  };
}
