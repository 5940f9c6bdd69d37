import type { DB } from '../db';
import type { Jobs } from '../adapters/jobs';

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
}

/** The job that delivers one `mail_outbox` row: `{ id }`. */
export const MAIL_DELIVER_JOB = 'mail.deliver';

/**
 * Mail always goes to the `mail_outbox` table (screens and tests read it). With `SMTP_URL` set and
 * `startMailDelivery(jobs, mailer)` called, each message also gets a 'mail.deliver' job on the job queue
 * (src/server/adapters/jobs), created in the same transaction as the row — a rolled-back request sends
 * nothing — and retried with exponential backoff.
 *
 * Exactly once across replicas: the job handler (`deliver`) locks the row (`for update skip locked`),
 * sends only when `sent_at` is null, and marks it sent in that same transaction after the SMTP server
 * accepted the message. A second run of the same job, or another replica holding the row, does nothing.
 * (The one window left is the SMTP server accepting the message and the commit then failing: the row
 * stays unsent and is delivered again — at-least-once there, as with any SMTP sender.)
 */
export interface Mailer {
  /** Writes the message to the outbox (inside `trx` when given) and schedules its delivery when enabled. */
  enqueue(mail: OutgoingMail, trx?: DB): Promise<number>;
  /**
   * Delivers one outbox row now (the 'mail.deliver' handler): 'sent', or 'skipped' when it is already
   * sent, missing (its transaction rolled back) or being sent by someone else. An SMTP failure is recorded
   * on the row (attempts, error) and rethrown, so the job is retried.
   */
  deliver(id: number): Promise<'sent' | 'skipped'>;
  /**
   * Delivers every pending row now, row by row through `deliver` (safe beside the job workers and other
   * replicas). Returns how many were sent; 0 without SMTP. For scripts and tests; the server uses the jobs.
   */
  flush(): Promise<number>;
  /** True once `startMailDelivery` runs: `enqueue` then schedules a job per message. */
  readonly scheduling: boolean;
  readonly smtpConfigured: boolean;
}

export interface MailerOptions {
  /** Retries of a failed delivery (default 5). */
  retryLimit?: number;
  /** Base of the exponential backoff between retries, in seconds (default 5: 5 s, 10 s, 20 s, …, so a replica lost mid-delivery costs seconds). */
  retryDelaySeconds?: number;
  /** Longest wait between retries, in seconds (default 1 hour). */
  retryDelayMaxSeconds?: number;
}

interface MailerInternals extends Mailer {
  /** Set by startMailDelivery. */
  attachJobs(jobs: Jobs): void;
  /** The rows written while no job was scheduled for them: marks them scheduled and sends their jobs. */
  scheduleUnscheduled(batch?: number): Promise<number>;
}

type Transport = { sendMail(m: object): Promise<unknown> };

