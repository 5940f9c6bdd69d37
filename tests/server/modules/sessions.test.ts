import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProjectSession } from '@domain/contract';
import { createTestContext, type TestContext } from '../helpers';
import { request } from '../request';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

const list = (login: string, projectId = 3) => request(ctx, login).get(`/api/projects/${projectId}/sessions`);
const create = (login: string, payload: unknown, projectId = 3) =>
  request(ctx, login).post(`/api/projects/${projectId}/sessions`, payload);

describe('GET /api/projects/{id}/sessions', () => {
  it('lists the project sessions (not the setup one), newest first, in the contract shape', async () => {
    const res = await list('carla.consultant');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as ProjectSession[];
    expect(z.array(ProjectSession).safeParse(rows).success).toBe(true);
    // the seed's submitted session (a week ago) and the open one before it
    expect(rows.map((r) => r.discussionFocus)).toEqual(['Mid-project alignment', 'Weekly client alignment']);
    expect(rows[1]).toMatchObject({ isSetup: false, submittedAt: null, idSubmittedBy: null });
    expect(rows[0]).toMatchObject({
      isSetup: false,
      discussionFocus: 'Mid-project alignment',
      adjustScope: 2,
      deliveringClientNeeds: 1,
      idSubmittedBy: 6,
    });
    expect(rows[0]!.submittedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('is for the team and holders of Admin or OnePage: 403 for everyone else, 404 unknown, 400 bad id, 401 anonymous', async () => {
    for (const login of [
      'marcos.manager',
      'paula.partner',
      'dora.director',
      'ivan.intern',
      'alice.admin',
      'gil.governance',
    ]) {
      expect((await list(login)).statusCode, login).toBe(200);
    }
    for (const login of ['oscar.outsider', 'kim.knm', 'ida.idone', 'pedro.pdc']) {
      const res = await list(login);
      expect(res.statusCode, login).toBe(403);
      expect(res.json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Only team members may work on project sessions',
      });
    }
    expect((await list('alice.admin', 999999)).statusCode).toBe(404);
    for (const id of ['0x3', '3.0', '2147483648']) {
      expect(
        (
          await ctx.app.inject({
            url: `/api/projects/${id}/sessions`,
            headers: await ctx.auth('alice.admin'),
          })
        ).statusCode,
        id,
      ).toBe(400);
    }
    expect((await ctx.app.inject({ url: '/api/projects/3/sessions' })).statusCode).toBe(401);
  });
});

describe('POST /api/projects/{id}/sessions', () => {
  it('creates a session for a team member and answers the whole record', async () => {
    const body = {
      discussionFocus: 'Kick-off of phase 2',
      adjustScope: 1,
      adjustScopeObs: 'Smaller scope',
      deliveringClientNeeds: 2,
      discussionOutcomes: 'Agreed',
    };
    const res = await create('carla.consultant', body);
    expect(res.statusCode).toBe(201);
    const s = res.json() as ProjectSession;
    expect(s).toEqual({
      id: expect.any(Number),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      isSetup: false,
      submittedAt: null,
      idSubmittedBy: null,
      projectScope: null,
      projectOutScope: null,
      deliveringClientNeedsObs: null,
      ...body,
    });
    const rows = (await list('marcos.manager')).json() as ProjectSession[];
    expect(rows[0]).toEqual(s);
    expect(rows).toHaveLength(3);
    expect((await create('gil.governance', {})).statusCode).toBe(201);
  });

  it('refuses outsiders (nothing created) and bad bodies', async () => {
    const count = async () =>
      (await ctx.db.selectFrom('projectSessions').select('id').where('projectId', '=', 3).execute()).length;
    const before = await count();
    expect((await create('oscar.outsider', { discussionFocus: 'x' })).statusCode).toBe(403);
    expect((await create('pedro.pdc', { discussionFocus: 'x' })).statusCode).toBe(403);
    for (const bad of [
      { discussionFocus: 'x'.repeat(501) },
      { adjustScope: 'two' },
      { adjustScope: 2 ** 31 },
      { discussionOutcomes: 5 },
    ]) {
      const res = await create('marcos.manager', bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 40)).toBe(400);
      expect(res.json().message).toMatch(/^Invalid request: /);
    }
    expect((await create('marcos.manager', { discussionFocus: 'x' }, 999999)).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });
});
