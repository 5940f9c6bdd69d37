import { sql, type Kysely } from 'kysely';

/**
 * Background jobs. The queue itself is pg-boss' (schema `pgboss`, installed and migrated by
 * `createJobs(...).start()`, src/server/adapters/jobs). Here: the outbox remembers when a delivery job
 * was scheduled for a message, so the boot sweep (`startMailDelivery`) schedules only messages written
 * while delivery was off (no SMTP, older versions) — one job per message, whatever the replica count.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
alter table mail_outbox add column scheduled_at timestamptz;
update mail_outbox set scheduled_at = sent_at where sent_at is not null;
create index mail_outbox_unscheduled_idx on mail_outbox (id) where sent_at is null and scheduled_at is null;
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
drop index if exists mail_outbox_unscheduled_idx;
alter table mail_outbox drop column if exists scheduled_at;
`,
    )
    .execute(db);
}
