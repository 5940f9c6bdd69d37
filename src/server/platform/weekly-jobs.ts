import { sql } from 'kysely';
import type { Jobs, SendOptions } from '../adapters/jobs';
import type { DB } from '../db';

/** The queue as a weekly job needs it; `schedule` (pg-boss' cron, one row per name) when the adapter offers it. */
export type WeeklyJobs = Pick<Jobs, 'work' | 'send'> & {
  schedule?: (name: string, cron: string, data?: object) => Promise<void>;
};

/**
 * Without a cron schedule on the adapter: the next run (`at`) is a deferred job of `queue`, created only when the
 * queue holds none for then or later yet (so restarts and replicas do not multiply the chain).
 */
export async function deferNextRun(
  jobs: WeeklyJobs,
  db: DB,
  queue: string,
  at: Date,
  opts: Omit<SendOptions, 'startAfter'> = {},
) {
  const pending = await sql<{ n: number }>`
    select count(*)::int as n from pgboss.job
    where name = ${queue} and state in ('created', 'retry') and start_after >= ${at}`
    .execute(db)
    .then((r) => r.rows[0]?.n ?? 0)
    .catch(() => 0);
  if (pending === 0) await jobs.send(queue, { scheduledFor: at.toISOString() }, { startAfter: at, ...opts });
}
