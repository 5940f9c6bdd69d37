import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDatabase, type DB, type DbHandle } from '@server/db';
import { migrateToLatest } from '@server/db/migrate';
import { DEMO_PEOPLE, DEMO_PROJECTS, isEmpty, seedDemo, seedIfEmpty } from '@server/db/seed';
import { openTestDatabase } from '../helpers';
import { InsertTrap } from './seed-crash-child';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

/** Every serial sequence of the schema with its state. */
async function sequences(db: DB) {
  const { rows } = await sql<{ name: string }>`
    select sequence_name as name from information_schema.sequences where sequence_schema = 'public' order by 1`.execute(
    db,
  );
  return rows.map((r) => r.name);
}

async function count(
  db: DB,
  table:
    | 'professionals'
    | 'projects'
    | 'practices'
    | 'projectTeam'
    | 'onePages'
    | 'projectSessions'
    | 'weeklyStatuses'
    | 'professionalDnas',
) {
  const r = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The DEMO-DATA contract, checked through natural keys only (logins and codes), whatever the ids. */
async function expectDemoData(db: DB, generated: number) {
  const people = await db
    .selectFrom('professionals')
    .select(['login', 'isActive', 'scopes'])
    .where('email', 'like', '%@example.com')
    .execute();
  const demoLogins = DEMO_PEOPLE.map(([login]) => login);
  expect(
    people
      .filter((p) => (demoLogins as readonly string[]).includes(p.login))
      .map((p) => p.login)
      .sort(),
  ).toEqual([...demoLogins].sort());
  expect(people.find((p) => p.login === 'rita.retired')!.isActive).toBe(false);
  expect(people.find((p) => p.login === 'alice.admin')!.scopes).toEqual(['API.Portal.Admin']);

  const projects = await db
    .selectFrom('projects')
    .select(['id', 'code', 'idStatus'])
    .where('code', 'like', 'DEMO-%')
    .execute();
  expect(projects.map((p) => [p.code, p.idStatus]).sort()).toEqual(
    DEMO_PROJECTS.map(([code, , status]) => [code, status]).sort(),
  );
  expect(await count(db, 'projects')).toBe(DEMO_PROJECTS.length + generated);

  const roles = await db
    .selectFrom('projectTeam as t')
    .innerJoin('projects as j', 'j.id', 't.projectId')
    .innerJoin('professionals as p', 'p.id', 't.professionalId')
    .select(['j.code', 'p.login', 't.isManager', 't.isPartner'])
    .where('j.code', 'like', 'DEMO-%')
    .execute();
  for (const [code] of DEMO_PROJECTS) {
    const team = roles.filter((r) => r.code === code);
    expect(
      team.filter((t) => t.isManager).map((t) => t.login),
      code,
    ).toEqual(['marcos.manager']);
    expect(
      team.filter((t) => t.isPartner).map((t) => t.login),
      code,
    ).toEqual(['paula.partner']);
    expect(team.map((t) => t.login).sort(), code).toEqual([
      'carla.consultant',
      'dora.director',
      'ivan.intern',
      'marcos.manager',
      'paula.partner',
    ]);
  }
  // Every DEMO project's first status was set by Alice.
  const history = await db
    .selectFrom('projectStatusHistory as h')
    .innerJoin('projects as j', 'j.id', 'h.projectId')
    .innerJoin('professionals as p', 'p.id', 'h.changedBy')
    .select(['j.code', 'p.login'])
    .where('j.code', 'like', 'DEMO-%')
    .execute();
  expect(history).toHaveLength(DEMO_PROJECTS.length);
  expect(new Set(history.map((h) => h.login))).toEqual(new Set(['alice.admin']));
  // DEMO-DURING: Ivan's setup assessment is the one missing.
  const missing = await db
    .selectFrom('projectTeam as t')
    .innerJoin('projects as j', 'j.id', 't.projectId')
    .innerJoin('professionals as p', 'p.id', 't.professionalId')
    .leftJoin('setupAssessments as a', (join) =>
      join.onRef('a.projectId', '=', 't.projectId').onRef('a.professionalId', '=', 't.professionalId'),
    )
    .select(['j.code', 'p.login'])
    .where('a.id', 'is', null)
    .where('t.isManager', '=', false)
    .where('t.isPartner', '=', false)
    .where('p.jobTitle', 'in', ['Intern', 'Analyst', 'Consultant', 'Specialist'])
    .where('j.code', 'like', 'DEMO-%')
    .execute();
  expect(missing).toEqual([{ code: 'DEMO-DURING', login: 'ivan.intern' }]);
  // Records on the screens point at the right people: this week's one-page of DEMO-DURING is open,
  // the earlier ones were submitted by Marcos; the weekly status and evaluations of DEMO-BRAZIL exist.
  const pages = await db
    .selectFrom('onePages as o')
    .innerJoin('projects as j', 'j.id', 'o.projectId')
    .leftJoin('professionals as p', 'p.id', 'o.submittedById')
    .select(['o.initialDate', 'p.login'])
    .where('j.code', '=', 'DEMO-DURING')
    .orderBy('o.initialDate')
    .execute();
  expect(pages.map((p) => p.login)).toEqual(['marcos.manager', 'marcos.manager', null]);
  const evaluations = await db
    .selectFrom('projectEvaluations as e')
    .innerJoin('projects as j', 'j.id', 'e.projectId')
    .innerJoin('professionals as ev', 'ev.id', 'e.evaluatorId')
    .select(['ev.login'])
    .where('j.code', '=', 'DEMO-BRAZIL')
    .execute();
  expect(evaluations.map((e) => e.login)).toEqual(['marcos.manager', 'marcos.manager', 'marcos.manager']);
  // Every generated project has exactly one manager.
  const managers = await db
    .selectFrom('projects as j')
    .leftJoin('projectTeam as t', (join) =>
      join.onRef('t.projectId', '=', 'j.id').on('t.isManager', '=', true),
    )
    .select(['j.code', (eb) => eb.fn.count<number>('t.id').as('n')])
    .where('j.code', 'like', 'PRJ-%')
    .groupBy('j.code')
    .execute();
  expect(managers).toHaveLength(generated);
  expect(managers.every((m) => Number(m.n) === 1)).toBe(true);
}

describe('a seed that fails midway (one transaction, natural keys)', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openTestDatabase();
    await migrateToLatest(h.db);
  });
  afterAll(() => h?.close());

  it('leaves no rows; with every sequence advanced the next seedIfEmpty seeds the DEMO data with its relations', async () => {
    const failing = h.db.withPlugin(
      new InsertTrap('one_pages', 1, () => {
        throw new Error('power cut while seeding');
      }),
    );
    await expect(seedIfEmpty(failing, { projects: 12 })).rejects.toThrow('power cut while seeding');
    expect(await count(h.db, 'practices')).toBe(0);
    expect(await count(h.db, 'professionals')).toBe(0);
    expect(await count(h.db, 'projects')).toBe(0);
    expect(await isEmpty(h.db)).toBe(true);

    // The rolled-back transaction consumed ids; a crash of a bigger seed consumes more: advance them all.
    const seqs = await sequences(h.db);
    expect(seqs).toEqual(
      expect.arrayContaining(['professionals_id_seq', 'projects_id_seq', 'project_status_history_id_seq']),
    );
    for (const seq of seqs) await sql`select setval(${seq}::regclass, 500)`.execute(h.db);

    // Two starts at once (two replicas): exactly one seeds.
    const seeded = await Promise.all([
      seedIfEmpty(h.db, { projects: 12 }),
      seedIfEmpty(h.db, { projects: 12 }),
    ]);
    expect(seeded.sort()).toEqual([false, true]);

    const alice = await h.db
      .selectFrom('professionals')
      .select('id')
      .where('login', '=', 'alice.admin')
      .executeTakeFirstOrThrow();
    expect(alice.id).toBeGreaterThan(500); // not the DEMO ids: references had to be resolved by login
    await expectDemoData(h.db, 12);
  });

  it('seeding again adds nothing and seedIfEmpty refuses', async () => {
    const tables = [
      'professionals',
      'projects',
      'projectTeam',
      'onePages',
      'projectSessions',
      'weeklyStatuses',
      'professionalDnas',
    ] as const;
    const before = await Promise.all(tables.map((t) => count(h.db, t)));
    await seedDemo(h.db, { projects: 12 });
    expect(await Promise.all(tables.map((t) => count(h.db, t)))).toEqual(before);
    expect(await seedIfEmpty(h.db, { projects: 12 })).toBe(false);
    await expectDemoData(h.db, 12);
  });

  it('never seeds a database that holds real people', async () => {
    await expect(
      h.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('projects').execute();
        expect(await isEmpty(trx)).toBe(true); // the seed's own people (…@example.com) do not count
        await trx
          .insertInto('professionals')
          .values({ name: 'Real Person', email: 'real.person@firm.test', login: 'real.person' })
          .execute();
        expect(await isEmpty(trx)).toBe(false);
        expect(await seedIfEmpty(trx, { projects: 0 })).toBe(false);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await count(h.db, 'projects')).toBe(DEMO_PROJECTS.length + 12);
  });
});

