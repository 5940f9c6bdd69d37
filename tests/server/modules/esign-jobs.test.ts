import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, type Jobs } from '@server/adapters/jobs';
import { renderPdf } from '@server/adapters/documents';
import { createTestContext, demoIds, type TestContext } from '../helpers';

/**
 * The engine on the real job queue (pg-boss on PGlite, or PostgreSQL with npm run test:pg): the request only
 * writes rows and a job; the send, the status sync and the owner's update happen in the workers.
 */
let ctx: TestContext;
let jobs: Jobs;

async function until<T>(check: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  jobs = createJobs({
    kind: ctx.handle.kind,
    db: ctx.db,
    connectionString: ctx.handle.connectionString,
    pglite: ctx.handle.pglite,
    pollIntervalMs: 300,
    log: { warn: () => undefined, error: (o: object) => console.error('jobs error', o) },
  });
  await jobs.start();
  await ctx.app.esign.attachJobs(jobs);
}, 60_000);
afterAll(async () => {
  await jobs?.stop({ timeoutMs: 2000 });
  await ctx?.close();
});

describe('e-signature on the job queue', () => {
  it('sends, syncs and completes in the workers', async () => {
    const projectId = (await demoIds(ctx.db)).project['DEMO-DURING']!;
    const ws = await ctx.db
      .insertInto('weeklyStatuses')
      .values({ projectId, signedType: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [r] = await ctx.db
      .insertInto('weeklyStatusRecipients')
      .values({ weeklyStatusId: ws.id, name: 'Gabi Cliente', email: 'gabi@client.example' })
      .returning(['id', 'name', 'email'])
      .execute();
    await ctx.db.transaction().execute(async (trx) => {
      await ctx.app.esign.request(trx, {
        owner: { type: 'weekly-status', id: ws.id },
        projectId,
        subject: 'Weekly status — queue',
        document: renderPdf({ title: 'Queue', blocks: [] }),
        documentName: 'queue.pdf',
        recipients: [r!],
        createdBy: null,
      });
      await trx.updateTable('weeklyStatuses').set({ signedStatus: 'sent' }).where('id', '=', ws.id).execute();
    });
    expect(await ctx.app.esign.drain()).toBe(0); // nothing waits in memory: the queue has it
    const mail = await until(() =>
      ctx.db
        .selectFrom('mailOutbox')
        .select('body')
        .where('toAddress', '=', 'gabi@client.example')
        .executeTakeFirst(),
    );
    const token = /\/sign\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    const signed = await ctx.app.inject({
      method: 'POST',
      url: `/api/esign/sign/${token}/sign`,
      payload: { name: 'Gabi Cliente', consent: true },
    });
    expect(signed.statusCode).toBe(200);
    const done = await until(async () => {
      const row = await ctx.db
        .selectFrom('weeklyStatuses')
        .select(['signedStatus', 'signedFileKey'])
        .where('id', '=', ws.id)
        .executeTakeFirstOrThrow();
      return row.signedStatus === 'completed' ? row : undefined;
    });
    expect(done.signedFileKey).toBeTruthy();
    const rec = await ctx.db
      .selectFrom('weeklyStatusRecipients')
      .select('isSigned')
      .where('id', '=', r!.id)
      .executeTakeFirstOrThrow();
    expect(rec.isSigned).toBe(true);
  }, 60_000);
});
