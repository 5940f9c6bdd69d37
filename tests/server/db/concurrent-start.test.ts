import { describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db';
import { migrateToLatest } from '@server/db/migrate';
import { seedIfEmpty } from '@server/db/seed';
import { loadKeys } from '@server/auth/keys';
import { openTestDatabase } from '../helpers';

// Three replicas starting at the same moment on one empty PostgreSQL database (npm run test:pg): the schema is
// migrated once, the demo data seeded once, and all three end with the same keys. (The embedded database has one
// process by construction.)
describe.skipIf(!process.env.TEST_DATABASE_URL)('three replicas start at once', () => {
  it('migrate once, seed once, share the keys', async () => {
    const first = await openTestDatabase();
    const others = await Promise.all(
      [1, 2].map(() => openDatabase({ databaseUrl: first.connectionString! })),
    );
    const replicas = [first, ...others];
    try {
      const started = await Promise.all(
        replicas.map(async (h) => {
          const migrated = await migrateToLatest(h.db);
          const seeded = await seedIfEmpty(h.db, { projects: 10 });
          const keys = await loadKeys('memory://', undefined, h.db);
          return {
            migrated,
            seeded,
            kid: keys.devIdp.kid,
            secret: Buffer.from(keys.portalSecret).toString('hex'),
          };
        }),
      );
      // exactly one replica ran the migrations and exactly one seeded
      expect(started.filter((s) => s.migrated.length > 0)).toHaveLength(1);
      expect(started.filter((s) => s.seeded)).toHaveLength(1);
      expect(new Set(started.map((s) => s.kid)).size).toBe(1);
      expect(new Set(started.map((s) => s.secret)).size).toBe(1);
      const db = first.db;
      const projects = await db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const people = await db
        .selectFrom('professionals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('login', '=', 'alice.admin')
        .executeTakeFirstOrThrow();
      expect(Number(people.n)).toBe(1);
      expect(Number(projects.n)).toBe(9 + 10); // the nine DEMO projects and ten generated, once
    } finally {
      for (const h of others) await h.close();
      await first.close();
    }
  }, 180_000);
});
