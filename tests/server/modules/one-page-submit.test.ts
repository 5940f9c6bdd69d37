/**
 * The one-page submit path (issue 24 §4): one click of "Submit One-Page" sends the form's values with the submit;
 * the server reads the one-page row once, writes the values once (with the submission) and stays within six SQL
 * statements after the caller's access is known. Counted with a Kysely plugin on the app's database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { OnePageFields } from '@domain/contract';
import { createTestContext, type TestContext } from '../helpers';
import { freshOnePage, setStatus } from '../fixtures/records';

/** Records the SQL of every statement the app runs while `on`. */
class StatementLog implements KyselyPlugin {
  on = false;
  readonly sql: string[] = [];
  transformQuery(args: PluginTransformQueryArgs) {
    if (this.on) this.sql.push(args.node.kind);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

const log = new StatementLog();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0, appDb: (db) => db.withPlugin(log) });
});
afterAll(() => ctx?.close());

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
