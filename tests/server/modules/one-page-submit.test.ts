/**
 * The one-page submit path: one click of "Submit One-Page" sends the form's values with the submit;
 * the server reads the one-page row once, writes the values once (with the submission) and stays within six SQL
 * statements after the caller's access is known. Counted with a Kysely plugin on the app's database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { OnePageFields } from '@domain/contract';
import { createTestContext, type TestContext } from '../helpers';
import { freshOnePage, setStatus } from '../fixtures/records';

/**
 * Records the kind of every statement the app builds while `on`, and counts every statement it runs (`runs`: a
 * prepared statement, db/prepared.ts, is built once and then only run).
 */
class StatementLog implements KyselyPlugin {
  on = false;
  runs = 0;
  readonly sql: string[] = [];
  transformQuery(args: PluginTransformQueryArgs) {
    if (this.on) this.sql.push(args.node.kind);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    if (this.on) this.runs += 1;
    return args.result;
  }
}

const log = new StatementLog();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0, appDb: (db) => db.withPlugin(log) });
});
afterAll(() => ctx?.close());

describe('GET /api/one-pages/:id', () => {
  it('runs one statement after the access step (which also finds the one-page’s project): the one-page with its team', async () => {
    const id = await freshOnePage(ctx.db, 3);
    const get = async (login: string, url = `/api/one-pages/${id}`) => {
      const headers = await ctx.auth(login);
      ctx.app.forgetDirectoryCache(); // every request reads the person's directory record: the same count each
      log.runs = 0;
      log.on = true;
      const res = await ctx.app.inject({ url, headers });
      log.on = false;
      return { res, runs: log.runs };
    };
    // refused by the rule after the access step: the statements up to and including it
    const refused = await get('pedro.pdc');
    expect(refused.res.statusCode).toBe(403);
    const { res, runs } = await get('marcos.manager');
    expect(res.statusCode, res.body).toBe(200);
    expect(runs - refused.runs).toBe(1);
    // the team it answers with is the project's team, in the team's order, as the team endpoint gives it
    const team = await ctx.app.inject({
      url: '/api/projects/3/team',
      headers: await ctx.auth('marcos.manager'),
    });
    expect(team.statusCode).toBe(200);
    expect(res.json().project).toEqual({ id: 3, projectTeam: team.json() });
    // no such one-page: 404 from the access step's one statement
    const missing = await get('marcos.manager', '/api/one-pages/999999');
    expect(missing.res.statusCode).toBe(404);
    expect(missing.res.json().message).toBe('One-Page 999999 not found');
    expect(missing.runs).toBe(refused.runs);
  });
});

describe('PATCH /api/one-pages/:id/submit', () => {
  it('reads the row once, writes the values once, ≤ 6 statements', async () => {
    await setStatus(ctx.db, 3, 3);
    const id = await freshOnePage(ctx.db, 3);
    const auth = await ctx.auth('marcos.manager');
    const read = await ctx.app.inject({ method: 'GET', url: `/api/one-pages/${id}`, headers: auth });
    const record = read.json();
    // the form sends every field of its format with its value, one of them just typed
    const values = Object.fromEntries(
      Object.keys(OnePageFields)
        .filter((k) => k !== 'pdcResumeComment') // the dashboard's (Admin, PDC), not the form's
        .map((k) => [k, record[k] ?? null]),
    );
    values.keyMessage = 'Typed just before the submit';
    const submit = async (payload: object) => {
      log.sql.length = 0;
      log.on = true;
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/one-pages/${id}/submit`,
        headers: { ...auth, 'if-match': String(read.headers.etag) },
        payload,
      });
      log.on = false;
      return { res, statements: [...log.sql] };
    };
    // the route's access step alone: a body the service refuses before any SQL (Marcos writes no PDC comment)
    const refused = await submit({ pdcResumeComment: 'not his' });
    expect(refused.res.statusCode).toBe(409);
    const access = refused.statements.length;

    const { res, statements } = await submit(values);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ keyMessage: 'Typed just before the submit', idSubmittedBy: 6 });
    expect(res.json().submittedAt).toBeTruthy();
    const own = statements.slice(access);
    console.log(
      `one-page submit: ${statements.length} statements in all, ${access} of them the route's access step; ` +
        `the submit's own ${own.length}: ${own.join(', ')}`,
    );
    // one read (the locked row) and one write of the one-page among them
    expect(own.filter((k) => k === 'SelectQueryNode').length).toBeLessThanOrEqual(2); // the row; the answer's team
    expect(own.filter((k) => k === 'UpdateQueryNode')).toEqual(['UpdateQueryNode']);
    expect(own.length).toBeLessThanOrEqual(6);
  });
});
