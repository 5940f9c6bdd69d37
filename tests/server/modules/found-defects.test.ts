/** The defects found on the old main, each shown gone. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

const send = async (login: string, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: await ctx.auth(login), payload });

async function toolkitRow(projectId: number, idStatus: number) {
  const [t1] = (
    await ctx.db
      .selectFrom('toolkits')
      .select('id')
      .where('isActive', '=', true)
      .orderBy('id')
      .limit(1)
      .execute()
  ).map((r) => r.id);
  await ctx.db.deleteFrom('projectToolkits').where('projectId', '=', projectId).execute();
  return {
    id: (
      await ctx.db
        .insertInto('projectToolkits')
        .values({ projectId, toolkitId: t1!, idStatus })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
    toolkitId: t1!,
  };
}
const statusOf = async (id: number) =>
  (
    await ctx.db
      .selectFrom('projectToolkits')
      .select('idStatus')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).idStatus;

describe('Approved and Not Approved toolkits are final except for Admin, on every route', () => {
  it.each([2, 3])(
    'status %i: PUT back to Request, swap, delete and CHANGE are refused for the manager and the partner',
    async (final) => {
      for (const login of ['marcos.manager', 'paula.partner', 'dora.director']) {
        const row = await toolkitRow(3, final);
        expect(
          (
            await send(login, 'PUT', `/api/project/3/toolkits/${row.id}`, {
              id: row.id,
              idToolkit: row.toolkitId,
              idStatus: 1,
            })
          ).statusCode,
          login,
        ).toBeGreaterThanOrEqual(403);
        expect(
          (
            await send(login, 'PUT', `/api/project/3/toolkits/${row.id}`, {
              id: row.id,
              idToolkit: row.toolkitId,
              idStatus: final === 2 ? 3 : 2,
            })
          ).statusCode,
        ).toBeGreaterThanOrEqual(403);
        expect(
          (await send(login, 'PUT', `/api/project/3/toolkits/${row.id}/change/1`)).statusCode,
        ).toBeGreaterThanOrEqual(403);
        expect(
          (await send(login, 'DELETE', `/api/project/3/toolkits/${row.id}`)).statusCode,
        ).toBeGreaterThanOrEqual(403);
        expect(await statusOf(row.id)).toBe(final);
      }
      const row = await toolkitRow(3, final);
      const admin = await send('alice.admin', 'PUT', `/api/project/3/toolkits/${row.id}`, {
        id: row.id,
        idToolkit: row.toolkitId,
        idStatus: 1,
      });
      expect(admin.statusCode).toBe(200);
      expect(await statusOf(row.id)).toBe(1);
    },
  );
});

describe('ID One and evaluations are written by the right people only', () => {
  it('people on no team of a Brazil project cannot change its ID One records; IDOne holders and the team can', async () => {
    const rec = await ctx.db
      .insertInto('projectIdOnes')
      .values({ projectId: 9, numberProfile: 1, additionalProfiles: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const body = {
      idResponsibleDefinition: null,
      numberProfile: 4,
      additionalProfiles: 0,
      clientNameDefined: false,
    };
    for (const login of ['oscar.outsider', 'kim.knm', 'gil.governance', 'pedro.pdc']) {
      expect((await send(login, 'PUT', `/api/project-id-ones/${rec.id}`, body)).statusCode, login).toBe(403);
      expect((await send(login, 'DELETE', `/api/project-id-ones/${rec.id}`)).statusCode, login).toBe(403);
      expect(
        (await send(login, 'POST', '/api/project-id-ones', { ...body, idProject: 9 })).statusCode,
        login,
      ).toBe(403);
    }
    expect((await send('ida.idone', 'PUT', `/api/project-id-ones/${rec.id}`, body)).statusCode).toBe(200);
    expect((await send('ivan.intern', 'PUT', `/api/project-id-ones/${rec.id}`, body)).statusCode).toBe(200);
  });

  it('evaluations: outsiders and OnePage holders cannot write; new ones only in the active cycle', async () => {
    const body = {
      idProfessional: 9,
      idEvaluator: null,
      idValidator: null,
      idPartner: null,
      isEligible: true,
    };
    for (const login of ['oscar.outsider', 'gil.governance', 'carla.consultant', 'ida.idone']) {
      expect((await send(login, 'POST', '/api/project-evaluations/project/3', body)).statusCode, login).toBe(
        403,
      );
    }
    const inactive = await ctx.db
      .selectFrom('evaluationCycles')
      .select('id')
      .where('isActive', '=', false)
      .executeTakeFirst();
    expect(inactive).toBeDefined();
    expect(
      (
        await send('marcos.manager', 'POST', '/api/project-evaluations/project/3', {
          ...body,
          idCycle: inactive!.id,
        })
      ).statusCode,
    ).toBe(409);
    const created = await send('marcos.manager', 'POST', '/api/project-evaluations/project/3', body);
    expect(created.statusCode).toBe(201);
    expect(created.json().cycle.isActive).toBe(true);
    await ctx.db.updateTable('evaluationCycles').set({ isActive: false }).execute();
    expect(
      (await send('marcos.manager', 'POST', '/api/project-evaluations/project/3', body)).statusCode,
    ).toBe(409);
  });
});
