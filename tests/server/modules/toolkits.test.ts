import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers';
import { demoTeam, makeProject } from '../factories';
import { request } from '../request';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

const rows = async (projectId: number) =>
  (await request(ctx, 'alice.admin').get(`/api/project/${projectId}/toolkits`)).json() as {
    id: number;
    idToolkit: number;
    idStatus: number;
    toolkitName: string;
  }[];

describe('toolkits', () => {
  it('lists the project toolkits with status and name', async () => {
    const list = await rows(3);
    expect(list.map((r) => r.idStatus)).toEqual([0, 1, 2, 3]);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      idToolkit: 1,
      idStatus: 0,
      toolkitName: expect.stringContaining('Strategy Canvas'),
      version: 1,
    });
  });

  it('reports the permissions per role (the UI mirrors them)', async () => {
    const perm = async (login: string, p: number) =>
      (await request(ctx, login).get(`/api/project/${p}/toolkits/permissions`)).json();
    expect(await perm('alice.admin', 2)).toEqual({ canEdit: true, options: [0, 1, 2, 3] });
    expect(await perm('marcos.manager', 3)).toEqual({ canEdit: true, options: [1] });
    expect(await perm('paula.partner', 3)).toEqual({ canEdit: true, options: [2, 3] });
    expect(await perm('marcos.manager', 2)).toEqual({ canEdit: false, options: [] });
    expect(await perm('carla.consultant', 3)).toEqual({ canEdit: false, options: [] });
  });

  it('adds with status 0 (active toolkits only, no duplicates) and refuses others with 403', async () => {
    const add = await request(ctx, 'marcos.manager').post('/api/project/3/toolkits', { idToolkit: 5 });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ idToolkit: 5, idStatus: 0 });
    expect(
      (await request(ctx, 'marcos.manager').post('/api/project/3/toolkits', { idToolkit: 5 })).statusCode,
    ).toBe(409);
    expect(
      (await request(ctx, 'marcos.manager').post('/api/project/3/toolkits', { idToolkit: 3 })).statusCode,
    ).toBe(400); // inactive
    expect(
      (await request(ctx, 'marcos.manager').post('/api/project/3/toolkits', { idToolkit: 7, idStatus: 2 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await request(ctx, 'carla.consultant').post('/api/project/3/toolkits', { idToolkit: 7 })).statusCode,
    ).toBe(403);
    expect(
      (await request(ctx, 'marcos.manager').post('/api/project/2/toolkits', { idToolkit: 7 })).statusCode,
    ).toBe(403); // Setup
    expect(
      (await request(ctx, 'alice.admin').post('/api/project/2/toolkits', { idToolkit: 7 })).statusCode,
    ).toBe(201);
    expect(
      (await request(ctx, 'alice.admin').post('/api/project/2/toolkits', { idStatus: 0 })).statusCode,
    ).toBe(400);
  });

  it('the manager requests (1) and the partner gets an e-mail; the manager may not approve', async () => {
    const draft = (await rows(3)).find((r) => r.idStatus === 0)!;
    expect(
      (await request(ctx, 'marcos.manager').put(`/api/project/3/toolkits/${draft.id}/change/2`)).statusCode,
    ).toBe(403);
    const res = await request(ctx, 'marcos.manager').put(`/api/project/3/toolkits/${draft.id}/change/1`);
    expect(res.statusCode).toBe(200);
    expect(res.json().idStatus).toBe(1);
    const mail = await ctx.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('toAddress', '=', 'paula.partner@example.com')
      .execute();
    expect(mail.length).toBeGreaterThan(0);
    expect(mail[mail.length - 1]!.subject).toBe('Toolkit request on DEMO-DURING');
  });

  it('the partner approves; Approved and Not Approved are final except for Admin', async () => {
    const requested = (await rows(3)).find((r) => r.idStatus === 1)!;
    expect(
      (await request(ctx, 'paula.partner').put(`/api/project/3/toolkits/${requested.id}/change/2`)).json()
        .idStatus,
    ).toBe(2);
    expect(
      (await request(ctx, 'paula.partner').put(`/api/project/3/toolkits/${requested.id}/change/3`))
        .statusCode,
    ).toBe(409);
    expect(
      (await request(ctx, 'alice.admin').put(`/api/project/3/toolkits/${requested.id}/change/0`)).json()
        .idStatus,
    ).toBe(0);
    expect(
      (await request(ctx, 'paula.partner').put(`/api/project/3/toolkits/${requested.id}/change/9`))
        .statusCode,
    ).toBe(400);
  });

  it('change-all follows the same options and leaves final rows for non-admins', async () => {
    expect(
      (await request(ctx, 'marcos.manager').put('/api/project/3/toolkits/change-all/2')).statusCode,
    ).toBe(403);
    const res = await request(ctx, 'marcos.manager').put('/api/project/3/toolkits/change-all/1');
    expect(res.statusCode).toBe(200);
    const after = res.json() as { idStatus: number }[];
    expect(after.filter((r) => r.idStatus === 2 || r.idStatus === 3).length).toBeGreaterThan(0);
    expect(after.every((r) => [1, 2, 3].includes(r.idStatus))).toBe(true);
    expect(
      (await request(ctx, 'carla.consultant').put('/api/project/3/toolkits/change-all/1')).statusCode,
    ).toBe(403);
  });

  it('edit replaces toolkit and status within the options; delete needs the permission', async () => {
    const row = (await rows(3)).find((r) => r.idStatus === 1)!;
    expect(
      (await request(ctx, 'marcos.manager').put(`/api/project/3/toolkits/${row.id}`, { ...row, idStatus: 2 }))
        .statusCode,
    ).toBe(403);
    const onProject = new Set((await rows(3)).map((r) => r.idToolkit));
    const toolkits = await ctx.db.selectFrom('toolkits').select(['id', 'isActive']).orderBy('id').execute();
    const inactive = toolkits.find((t) => !t.isActive && !onProject.has(t.id))!;
    const other = toolkits.find((t) => t.isActive && !onProject.has(t.id))!;
    expect(
      (
        await request(ctx, 'marcos.manager').put(`/api/project/3/toolkits/${row.id}`, {
          ...row,
          idToolkit: inactive.id,
        })
      ).json().message,
    ).toMatch(/not active/);
    const ok = await request(ctx, 'marcos.manager').put(`/api/project/3/toolkits/${row.id}`, {
      ...row,
      idToolkit: other.id,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: row.id, idToolkit: other.id, idStatus: 1 });
    expect(
      (await request(ctx, 'carla.consultant').delete(`/api/project/3/toolkits/${row.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await request(ctx, 'marcos.manager').delete(`/api/project/3/toolkits/${row.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await request(ctx, 'marcos.manager').delete(`/api/project/3/toolkits/${row.id}`)).statusCode,
    ).toBe(404);
    expect((await request(ctx, 'marcos.manager').get(`/api/project/3/toolkits/${row.id}`)).statusCode).toBe(
      404,
    );
  });
});

