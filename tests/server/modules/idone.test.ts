import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

const req = async (
  login: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => ctx.app.inject({ method, url, headers: await ctx.auth(login), payload: payload as any });
const record = {
  idResponsibleDefinition: 6,
  numberProfile: 4,
  additionalProfiles: 1,
  clientNameDefined: true,
};

describe('ID One restitutions', () => {
  it('lists the DEMO-BRAZIL records', async () => {
    const res = await req('carla.consultant', 'GET', '/api/project-id-ones/project/9');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(2);
    expect(res.json()[0]).toMatchObject({
      idProject: 9,
      numberProfile: 12,
      additionalProfiles: 3,
      clientNameDefined: true,
    });
  });

  it('adds, edits and deletes on a Brazil project outside Setup; refuses projects outside Brazil', async () => {
    const created = await req('marcos.manager', 'POST', '/api/project-id-ones', { ...record, idProject: 9 });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const updated = await req('marcos.manager', 'PUT', `/api/project-id-ones/${id}`, {
      ...record,
      numberProfile: 7,
    });
    expect(updated.json()).toMatchObject({ id, numberProfile: 7 });
    expect((await req('marcos.manager', 'DELETE', `/api/project-id-ones/${id}`)).statusCode).toBe(204);
    expect(
      (await req('marcos.manager', 'POST', '/api/project-id-ones', { ...record, idProject: 3 })).statusCode,
    ).toBe(409);
    expect(
      (
        await req('marcos.manager', 'POST', '/api/project-id-ones', {
          ...record,
          idProject: 9,
          numberProfile: -1,
        })
      ).statusCode,
    ).toBe(400);
    expect((await req('marcos.manager', 'POST', '/api/project-id-ones', record)).statusCode).toBe(400);
  });

  it('in Setup only an administrator edits', async () => {
    await ctx.db.updateTable('projects').set({ idStatus: 2 }).where('id', '=', 9).execute();
    const [first] = (await req('carla.consultant', 'GET', '/api/project-id-ones/project/9')).json();
    expect((await req('marcos.manager', 'PUT', `/api/project-id-ones/${first.id}`, record)).statusCode).toBe(
      403,
    );
    expect((await req('marcos.manager', 'DELETE', `/api/project-id-ones/${first.id}`)).statusCode).toBe(403);
    expect((await req('alice.admin', 'PUT', `/api/project-id-ones/${first.id}`, record)).statusCode).toBe(
      200,
    );
    const after = await ctx.db
      .selectFrom('projectIdOnes')
      .select('numberProfile')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(after.numberProfile).toBe(4);
  });
});
