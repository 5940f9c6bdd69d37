import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

// DEMO-SETUP = 2 (status 2), DEMO-DURING = 3 (status 3); toolkits seeded in statuses 0, 1, 2, 3
const req = async (
  login: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => ctx.app.inject({ method, url, headers: await ctx.auth(login), payload: payload as any });
const rows = async (projectId: number) =>
  (await req('alice.admin', 'GET', `/api/project/${projectId}/toolkits`)).json() as {
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
      (await req(login, 'GET', `/api/project/${p}/toolkits/permissions`)).json();
    expect(await perm('alice.admin', 2)).toEqual({ canEdit: true, options: [0, 1, 2, 3] });
    expect(await perm('marcos.manager', 3)).toEqual({ canEdit: true, options: [1] });
    expect(await perm('paula.partner', 3)).toEqual({ canEdit: true, options: [2, 3] });
    expect(await perm('marcos.manager', 2)).toEqual({ canEdit: false, options: [] });
    expect(await perm('carla.consultant', 3)).toEqual({ canEdit: false, options: [] });
  });

  it('adds with status 0 (active toolkits only, no duplicates) and refuses others with 403', async () => {
    const add = await req('marcos.manager', 'POST', '/api/project/3/toolkits', { idToolkit: 5 });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ idToolkit: 5, idStatus: 0 });
    expect(
      (await req('marcos.manager', 'POST', '/api/project/3/toolkits', { idToolkit: 5 })).statusCode,
    ).toBe(409);
    expect(
      (await req('marcos.manager', 'POST', '/api/project/3/toolkits', { idToolkit: 3 })).statusCode,
    ).toBe(400); // inactive
    expect(
      (await req('marcos.manager', 'POST', '/api/project/3/toolkits', { idToolkit: 7, idStatus: 2 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await req('carla.consultant', 'POST', '/api/project/3/toolkits', { idToolkit: 7 })).statusCode,
    ).toBe(403);
    expect(
      (await req('marcos.manager', 'POST', '/api/project/2/toolkits', { idToolkit: 7 })).statusCode,
    ).toBe(403); // Setup
    expect((await req('alice.admin', 'POST', '/api/project/2/toolkits', { idToolkit: 7 })).statusCode).toBe(
      201,
    );
    expect((await req('alice.admin', 'POST', '/api/project/2/toolkits', { idStatus: 0 })).statusCode).toBe(
      400,
    );
  });

  it('the manager requests (1) and the partner gets an e-mail; the manager may not approve', async () => {
    const draft = (await rows(3)).find((r) => r.idStatus === 0)!;
    expect(
      (await req('marcos.manager', 'PUT', `/api/project/3/toolkits/${draft.id}/change/2`)).statusCode,
    ).toBe(403);
    const res = await req('marcos.manager', 'PUT', `/api/project/3/toolkits/${draft.id}/change/1`);
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
      (await req('paula.partner', 'PUT', `/api/project/3/toolkits/${requested.id}/change/2`)).json().idStatus,
    ).toBe(2);
    expect(
      (await req('paula.partner', 'PUT', `/api/project/3/toolkits/${requested.id}/change/3`)).statusCode,
    ).toBe(409);
    expect(
      (await req('alice.admin', 'PUT', `/api/project/3/toolkits/${requested.id}/change/0`)).json().idStatus,
    ).toBe(0);
    expect(
      (await req('paula.partner', 'PUT', `/api/project/3/toolkits/${requested.id}/change/9`)).statusCode,
    ).toBe(400);
  });

  it('change-all follows the same options and leaves final rows for non-admins', async () => {
    expect((await req('marcos.manager', 'PUT', '/api/project/3/toolkits/change-all/2')).statusCode).toBe(403);
    const res = await req('marcos.manager', 'PUT', '/api/project/3/toolkits/change-all/1');
    expect(res.statusCode).toBe(200);
    const after = res.json() as { idStatus: number }[];
    expect(after.filter((r) => r.idStatus === 2 || r.idStatus === 3).length).toBeGreaterThan(0);
    expect(after.every((r) => [1, 2, 3].includes(r.idStatus))).toBe(true);
    expect((await req('carla.consultant', 'PUT', '/api/project/3/toolkits/change-all/1')).statusCode).toBe(
      403,
    );
  });

  it('edit replaces toolkit and status within the options; delete needs the permission', async () => {
    const row = (await rows(3)).find((r) => r.idStatus === 1)!;
    expect(
      (await req('marcos.manager', 'PUT', `/api/project/3/toolkits/${row.id}`, { ...row, idStatus: 2 }))
        .statusCode,
    ).toBe(403);
    const onProject = new Set((await rows(3)).map((r) => r.idToolkit));
    const toolkits = await ctx.db.selectFrom('toolkits').select(['id', 'isActive']).orderBy('id').execute();
    const inactive = toolkits.find((t) => !t.isActive && !onProject.has(t.id))!;
    const other = toolkits.find((t) => t.isActive && !onProject.has(t.id))!;
    expect(
      (
        await req('marcos.manager', 'PUT', `/api/project/3/toolkits/${row.id}`, {
          ...row,
          idToolkit: inactive.id,
        })
      ).json().message,
    ).toMatch(/not active/);
    const ok = await req('marcos.manager', 'PUT', `/api/project/3/toolkits/${row.id}`, {
      ...row,
      idToolkit: other.id,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: row.id, idToolkit: other.id, idStatus: 1 });
    expect((await req('carla.consultant', 'DELETE', `/api/project/3/toolkits/${row.id}`)).statusCode).toBe(
      403,
    );
    expect((await req('marcos.manager', 'DELETE', `/api/project/3/toolkits/${row.id}`)).statusCode).toBe(204);
    expect((await req('marcos.manager', 'DELETE', `/api/project/3/toolkits/${row.id}`)).statusCode).toBe(404);
    expect((await req('marcos.manager', 'GET', `/api/project/3/toolkits/${row.id}`)).statusCode).toBe(404);
  });
});
