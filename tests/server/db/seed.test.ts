import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../helpers';
import type { DbHandle } from '@server/db';
import { migrateToLatest } from '@server/db/migrate';
import { seedIfEmpty, DEMO_PEOPLE, DEMO_PROJECTS } from '@server/db/seed';
import { migrations } from '@server/db/migrations';

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDatabase();
  expect(await migrateToLatest(h.db)).toEqual(Object.keys(migrations).sort());
  expect(await seedIfEmpty(h.db, { projects: 25 })).toBe(true);
});
afterAll(() => h?.close());

describe('migrations and the DEMO-DATA seed', () => {
  it('migrating again does nothing and seeding again is refused', async () => {
    expect(await migrateToLatest(h.db)).toEqual([]);
    expect(await seedIfEmpty(h.db, { projects: 25 })).toBe(false);
    const n = await h.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(9 + 25);
  });

  it('seeds the DEMO people with their ids, scopes and activity', async () => {
    const people = await h.db
      .selectFrom('professionals')
      .select(['id', 'login', 'name', 'jobTitle', 'scopes', 'isActive', 'email'])
      .where('id', '<=', 12)
      .orderBy('id')
      .execute();
    expect(people.map((p) => [p.id, p.login, p.name, p.jobTitle, p.scopes])).toEqual(
      DEMO_PEOPLE.map(([login, name, title, scopes], i) => [i + 1, login, name, title, [...scopes]]),
    );
    expect(people.filter((p) => !p.isActive).map((p) => p.login)).toEqual(['rita.retired']);
    expect(people.every((p) => p.email === `${p.login}@example.com`)).toBe(true);
  });

  it('seeds the DEMO projects with ids 1–9, statuses and the team roles', async () => {
    const projects = await h.db
      .selectFrom('projects')
      .select(['id', 'code', 'idStatus', 'closedAt', 'clientId', 'endDate'])
      .where('id', '<=', 9)
      .orderBy('id')
      .execute();
    expect(projects.map((p) => [p.id, p.code, p.idStatus])).toEqual(
      DEMO_PROJECTS.map(([code, , status], i) => [i + 1, code, status]),
    );
    expect(projects.every((p) => p.clientId && p.endDate)).toBe(true);
    expect(projects.find((p) => p.code === 'DEMO-FINISHED')!.closedAt).not.toBeNull();
    const team = await h.db
      .selectFrom('projectTeam as t')
      .innerJoin('professionals as p', 'p.id', 't.professionalId')
      .select(['p.login', 't.isManager', 't.isPartner'])
      .where('t.projectId', '=', 3)
      .execute();
    expect(team.filter((t) => t.isManager).map((t) => t.login)).toEqual(['marcos.manager']);
    expect(team.filter((t) => t.isPartner).map((t) => t.login)).toEqual(['paula.partner']);
    expect(team.map((t) => t.login).sort()).toEqual([
      'carla.consultant',
      'dora.director',
      'ivan.intern',
      'marcos.manager',
      'paula.partner',
    ]);
    const oscar = await h.db
      .selectFrom('projectTeam')
      .select('id')
      .where('professionalId', '=', 11)
      .execute();
    expect(oscar).toEqual([]);
  });

  it('Ivan is missing his assessment on DEMO-DURING only', async () => {
    // members who must fill the setup assessment (not manager or partner; interns … specialists) and have not
    const missing = await h.db
      .selectFrom('projectTeam as t')
      .innerJoin('professionals as p', 'p.id', 't.professionalId')
      .leftJoin('setupAssessments as a', (j) =>
        j.onRef('a.projectId', '=', 't.projectId').onRef('a.professionalId', '=', 't.professionalId'),
      )
      .select(['t.projectId', 'p.name'])
      .where('a.id', 'is', null)
      .where('t.isManager', '=', false)
      .where('t.isPartner', '=', false)
      .where('p.jobTitle', 'in', ['Intern', 'Analyst', 'Consultant', 'Specialist']) // the job titles who must assess
      .where('t.projectId', '<=', 9)
      .execute();
    expect(missing).toEqual([{ projectId: 3, name: 'Ivan Ito' }]);
  });

  it('geographic 223 only on DEMO-BRAZIL, with ID One records', async () => {
    const brazil = await h.db
      .selectFrom('projectGeographics')
      .select('projectId')
      .where('geographicId', '=', 223)
      .where('projectId', '<=', 9)
      .execute();
    expect(brazil.map((b) => b.projectId)).toEqual([9]);
    const idOnes = await h.db.selectFrom('projectIdOnes').select('projectId').execute();
    expect(new Set(idOnes.map((r) => r.projectId))).toEqual(new Set([9]));
  });

  it("toolkits in every status; this week's one-page is not submitted on DEMO-DURING; close-out complete only where it should be", async () => {
    const statuses = await h.db
      .selectFrom('projectToolkits')
      .select('idStatus')
      .where('projectId', '=', 2)
      .orderBy('idStatus')
      .execute();
    expect(statuses.map((s) => s.idStatus)).toEqual([0, 1, 2, 3]);
    const latest = await h.db
      .selectFrom('onePages')
      .select(['submittedAt'])
      .where('projectId', '=', 3)
      .orderBy('initialDate', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(latest.submittedAt).toBeNull();
    const closeOut = await h.db
      .selectFrom('closureInternal')
      .select(['projectId', 'formCompleteCaseAttach', 'formMiniCaseComment'])
      .where('projectId', 'in', [5, 6])
      .orderBy('projectId')
      .execute();
    expect(closeOut[0]!.formCompleteCaseAttach).toBeNull();
    expect(closeOut[1]!.formCompleteCaseAttach).not.toBeNull();
    const inactive = await h.db.selectFrom('toolkits').select('id').where('isActive', '=', false).execute();
    expect(inactive.length).toBeGreaterThan(0);
  });

  it('constraints refuse bad data', async () => {
    await expect(
      h.db.insertInto('projects').values({ code: 'BAD-1', name: 'x', idStatus: 9 }).execute(),
    ).rejects.toThrow();
    await expect(
      h.db.insertInto('projects').values({ code: 'DEMO-DRAFT', name: 'dup' }).execute(),
    ).rejects.toThrow();
    await expect(
      h.db.insertInto('projectToolkits').values({ projectId: 1, toolkitId: 1, idStatus: 4 }).execute(),
    ).rejects.toThrow();
    await expect(
      h.db.insertInto('setupAssessments').values({ projectId: 1, professionalId: 9, rating: 11 }).execute(),
    ).rejects.toThrow();
    await expect(
      h.db.insertInto('projectTeam').values({ projectId: 999999, professionalId: 1 }).execute(),
    ).rejects.toThrow();
  });
});
