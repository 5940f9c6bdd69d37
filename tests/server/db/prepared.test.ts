import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle } from '@server/db';
import { migrateToLatest } from '@server/db/migrate';
import { prepared } from '@server/db/prepared';
import { openTestDatabase } from '../helpers';

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
  await migrateToLatest(h.db);
  await h.db
    .insertInto('languages')
    .values([
      { id: 9001, name: 'Prepared A' },
      { id: 9002, name: 'Prepared B' },
      { id: 9003, name: 'Prepared C' },
    ])
    .execute();
}, 120_000);
afterAll(() => h.close());

describe('prepared statements (compiled once, run with each call’s values)', () => {
  const byNames = prepared((db: typeof h.db, first: string, second: string) =>
    db
      .selectFrom('languages')
      .select(['id', 'name'])
      .where((eb) => eb.or([eb('name', '=', first), eb('name', '=', second)]))
      .where('name', 'like', 'Prepared %')
      .orderBy('name'),
  );

  it('each call gets its own values, in the order the statement uses them, with camelCase results', async () => {
    expect((await byNames(h.db, 'Prepared A', 'Prepared C')).map((r) => r.name)).toEqual([
      'Prepared A',
      'Prepared C',
    ]);
    expect((await byNames(h.db, 'Prepared C', 'Prepared B')).map((r) => r.name)).toEqual([
      'Prepared B',
      'Prepared C',
    ]);
    expect(await byNames(h.db, 'nobody', 'nobody else')).toEqual([]);
  });

  it('an argument used several times takes its value at each place; constants stay as compiled', async () => {
    const twice = prepared((db: typeof h.db, name: string) =>
      db.selectNoFrom((eb) => [
        eb.exists(eb.selectFrom('languages').select('id').where('name', '=', name)).as('found'),
        sql<string>`${name} || ${'!'}`.as('shout'),
      ]),
    );
    expect(await twice(h.db, 'Prepared B')).toEqual([{ found: true, shout: 'Prepared B!' }]);
    expect(await twice(h.db, 'Other')).toEqual([{ found: false, shout: 'Other!' }]);
  });

  it('values with quotes, backslashes and comment marks arrive as they are (no way out of their literal)', async () => {
    const echo = prepared((db: typeof h.db, text: string, when: Date, n: number, yes: boolean) =>
      db.selectNoFrom(() => [
        sql<string>`${text}::text`.as('text'),
        sql<string>`to_char(${when}::timestamptz at time zone 'UTC', 'YYYY-MM-DD HH24:MI')`.as('when'),
        sql<number>`${n}::int`.as('n'),
        sql<boolean>`${yes}::boolean`.as('yes'),
      ]),
    );
    const nasty = "O'Brien \\'); drop table languages; -- /* */ \n ''";
    expect(await echo(h.db, nasty, new Date('2026-11-27T10:30:00Z'), -7, false)).toEqual([
      { text: nasty, when: '2026-11-27 10:30', n: -7, yes: false },
    ]);
    expect(await h.db.selectFrom('languages').select('id').where('id', '=', 9001).execute()).toHaveLength(1);
  });

  it('the embedded database keeps the statement prepared (EXECUTE, planned once)', async () => {
    if (h.kind !== 'pglite') return; // PostgreSQL: pg's unnamed statements, planned per call
    await byNames(h.db, 'Prepared A', 'Prepared B');
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
      h.db,
    );
    expect(rows.some((r) => r.statement.includes('from "languages"') && r.statement.includes('like'))).toBe(
      true,
    );
  });

  it('a table changed under a prepared statement (a newer replica migrated): prepared again, the new columns answered', async () => {
    const all = prepared((db: typeof h.db, id: number) =>
      db.selectFrom('languages').selectAll().where('id', '=', id),
    );
    const before = await all(h.db, 9001);
    expect(before).toMatchObject([{ id: 9001, name: 'Prepared A' }]);
    expect(before[0]).not.toHaveProperty('note');
    await sql`alter table languages add column note text default 'added'`.execute(h.db);
    try {
      expect(await all(h.db, 9001)).toMatchObject([{ id: 9001, name: 'Prepared A', note: 'added' }]);
    } finally {
      await sql`alter table languages drop column note`.execute(h.db);
    }
    const after = await all(h.db, 9002);
    expect(after).toMatchObject([{ id: 9002, name: 'Prepared B' }]);
    expect(after[0]).not.toHaveProperty('note');
  });

  it('refuses a statement that does not use one of its arguments as a parameter', async () => {
    const unused = prepared((db: typeof h.db, _name: string) => db.selectFrom('languages').select('id'));
    await expect(unused(h.db, 'x')).rejects.toThrow(/argument 0 is not a parameter/);
  });
});
