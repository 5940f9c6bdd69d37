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

  it('refuses a statement that does not use one of its arguments as a parameter', async () => {
    const unused = prepared((db: typeof h.db, _name: string) => db.selectFrom('languages').select('id'));
    await expect(unused(h.db, 'x')).rejects.toThrow(/argument 0 is not a parameter/);
  });
});
