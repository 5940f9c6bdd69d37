import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createMailer, startMailDelivery, type Mailer } from '@server/mail';
import { createJobs, type Jobs } from '@server/adapters/jobs';
import type { DB, DbHandle } from '@server/db';
import { migrateToLatest } from '@server/db/migrate';
import { openTestDatabase } from '../helpers';

// Runs on PGlite by default and on PostgreSQL under `npm run test:pg`.
let handle: DbHandle;
let ctx: { db: DB };
let smtp: SMTPServer;
let port = 0;
let jobs: Jobs;
const received: { to: string[]; subject: string; raw: string }[] = [];
/** How many of the next messages the SMTP server refuses (451, temporary). */
let rejectNext = 0;
const FROM = 'Portal <portal@example.com>';

const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
const receivedWith = (subject: string) => received.filter((m) => m.subject === subject);
const row = (id: number) =>
  ctx.db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function until(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  handle = await openTestDatabase();
  await migrateToLatest(handle.db);
  ctx = { db: handle.db };
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        if (rejectNext > 0) {
          rejectNext--;
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: subjectOf(raw), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await jobs?.stop();
  if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await handle?.close();
});

describe('mail outbox', () => {
  it('keeps mail in the outbox without SMTP', async () => {
    const mailer = createMailer(ctx.db, undefined, FROM);
    const id = await mailer.enqueue({
      to: 'paula.partner@example.com',
      subject: 'Toolkit request',
      body: '<p>Hi</p>',
    });
    expect(await mailer.flush()).toBe(0);
    expect(mailer.smtpConfigured).toBe(false);
    expect(await row(id)).toMatchObject({
      toAddress: 'paula.partner@example.com',
      subject: 'Toolkit request',
      sentAt: null,
      scheduledAt: null,
    });
  });

  it('delivers pending mail to a real SMTP server and marks it sent (flush)', async () => {
    const mailer = createMailer(ctx.db, `smtp://127.0.0.1:${port}`, FROM);
    const id = await mailer.enqueue({
      to: 'km@example.com',
      subject: 'Close project DEMO-CLOSEOUT',
      body: '<p>Please close it.</p>',
    });
    const sent = await mailer.flush();
    expect(sent).toBeGreaterThanOrEqual(1);
    const msg = received.find((m) => m.to.includes('km@example.com'));
    expect(msg?.raw).toContain('Subject: Close project DEMO-CLOSEOUT');
    expect(msg?.raw).toContain('Please close it.');
    expect(await row(id)).toMatchObject({ attempts: 1, error: null });
    expect((await row(id)).sentAt).toBeInstanceOf(Date);
    const pending = await ctx.db.selectFrom('mailOutbox').select('id').where('sentAt', 'is', null).execute();
    expect(pending).toEqual([]);
  });

  it('records a delivery failure and keeps the message for a retry', async () => {
    const mailer = createMailer(ctx.db, 'smtp://127.0.0.1:9', FROM);
    const id = await mailer.enqueue({ to: 'x@example.com', subject: 'Unreachable', body: 'x' });
    expect(await mailer.flush()).toBe(0);
    const r = await row(id);
    expect(r.sentAt).toBeNull();
    expect(r.attempts).toBe(1);
    expect(r.error).toBeTruthy();
    await expect(mailer.deliver(id)).rejects.toThrow();
    expect((await row(id)).attempts).toBe(2);
  });
});

describe('mail delivery on the job queue', () => {
  let mailer: Mailer;

  it('starts: schedules the messages written while delivery was off, and delivers them', async () => {
    const unscheduled = await ctx.db
      .selectFrom('mailOutbox')
      .select('id')
      .where('sentAt', 'is', null)
      .execute();
    expect(unscheduled).toHaveLength(1); // 'Unreachable' of the test above
    jobs = createJobs({
      kind: handle.kind,
      db: handle.db,
      connectionString: handle.connectionString,
      pglite: handle.pglite,
      pollIntervalMs: 500,
      log: { warn: () => undefined, error: (o) => console.error(o) },
    });
    await jobs.start();
    mailer = createMailer(ctx.db, `smtp://127.0.0.1:${port}`, FROM, { retryDelaySeconds: 1 });
    expect(mailer.scheduling).toBe(false);
    const t = Date.now();
    expect(await startMailDelivery(jobs, mailer)).toBe(1);
    expect(mailer.scheduling).toBe(true);
    await until(() => receivedWith('Unreachable').length === 1);
    console.log(`backlog delivered ${Date.now() - t} ms after startMailDelivery`);
    const r = await row(unscheduled[0]!.id);
    expect(r.scheduledAt).toBeInstanceOf(Date);
    await until(async () => (await row(unscheduled[0]!.id)).sentAt !== null);
    // starting again (another replica, a restart) schedules nothing twice
    expect(await startMailDelivery(jobs, createMailer(ctx.db, `smtp://127.0.0.1:${port}`, FROM))).toBe(0);
  });

  it('enqueue schedules a job: delivered once, row marked sent', async () => {
    const t = Date.now();
    const id = await mailer.enqueue({
      to: 'marcos.manager@example.com',
      subject: 'Job delivery',
      body: '<p>On the queue</p>',
    });
    expect((await row(id)).scheduledAt).toBeInstanceOf(Date);
    await until(async () => (await row(id)).sentAt !== null);
    console.log(`enqueue → sent in ${Date.now() - t} ms`);
    expect(receivedWith('Job delivery')).toHaveLength(1);
    expect(receivedWith('Job delivery')[0]!.to).toEqual(['marcos.manager@example.com']);
    expect(await row(id)).toMatchObject({ attempts: 1, error: null });
  });

  it('sends nothing for a message whose transaction rolled back', async () => {
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        await mailer.enqueue({ to: 'a@example.com', subject: 'Rolled back', body: 'x' }, trx);
        throw new Error('the request failed');
      })
      .catch(() => undefined);
    const committed = await ctx.db
      .transaction()
      .execute((trx) => mailer.enqueue({ to: 'b@example.com', subject: 'Committed', body: 'x' }, trx));
    await until(async () => (await row(committed)).sentAt !== null);
    expect(receivedWith('Committed')).toHaveLength(1);
    expect(receivedWith('Rolled back')).toHaveLength(0);
    expect(
      await ctx.db.selectFrom('mailOutbox').select('id').where('subject', '=', 'Rolled back').execute(),
    ).toEqual([]);
  });

  it('retries after the SMTP server refuses the first attempt (attempts and error recorded)', async () => {
    rejectNext = 1;
    const id = await mailer.enqueue({ to: 'dora.director@example.com', subject: 'Retry me', body: 'x' });
    await until(async () => (await row(id)).attempts === 1);
    const failed = await row(id);
    expect(failed.sentAt).toBeNull();
    expect(failed.error).toContain('Mailbox busy');
    await until(async () => (await row(id)).sentAt !== null);
    expect(await row(id)).toMatchObject({ attempts: 2, error: null });
    expect(receivedWith('Retry me')).toHaveLength(1);
  });

  it('sends once when the same message is delivered several times at once', async () => {
    const id = await createMailer(ctx.db, undefined, FROM).enqueue({
      to: 'c@example.com',
      subject: 'Twice',
      body: 'x',
    });
    const outcomes = await Promise.all([mailer.deliver(id), mailer.deliver(id), mailer.deliver(id)]);
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(await mailer.deliver(id)).toBe('skipped');
    expect(receivedWith('Twice')).toHaveLength(1);
  });
});
