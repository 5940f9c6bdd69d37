import { sql, type Kysely } from 'kysely';

/**
 * Report jobs (issue 14, spec 002 §2.11, §8 "We are generating your report. It could take a while"): the long
 * reports run on the job queue; each request is one row — who asked, the report and its query parameters, its
 * state (queued → running → done | failed), the rows written and the workbook kept in the file store
 * (`stored_files`). Jobs and their files are removed 24 hours after they were asked for.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
create table report_jobs (
  id serial primary key,
  report text not null,
  params jsonb not null default '{}'::jsonb,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  file_name text not null,
  file_key text references stored_files(key) on delete set null,
  rows integer,
  error text,
  requested_by integer not null references professionals(id) on delete cascade,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index report_jobs_created_at_idx on report_jobs (created_at);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`drop table if exists report_jobs;`).execute(db);
}
