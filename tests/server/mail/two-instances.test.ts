import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { openDatabase, type DbHandle } from '@server/db';
import { migrateToLatest } from '@server/db/migrate';
import { createMailer, startMailDelivery, type Mailer } from '@server/mail';
import { createJobs, type Jobs } from '@server/adapters/jobs';
import { openTestDatabase } from '../helpers';

/**
 * Two server instances (each its own pool, job queue client and mailer) on one PostgreSQL database:
 * every message reaches the SMTP server exactly once. Needs a PostgreSQL server: runs under
 * `npm run test:pg` (or `bash scripts/with-postgres.sh npx vitest run tests/server/mail/two-instances.test.ts`).
 */
const N = 20;
const FROM = 'Portal <portal@example.com>';

interface Instance {
  handle: DbHandle;
  jobs: Jobs;
  mailer: Mailer;
}

let main: DbHandle;
let smtp: SMTPServer;
let port = 0;
const instances: Instance[] = [];
/** Received messages by subject → count. */
const counts = new Map<string, number>();
let rejectNext = 0;

async function until(check: () => boolean | Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function startInstance(handle: DbHandle): Promise<Instance> {
  const jobs = createJobs({
    kind: handle.kind,
    db: handle.db,
    connectionString: handle.connectionString,
    pollIntervalMs: 500,
    log: { warn: () => undefined, error: (o) => console.error(o) },
  });
  await jobs.start();
  const mailer = createMailer(handle.db, `smtp://127.0.0.1:${port}`, FROM, { retryDelaySeconds: 1 });
  await startMailDelivery(jobs, mailer, { concurrency: 2 });
  return { handle, jobs, mailer };
}

describe.runIf(process.env.TEST_DATABASE_URL)(
  'mail delivery with two server instances on one PostgreSQL',
  () => {
    beforeAll(async () => {
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, _session, callback) {
          let raw = '';
          stream.on('data', (c: Buffer) => (raw += c.toString()));
          stream.on('end', () => {
            if (rejectNext > 0) {
              rejectNext--;
              return callback(
                Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }),
              );
            }
            const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
            counts.set(subject, (counts.get(subject) ?? 0) + 1);
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      port = (smtp.server.address() as AddressInfo).port;

      main = await openTestDatabase();
      await migrateToLatest(main.db);
      const second = await openDatabase({ databaseUrl: main.connectionString });
      const t = Date.now();
      instances.push(...(await Promise.all([startInstance(main), startInstance(second)])));
      console.log(`two instances started in ${Date.now() - t} ms`);
    });
    afterAll(async () => {
      await Promise.all(instances.map((i) => i.jobs.stop()));
      await instances[1]?.handle.close();
      await main?.close();
      if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
    });

    it(`delivers ${N} messages exactly once, every outbox row marked sent`, async () => {
      const [a, b] = instances as [Instance, Instance];
      const t = Date.now();
      const ids: number[] = [];
      // half enqueued by each instance, half of those inside a request transaction
      for (let i = 0; i < N; i++) {
        const inst = i % 2 === 0 ? a : b;
        const mail = { to: `person${i}@example.com`, subject: `Message ${i}`, body: `<p>${i}</p>` };
        ids.push(
          i % 4 < 2
            ? await inst.mailer.enqueue(mail)
            : await inst.handle.db.transaction().execute((trx) => inst.mailer.enqueue(mail, trx)),
        );
      }
      // the old timer path, run at the same time on both instances, must not send anything twice either
      const flushed = await Promise.all([a.mailer.flush(), b.mailer.flush()]);
      await until(async () => {
        const r = await main.db
          .selectFrom('mailOutbox')
          .select('id')
          .where('id', 'in', ids)
          .where('sentAt', 'is', null)
          .execute();
        return r.length === 0;
      });
      console.log(
        `${N} messages sent by two instances in ${Date.now() - t} ms (flush sent ${flushed.join(' + ')})`,
      );
      // wait until no delivery job is left queued or running, so a late duplicate would have shown up
      await until(async () => {
        const r = await sql<{
          n: number;
        }>`select count(*)::int as n from pgboss.job where name = 'mail.deliver' and state in ('created', 'retry', 'active')`.execute(
          main.db,
        );
        return r.rows[0]!.n === 0;
      });
      for (let i = 0; i < N; i++) expect(counts.get(`Message ${i}`), `Message ${i}`).toBe(1);
      const rows = await main.db.selectFrom('mailOutbox').selectAll().where('id', 'in', ids).execute();
      expect(rows).toHaveLength(N);
      for (const r of rows) {
        expect(r.sentAt).toBeInstanceOf(Date);
        expect(r.attempts).toBe(1);
        expect(r.error).toBeNull();
      }
      // both instances did some of the work
      const done = await sql<{
        n: number;
      }>`select count(*)::int as n from pgboss.job where name = 'mail.deliver' and state = 'completed'`.execute(
        main.db,
      );
      expect(done.rows[0]!.n).toBeGreaterThanOrEqual(N);
    });

    it('retries after the SMTP server refuses the first attempt: delivered once, attempts recorded', async () => {
      const [a] = instances as [Instance, Instance];
      rejectNext = 1;
      const id = await a.mailer.enqueue({ to: 'dora.director@example.com', subject: 'Retry me', body: 'x' });
      const row = () =>
        main.db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await until(async () => (await row()).sentAt !== null);
      expect(await row()).toMatchObject({ attempts: 2, error: null });
      expect(counts.get('Retry me')).toBe(1);
    });
  },
);
