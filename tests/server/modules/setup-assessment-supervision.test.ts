import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupAssessmentSupervisionRecord, SetupAssessmentSupervisionRow } from '@domain/contract';
import { createTestContext, demoIds, type TestContext } from '../helpers';
import { request } from '../request';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 30 });
  ids = await demoIds(ctx.db);
});
afterAll(() => ctx?.close());

const LIST = '/api/setup-assessment-supervision';
const all = (id: number | string) => `/api/project-setup-assessments/project/${id}/all`;

describe('GET /api/setup-assessment-supervision', () => {
  it('lists closed projects only, newest closure first, dated by closedAt or else the status history', async () => {
    const { project } = ids;
    const day = (n: number) => new Date(Date.now() - n * 86_400_000);
    const yesterday = day(1);
    // DEMO-PAUSED closed yesterday without closedAt: its history dates it; DEMO-BRAZIL closed today
    await ctx.db
      .updateTable('projects')
      .set({ idStatus: 5, closedAt: null })
      .where('id', '=', project['DEMO-PAUSED']!)
      .execute();
    await ctx.db
      .insertInto('projectStatusHistory')
      .values([
        { projectId: project['DEMO-PAUSED']!, fromStatus: 4, toStatus: 5, changedAt: day(20) },
        { projectId: project['DEMO-PAUSED']!, fromStatus: 6, toStatus: 5, changedAt: yesterday },
      ])
      .execute();
    await ctx.db
      .updateTable('projects')
      .set({ idStatus: 5, closedAt: new Date() })
      .where('id', '=', project['DEMO-BRAZIL']!)
      .execute();

    const res = await request(ctx, 'alice.admin').get(LIST);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as SetupAssessmentSupervisionRow[];
    const closed = await ctx.db
      .selectFrom('projects')
      .select(['id', 'code'])
      .where('idStatus', '=', 5)
      .execute();
    expect(closed.length).toBeGreaterThan(3); // the generated projects include closed ones
    expect(rows.map((r) => r.idProject).sort((a, b) => a - b)).toEqual(
      closed.map((p) => p.id).sort((a, b) => a - b),
    );
    expect(rows.slice(0, 3).map((r) => r.projectCode)).toEqual([
      'DEMO-BRAZIL',
      'DEMO-PAUSED',
      'DEMO-FINISHED',
    ]);
    expect(rows[1]!.closedAt).toBe(yesterday.toISOString());
    expect(rows[2]).toMatchObject({
      idProject: project['DEMO-FINISHED'],
      projectCode: 'DEMO-FINISHED',
      projectName: expect.any(String),
    });
    // dated rows newest first, then the closed projects with no recorded closure (by code)
    const dated = rows.filter((r) => r.closedAt !== null).map((r) => r.closedAt!);
    expect(dated).toEqual([...dated].sort().reverse());
    const undated = rows.slice(dated.length);
    expect(undated.every((r) => r.closedAt === null)).toBe(true);
    expect(undated.map((r) => r.projectCode)).toEqual(undated.map((r) => r.projectCode).sort());
    expect(rows.find((r) => r.projectCode === 'DEMO-DURING')).toBeUndefined();
  });

  it('is admin data: Admin, IDOne, KNW and PDC read it; others get 403', async () => {
    for (const login of ['alice.admin', 'ida.idone', 'kim.knm', 'pedro.pdc'])
      expect((await request(ctx, login).get(LIST)).statusCode, login).toBe(200);
    for (const login of ['oscar.outsider', 'gil.governance', 'marcos.manager', 'paula.partner'])
      expect((await request(ctx, login).get(LIST)).statusCode, login).toBe(403);
    expect((await ctx.app.inject({ url: LIST })).statusCode).toBe(401);
  });
});

describe('GET /api/project-setup-assessments/project/{id}/all', () => {
  it("answers every assessment of the project with the people's names and the dates", async () => {
    const { project, person } = ids;
    const id = project['DEMO-FINISHED']!;
    // Alice corrected Ivan's assessment: updated by someone else
    const edited = new Date('2026-01-15T10:30:00.000Z');
    await ctx.db
      .updateTable('setupAssessments')
      .set({ updatedBy: person['alice.admin']!, updatedAt: edited })
      .where('projectId', '=', id)
      .where('professionalId', '=', person['ivan.intern']!)
      .execute();

    const res = await request(ctx, 'pedro.pdc').get(all(id));
    expect(res.statusCode).toBe(200);
    const rows = res.json() as SetupAssessmentSupervisionRecord[];
    expect(rows).toHaveLength(2);
    const carla = rows.find((r) => r.idProfessional === person['carla.consultant'])!;
    expect(carla).toMatchObject({
      idProject: id,
      professionalName: 'Carla Costa',
      idCreatedBy: person['carla.consultant'],
      createdByName: 'Carla Costa',
      idUpdatedBy: person['carla.consultant'],
      updatedByName: 'Carla Costa',
      rating: 8,
      ratingDescription: 'Good kick-off',
      watchedToolkit: 1,
      doYouFeelComfortable: 1,
      howCouldBeenDoneBetter: 'More time for the client interviews.',
    });
    expect(new Date(carla.createdAt).toISOString()).toBe(carla.createdAt);
    const ivan = rows.find((r) => r.idProfessional === person['ivan.intern'])!;
    expect(ivan).toMatchObject({
      rating: 7,
      createdByName: 'Ivan Ito',
      idUpdatedBy: person['alice.admin'],
      updatedByName: 'Alice Almeida',
      updatedAt: edited.toISOString(),
    });
  });

  it('answers an empty list for a project without assessments, and 404 for an unknown project', async () => {
    const generated = await ctx.db
      .selectFrom('projects')
      .select('id')
      .where('code', 'like', 'PRJ-%')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const none = await request(ctx, 'alice.admin').get(all(generated.id));
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    const unknown = await request(ctx, 'alice.admin').get(all(999_999));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Project 999999 not found');
  });

  it('refuses bad ids with 400 and people without an admin scope with 403', async () => {
    for (const bad of ['abc', '0', '-1', '03', '1.5', '99999999999'])
      expect((await request(ctx, 'alice.admin').get(all(bad))).statusCode, bad).toBe(400);
    const id = ids.project['DEMO-FINISHED']!;
    for (const login of ['oscar.outsider', 'gil.governance', 'carla.consultant'])
      expect((await request(ctx, login).get(all(id))).statusCode, login).toBe(403);
    for (const login of ['ida.idone', 'kim.knm'])
      expect((await request(ctx, login).get(all(id))).statusCode, login).toBe(200);
  });
});
