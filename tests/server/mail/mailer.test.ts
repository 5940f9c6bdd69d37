import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createMailer } from '@server/mail';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let smtp: SMTPServer;
let port = 0;
const received: { to: string[]; raw: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await ctx?.close();
});

describe('mail outbox', () => {
  it('keeps mail in the outbox without SMTP', async () => {
    const mailer = createMailer(ctx.db, undefined, 'Portal <portal@example.com>');
    const id = await mailer.enqueue({ to: 'paula.partner@example.com', subject: 'Toolkit request', body: '<p>Hi</p>' });
    expect(await mailer.flush()).toBe(0);
    const row = await ctx.db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ toAddress: 'paula.partner@example.com', subject: 'Toolkit request', sentAt: null });
  });

  it('delivers pending mail to a real SMTP server and marks it sent', async () => {
    const mailer = createMailer(ctx.db, `smtp://127.0.0.1:${port}`, 'Portal <portal@example.com>');
    await mailer.enqueue({ to: 'km@example.com', subject: 'Close project DEMO-CLOSEOUT', body: '<p>Please close it.</p>' });
    const sent = await mailer.flush();
    expect(sent).toBeGreaterThanOrEqual(1);
    const msg = received.find((m) => m.to.includes('km@example.com'));
    expect(msg?.raw).toContain('Subject: Close project DEMO-CLOSEOUT');
    expect(msg?.raw).toContain('Please close it.');
    const pending = await ctx.db.selectFrom('mailOutbox').select('id').where('sentAt', 'is', null).execute();
    expect(pending).toEqual([]);
  });

  it('records a delivery failure and keeps the message for a retry', async () => {
    const mailer = createMailer(ctx.db, 'smtp://127.0.0.1:9', 'Portal <portal@example.com>');
    const id = await mailer.enqueue({ to: 'x@example.com', subject: 'Unreachable', body: 'x' });
    expect(await mailer.flush()).toBe(0);
    const row = await ctx.db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.error).toBeTruthy();
  });
});
