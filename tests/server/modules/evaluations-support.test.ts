import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createTestContext, demoIds, type TestContext } from '../helpers';
import { demoTeam, makeProject } from '../factories';
import { request } from '../request';
import { notOnTeamMessage } from '@server/modules/evaluations/service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

describe('evaluations', () => {
  it('lists the project evaluations with names and cycle for the partner, manager, Admin and OnePage; 403 for others', async () => {
    const res = await request(ctx, 'paula.partner').get('/api/project-evaluations/project/3');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({
      professional: { name: expect.any(String) },
      evaluationStatus: { description: expect.any(String) },
      cycle: { period: 'H2', year: 2026, isActive: true },
    });
    for (const login of ['marcos.manager', 'alice.admin', 'gil.governance'])
      expect((await request(ctx, login).get('/api/project-evaluations/project/3')).statusCode, login).toBe(
        200,
      );
    for (const login of ['carla.consultant', 'oscar.outsider', 'kim.knm'])
      expect((await request(ctx, login).get('/api/project-evaluations/project/3')).statusCode, login).toBe(
        403,
      );
  });

  it('edits (not allocated days nor status), refuses read-only rows and Setup projects for non-admins', async () => {
    const list = (
      await request(ctx, 'marcos.manager').get('/api/project-evaluations/project/3')
    ).json() as any[];
    const editable = list.find((e) => !e.isReadOnly);
    const readOnly = list.find((e) => e.isReadOnly);
    const body = (e: any, over = {}) => ({
      idProfessional: e.idProfessional,
      idEvaluator: e.idEvaluator,
      idValidator: e.idValidator,
      idPartner: e.idPartner,
      isEligible: !e.isEligible,
      ...over,
    });
    const ok = await request(ctx, 'marcos.manager').put(`/api/project-evaluations/${editable.id}`, {
      ...body(editable),
      totalDays: 999,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ isEligible: !editable.isEligible, totalDays: editable.totalDays });
    expect(
      (await request(ctx, 'marcos.manager').put(`/api/project-evaluations/${readOnly.id}`, body(readOnly)))
        .statusCode,
    ).toBe(409);
    expect(
      (await request(ctx, 'marcos.manager').delete(`/api/project-evaluations/${readOnly.id}`)).statusCode,
    ).toBe(409);
    const setupList = (
      await request(ctx, 'marcos.manager').get('/api/project-evaluations/project/2')
    ).json() as any[];
    const inSetup = setupList.find((e) => !e.isReadOnly);
    expect(
      (await request(ctx, 'marcos.manager').put(`/api/project-evaluations/${inSetup.id}`, body(inSetup)))
        .statusCode,
    ).toBe(403);
    expect(
      (await request(ctx, 'alice.admin').put(`/api/project-evaluations/${inSetup.id}`, body(inSetup)))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await request(ctx, 'marcos.manager').put(`/api/project-evaluations/${editable.id}`, {
          idProfessional: 'x',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('adds in the active cycle and deletes', async () => {
    const created = await request(ctx, 'paula.partner').post('/api/project-evaluations/project/3', {
      idProfessional: 6,
      idEvaluator: 7,
      idValidator: null,
      idPartner: 7,
      isEligible: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      idProfessional: 6,
      totalDays: 0,
      cycle: { isActive: true },
      evaluationStatus: { description: 'Not started' },
    });
    expect(
      (await request(ctx, 'paula.partner').delete(`/api/project-evaluations/${created.json().id}`))
        .statusCode,
    ).toBe(204);
    expect(
      (await request(ctx, 'paula.partner').delete(`/api/project-evaluations/${created.json().id}`))
        .statusCode,
    ).toBe(404);
  });

  it("refuses people who are not on the project's team, in every role, on add and edit", async () => {
    const oscar = (
      await ctx.db
        .selectFrom('professionals')
        .select('id')
        .where('login', '=', 'oscar.outsider')
        .executeTakeFirstOrThrow()
    ).id;
    const valid = { idProfessional: 6, idEvaluator: 7, idValidator: null, idPartner: 7, isEligible: true };
    for (const field of ['idProfessional', 'idEvaluator', 'idValidator', 'idPartner'] as const) {
      const res = await request(ctx, 'paula.partner').post('/api/project-evaluations/project/3', {
        ...valid,
        [field]: oscar,
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toBe(notOnTeamMessage(field));
    }
    const created = await request(ctx, 'paula.partner').post('/api/project-evaluations/project/3', valid);
    expect(created.statusCode).toBe(201);
    const edit = await request(ctx, 'paula.partner').put(`/api/project-evaluations/${created.json().id}`, {
      ...valid,
      idEvaluator: oscar,
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(notOnTeamMessage('idEvaluator'));
    const unchanged = await request(ctx, 'paula.partner').get('/api/project-evaluations/project/3');
    expect(unchanged.json().find((e: { id: number }) => e.id === created.json().id).idEvaluator).toBe(7);
    await request(ctx, 'paula.partner').delete(`/api/project-evaluations/${created.json().id}`);
  });

  it('outsiders, OnePage holders and team members who are neither manager nor partner cannot add; new ones only in the active cycle (409 otherwise)', async () => {
    const project = await makeProject(ctx.db, { status: 3, team: await demoTeam(ctx.db) });
    const url = `/api/project-evaluations/project/${project.id}`;
    const { person } = await demoIds(ctx.db);
    const body = {
      idProfessional: person['carla.consultant'],
      idEvaluator: null,
      idValidator: null,
      idPartner: null,
      isEligible: true,
    };
    for (const login of ['oscar.outsider', 'gil.governance', 'carla.consultant', 'ida.idone'])
      expect((await request(ctx, login).post(url, body)).statusCode, login).toBe(403);
    const cycles = await ctx.db.selectFrom('evaluationCycles').select(['id', 'isActive']).execute();
    const inactive = cycles.find((c) => !c.isActive);
    expect(inactive).toBeDefined();
    const manager = request(ctx, 'marcos.manager');
    expect((await manager.post(url, { ...body, idCycle: inactive!.id })).statusCode).toBe(409);
    const created = await manager.post(url, body);
    expect(created.statusCode).toBe(201);
    expect(created.json().cycle.isActive).toBe(true);
    await ctx.db.updateTable('evaluationCycles').set({ isActive: false }).execute();
    try {
      expect((await manager.post(url, body)).statusCode).toBe(409);
    } finally {
      // the cycles as they were, for the tests after this one
      for (const c of cycles)
        await ctx.db
          .updateTable('evaluationCycles')
          .set({ isActive: c.isActive })
          .where('id', '=', c.id)
          .execute();
    }
  });
});

describe('support documents', () => {
  /** The text of a PDF (poppler's pdftotext). */
  const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8');

  it('serves the seven reference PDFs with their download names', async () => {
    const list = (await request(ctx, 'carla.consultant').get('/api/support/documents')).json() as {
      slug: string;
      title: string;
    }[];
    expect(list.map((d) => d.title)).toEqual([
      'Powerpoint Upgrade',
      'Newsletters and Email Marketing',
      'Deliveries and Workshop Materials',
      'Closing Letters and Gifts',
      'Binders Books and Folders',
      'Ambience',
      'Visual Identity',
    ]);
    for (const d of list) {
      expect(Object.keys(d)).toEqual(['slug', 'title']);
      const res = await request(ctx, 'carla.consultant').get(`/api/support/documents/${d.slug}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(decodeURIComponent(String(res.headers['x-file-name']))).toBe(`${d.title}.pdf`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.rawPayload.toString('latin1').trimEnd()).toMatch(/%%EOF$/);
      expect(pdfText(res.rawPayload)).toContain(d.title);
    }
    expect((await request(ctx, 'carla.consultant').get('/api/support/documents/nope')).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/support/documents/ambience' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/support/documents' })).statusCode).toBe(401);
  });

  it('answers 404 for object-prototype names and 400 for malformed slugs, never 500', async () => {
    for (const slug of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'valueOf',
      '__defineGetter__',
      'AMBIENCE',
    ]) {
      const res = await request(ctx, 'oscar.outsider').get(`/api/support/documents/${slug}`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json(), slug).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: `No support document ${slug}`,
      });
    }
    for (const slug of ['x'.repeat(101), 'a.b', 'a%20b', '%C3%A9', 'a%00b']) {
      const res = await request(ctx, 'oscar.outsider').get(`/api/support/documents/${slug}`);
      expect(res.statusCode, slug).toBe(400);
      expect(res.json(), slug).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
  });
});

describe('project sessions', () => {
  it('team members create a session, which turns the Technical DNA KPI green; outsiders get 403', async () => {
    const before = (await request(ctx, 'carla.consultant').get('/api/projects/4/kpis')).json();
    expect(before.hasTechDNA).toBe(false);
    const res = await request(ctx, 'carla.consultant').post('/api/projects/4/sessions', {
      discussionFocus: 'Tech DNA',
    });
    expect(res.statusCode).toBe(201);
    expect((await request(ctx, 'carla.consultant').get('/api/projects/4/kpis')).json().hasTechDNA).toBe(true);
    expect((await request(ctx, 'carla.consultant').get('/api/projects/4/sessions')).json()[0]).toMatchObject({
      discussionFocus: 'Tech DNA',
      isSetup: false,
    });
    expect((await request(ctx, 'oscar.outsider').post('/api/projects/4/sessions', {})).statusCode).toBe(403);
    expect(
      (await request(ctx, 'carla.consultant').post('/api/projects/4/sessions', { discussionFocus: 5 }))
        .statusCode,
    ).toBe(400);
  });
});