export function createMailer(
  db: DB,
  smtpUrl: string | undefined,
  from: string,
  opts: MailerOptions = {},
): Mailer {
  const retry = {
    retryLimit: opts.retryLimit ?? 5,
    retryDelay: opts.retryDelaySeconds ?? 5,
    retryBackoff: true,
    retryDelayMax: opts.retryDelayMaxSeconds ?? 3600,
  };
  let jobs: Jobs | undefined;
  let transport: Transport | undefined;
  async function getTransport(): Promise<Transport | undefined> {
    if (!smtpUrl) return undefined;
    if (!transport) {
      const nodemailer = await import('nodemailer');
      // Bounded waits: the row stays locked (and on PGlite, the one connection busy) while the server answers.
      transport = nodemailer.default.createTransport({
        url: smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      } as Parameters<typeof nodemailer.default.createTransport>[0]);
    }
    return transport;
  }

  const schedule = (trx: DB, id: number) => jobs!.send(MAIL_DELIVER_JOB, { id }, { ...retry, trx });

  const mailer: MailerInternals = {
    get scheduling() {
      return jobs !== undefined;
    },
    get smtpConfigured() {
      return smtpUrl !== undefined;
    },
    attachJobs(j) {
      jobs = j;
    },
    async enqueue(mail, trx = db) {
      const insert = async (t: DB) => {
        const row = await t
          .insertInto('mailOutbox')
          .values({
            toAddress: mail.to,
            subject: mail.subject,
            body: mail.body,
            scheduledAt: jobs ? new Date() : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (jobs) await schedule(t, row.id);
        return row.id;
      };
      // The row and its job commit together (or not at all).
      if (!jobs || trx.isTransaction) return insert(trx);
      return db.transaction().execute(insert);
    },
    async deliver(id) {
      const t = await getTransport();
      if (!t) throw new Error('mail delivery: SMTP_URL is not configured');
      let failure: unknown;
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('mailOutbox')
          .selectAll()
          .where('id', '=', id)
          .where('sentAt', 'is', null)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!row) return 'skipped' as const;
        try {
          await t.sendMail({ from, to: row.toAddress, subject: row.subject, html: row.body });
        } catch (e) {
          failure = e;
          await trx
            .updateTable('mailOutbox')
            .set({ attempts: row.attempts + 1, error: (e as Error).message ?? String(e) })
            .where('id', '=', id)
            .execute();
          return 'skipped' as const;
        }
        await trx
          .updateTable('mailOutbox')
          .set({ sentAt: new Date(), attempts: row.attempts + 1, error: null })
          .where('id', '=', id)
          .execute();
        return 'sent' as const;
      });
      if (failure !== undefined) throw failure;
      return outcome;
    },
    async flush() {
      if (!smtpUrl) return 0;
      const pending = await db
        .selectFrom('mailOutbox')
        .select('id')
        .where('sentAt', 'is', null)
        .where('attempts', '<=', retry.retryLimit)
        .orderBy('id')
        .limit(50)
        .execute();
      let sent = 0;
      for (const { id } of pending) {
        try {
          if ((await mailer.deliver(id)) === 'sent') sent++;
        } catch {
          // recorded on the row by deliver
        }
      }
      return sent;
    },
    async scheduleUnscheduled(batch = 200) {
      if (!jobs) return 0;
      let total = 0;
      for (;;) {
        // Claimed and scheduled in one transaction: replicas starting together split the rows, and a crash
        // leaves them unclaimed for the next start.
        const n = await db.transaction().execute(async (trx) => {
          const rows = await trx
            .updateTable('mailOutbox')
            .set({ scheduledAt: new Date() })
            .where('id', 'in', (eb) =>
              eb
                .selectFrom('mailOutbox')
                .select('id')
                .where('sentAt', 'is', null)
                .where('scheduledAt', 'is', null)
                .orderBy('id')
                .limit(batch)
                .forUpdate()
                .skipLocked(),
            )
            .returning('id')
            .execute();
          for (const r of rows) await schedule(trx, r.id);
          return rows.length;
        });
        total += n;
        if (n < batch) return total;
      }
    },
  };
  return mailer;
}

/**
 * Starts SMTP delivery of the outbox on the job queue (call once per process, after `jobs.start()`;
 * no-op without SMTP_URL): registers the 'mail.deliver' worker, makes `enqueue` schedule a job per message,
 * and schedules the messages written while delivery was off. Returns how many of those it scheduled,
 * or null when SMTP is not configured.
 */
export async function startMailDelivery(
  jobs: Jobs,
  mailer: Mailer,
  opts: { concurrency?: number } = {},
): Promise<number | null> {
  if (!mailer.smtpConfigured) return null;
  const m = mailer as MailerInternals;
  // The queue must exist before enqueue sends jobs inside request transactions (PGlite: one connection).
  await jobs.ensureQueue(MAIL_DELIVER_JOB);
  m.attachJobs(jobs);
  await jobs.work<{ id: number }>(
    MAIL_DELIVER_JOB,
    async ({ id }) => {
      await mailer.deliver(id);
    },
    { batchSize: 5, concurrency: opts.concurrency ?? (jobs.kind === 'pglite' ? 1 : 2) },
  );
  return m.scheduleUnscheduled();
}