// The embedded database: the first start is killed (SIGKILL) in the middle of seeding.
describe.skipIf(!!process.env.TEST_DATABASE_URL)(
  'a data directory whose first start was killed while seeding',
  () => {
    it('starts and seeds on the next try', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-crash-'));
      try {
        // 3,000 generated projects: enough WAL that the advanced sequences reach the disk before the kill.
        const child = spawnSync(
          process.execPath,
          ['--import', 'tsx', path.join(here, 'seed-crash-child.ts'), dir, 'one_pages', '2', '3000'],
          { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 },
        );
        expect(child.stdout).toContain('killing myself at insert 2 into one_pages');
        expect(child.signal).toBe('SIGKILL');

        const h = await openDatabase({ dataDir: dir });
        try {
          expect(await migrateToLatest(h.db)).toEqual([]); // the migrations had committed
          expect(await count(h.db, 'professionals')).toBe(0); // the seed had not
          const seq = await sql<{
            lastValue: number;
            isCalled: boolean;
          }>`select last_value, is_called from professionals_id_seq`.execute(h.db);
          // The defect's precondition: the killed transaction's ids were used up (the old seed's literal ids then broke).
          expect(seq.rows[0]!.isCalled).toBe(true);
          expect(Number(seq.rows[0]!.lastValue)).toBeGreaterThan(DEMO_PEOPLE.length);

          expect(await seedIfEmpty(h.db, { projects: 8 })).toBe(true);
          await expectDemoData(h.db, 8);
        } finally {
          await h.close();
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 90_000);
  },
);
