/**
 * The demo data of DEMO-DATA.md, one file per area: master data (master.ts), people (people.ts),
 * projects with team and classifications (projects.ts), setup and sessions (setup.ts), During records
 * (during.ts), closure (closure.ts) and the generated volume (generated.ts).
 *
 * The whole seed is one transaction, and every reference is resolved by natural key — people by login,
 * projects by code, master data by the spec's ids and names — never by an id a sequence handed out:
 * a first start killed while seeding leaves sequences advanced but no rows, and the next start seeds
 * again. On a fresh database the rows go in DEMO-DATA.md order (people 1–12, projects 1–9).
 */
import { sql } from 'kysely';
import { monday, type SeedContext, type SeedDb } from './context';
import { seedClosure } from './closure';
import { seedDuring } from './during';
import { seedGenerated } from './generated';
import { seedMaster } from './master';
import { seedPeople } from './people';
import { seedProjects } from './projects';
import { seedSetup } from './setup';

export { DEMO_PEOPLE, DEMO_TEAM, demoEmail, type DemoLogin } from './people';
export { DEMO_PROJECTS, type DemoCode } from './projects';

/** Serialises concurrent seeders (two replicas starting at once): held until the transaction ends. */
const SEED_LOCK = 72_530_001;

async function inTransaction<T>(db: SeedDb, work: (trx: SeedDb) => Promise<T>): Promise<T> {
  const run = async (trx: SeedDb) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    return work(trx);
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

async function seedAll(trx: SeedDb, opts: { projects: number }) {
  const now = new Date();
  await seedMaster(trx, now);
  const people = await seedPeople(trx);
  const base = {
    now,
    thisMonday: monday(now),
    person: (login: string) => {
      const id = people.get(login);
      if (id === undefined) throw new Error(`seed: unknown DEMO login ${login}`);
      return id;
    },
  };
  const ctx: SeedContext = { ...base, projects: await seedProjects(trx, base) };
  await seedSetup(trx, ctx);
  await seedDuring(trx, ctx);
  await seedClosure(trx, ctx);
  await seedGenerated(trx, opts.projects, now);
}

/**
 * Seeds the DEMO-DATA contract plus `projects` generated projects, in one transaction (or inside the
 * caller's transaction). Rows that already exist by natural key are kept, so running it again adds
 * nothing.
 */
export async function seedDemo(db: SeedDb, opts: { projects: number }) {
  await inTransaction(db, (trx) => seedAll(trx, opts));
}

/**
 * Whether the database holds no portal data yet: no project, and no person but the seed's own
 * (`…@example.com`, e.g. left by an interrupted seed). Master data alone does not count.
 */
export async function isEmpty(db: SeedDb): Promise<boolean> {
  const project = await db.selectFrom('projects').select('id').limit(1).executeTakeFirst();
  if (project) return false;
  const person = await db
    .selectFrom('professionals')
    .select('id')
    .where('email', 'not like', '%@example.com')
    .limit(1)
    .executeTakeFirst();
  return !person;
}

/**
 * Seeds only an empty database (see `isEmpty`); returns whether it seeded. Safe to call on every
 * start, after a crashed first start, and from several replicas at once.
 */
export async function seedIfEmpty(db: SeedDb, opts: { projects: number }): Promise<boolean> {
  const seeded = await inTransaction(db, async (trx) => {
    if (!(await isEmpty(trx))) return false;
    await seedAll(trx, opts);
    return true;
  });
  // planner statistics for the fresh tables (PGlite has no autovacuum): the report and supervision queries
  // otherwise start with blind plans (the One Page report's reads ran ~2× slower)
  if (seeded) await sql`analyze`.execute(db);
  return seeded;
}
