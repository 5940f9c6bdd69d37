import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers';
import { demoTeam, makeProject } from '../factories';
import { request } from '../request';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

const record = {
  idResponsibleDefinition: 6,
  numberProfile: 4,
  additionalProfiles: 1,
  clientNameDefined: true,
};

describe('ID One restitutions', () => {
  it('lists the DEMO-BRAZIL records', async () => {
    const res = await request(ctx, 'carla.consultant').get('/api/project-id-ones/project/9');
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
    const created = await request(ctx, 'marcos.manager').post('/api/project-id-ones', {
      ...record,
      idProject: 9,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const updated = await request(ctx, 'marcos.manager').put(`/api/project-id-ones/${id}`, {
      ...record,
      numberProfile: 7,
    });
    expect(updated.json()).toMatchObject({ id, numberProfile: 7 });
    expect((await request(ctx, 'marcos.manager').delete(`/api/project-id-ones/${id}`)).statusCode).toBe(204);
    expect(
      (await request(ctx, 'marcos.manager').post('/api/project-id-ones', { ...record, idProject: 3 }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await request(ctx, 'marcos.manager').post('/api/project-id-ones', {
          ...record,
          idProject: 9,
          numberProfile: -1,
        })
      ).statusCode,
    ).toBe(400);
    expect((await request(ctx, 'marcos.manager').post('/api/project-id-ones', record)).statusCode).toBe(400);
  });

  it('in Setup only an administrator edits', async () => {
    await ctx.db.updateTable('projects').set({ idStatus: 2 }).where('id', '=', 9).execute();
    const [first] = (await request(ctx, 'carla.consultant').get('/api/project-id-ones/project/9')).json();
    expect(
      (await request(ctx, 'marcos.manager').put(`/api/project-id-ones/${first.id}`, record)).statusCode,
    ).toBe(403);
    expect((await request(ctx, 'marcos.manager').delete(`/api/project-id-ones/${first.id}`)).statusCode).toBe(
      403,
    );
    expect(
      (await request(ctx, 'alice.admin').put(`/api/project-id-ones/${first.id}`, record)).statusCode,
    ).toBe(200);
    const after = await ctx.db
      .selectFrom('projectIdOnes')
      .select('numberProfile')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(after.numberProfile).toBe(4);
  });
});

describe('who writes the ID One records of a Brazil project', () => {
  it('people on no team of the project are refused add, edit and delete (403); IDOne holders and team members edit', async () => {
    const project = await makeProject(ctx.db, {
      status: 3,
      geographics: [223],
      team: await demoTeam(ctx.db),
    });
    const rec = await ctx.db
      .insertInto('projectIdOnes')
      .values({ projectId: project.id, numberProfile: 1, additionalProfiles: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const body = {
      idResponsibleDefinition: null,
      numberProfile: 4,
      additionalProfiles: 0,
      clientNameDefined: false,
    };
    for (const login of ['oscar.outsider', 'kim.knm', 'gil.governance', 'pedro.pdc']) {
      const as = request(ctx, login);
      expect((await as.put(`/api/project-id-ones/${rec.id}`, body)).statusCode, login).toBe(403);
      expect((await as.delete(`/api/project-id-ones/${rec.id}`)).statusCode, login).toBe(403);
      expect(
        (await as.post('/api/project-id-ones', { ...body, idProject: project.id })).statusCode,
        login,
      ).toBe(403);
    }
    expect((await request(ctx, 'ida.idone').put(`/api/project-id-ones/${rec.id}`, body)).statusCode).toBe(
      200,
    );
    expect((await request(ctx, 'ivan.intern').put(`/api/project-id-ones/${rec.id}`, body)).statusCode).toBe(
      200,
    );
  });
});