describe('Approved and Not Approved toolkit rows are final except for Admin, on every route', () => {
  // a project of its own in During with the DEMO team: the rows above on DEMO-DURING stay as they are
  let projectId: number;
  beforeAll(async () => {
    projectId = (await makeProject(ctx.db, { status: 3, team: await demoTeam(ctx.db) })).id;
  });

  /** The project's only toolkit row: the first active toolkit, in `idStatus`. */
  async function toolkitRow(idStatus: number) {
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

  it.each([2, 3])(
    'a row in status %i is refused to its manager, partner and team (edit back to Request, swap, CHANGE, delete) and stays; Admin sets it back to Request',
    async (final) => {
      for (const login of ['marcos.manager', 'paula.partner', 'dora.director']) {
        const row = await toolkitRow(final);
        const as = request(ctx, login);
        const url = `/api/project/${projectId}/toolkits/${row.id}`;
        expect(
          (await as.put(url, { id: row.id, idToolkit: row.toolkitId, idStatus: 1 })).statusCode,
          login,
        ).toBeGreaterThanOrEqual(403);
        expect(
          (await as.put(url, { id: row.id, idToolkit: row.toolkitId, idStatus: final === 2 ? 3 : 2 }))
            .statusCode,
        ).toBeGreaterThanOrEqual(403);
        expect((await as.put(`${url}/change/1`)).statusCode).toBeGreaterThanOrEqual(403);
        expect((await as.delete(url)).statusCode).toBeGreaterThanOrEqual(403);
        expect(await statusOf(row.id)).toBe(final);
      }
      const row = await toolkitRow(final);
      const admin = await request(ctx, 'alice.admin').put(`/api/project/${projectId}/toolkits/${row.id}`, {
        id: row.id,
        idToolkit: row.toolkitId,
        idStatus: 1,
      });
      expect(admin.statusCode).toBe(200);
      expect(await statusOf(row.id)).toBe(1);
    },
  );
});
