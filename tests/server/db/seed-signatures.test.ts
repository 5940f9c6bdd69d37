import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSignatureFiles } from '@server/db/seed/signature-files';
import { createTestContext, demoIds, type TestContext } from '../helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx.close());

describe('seeded weekly statuses get their documents', () => {
  it('completed ones download their signed file; sent ones are out for signature with links in the outbox', async () => {
    const n = await seedSignatureFiles(ctx.app);
    expect(n).toBeGreaterThan(0);
    expect(await seedSignatureFiles(ctx.app)).toBe(0); // once
    const projectId = (await demoIds(ctx.db)).project['DEMO-DURING']!;
    const rows = await ctx.db
      .selectFrom('weeklyStatuses')
      .select(['id', 'signedStatus', 'signedFileKey', 'unsignedFileKey'])
      .where('projectId', '=', projectId)
      .execute();
    const completed = rows.find((r) => r.signedStatus === 'completed')!;
    const sent = rows.find((r) => r.signedStatus === 'sent')!;
    const auth = await ctx.auth('marcos.manager');
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/weekly-status/${completed.id}/file?signed=1`,
      headers: auth,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sent.unsignedFileKey).toBeTruthy();
    await ctx.app.esign.drain();
    const mails = await ctx.db
      .selectFrom('mailOutbox')
      .select('body')
      .where('subject', 'like', 'Please sign: Weekly status — DEMO-DURING')
      .execute();
    expect(mails).toHaveLength(1);
    const closeout = (await demoIds(ctx.db)).project['DEMO-CLOSEOUT']!;
    const kase = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects/${closeout}/close-out/complete-case/file`,
      headers: auth,
    });
    expect(kase.statusCode).toBe(200);
    const resend = await ctx.app.inject({
      method: 'POST',
      url: `/api/weekly-status/${sent.id}/resend`,
      headers: auth,
    });
    expect(resend.statusCode).toBeLessThan(300);
  });
});
