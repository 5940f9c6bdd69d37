import { sql, type Kysely } from 'kysely';

/**
 * Imports from Excel and CSV (master lists, people, projects with teams): one row per preview or commit, with its
 * progress (rows read, checked, written — the screen polls it, whichever replica runs the import) and its report
 * (created / updated / unchanged counts and every problem by row and column). A commit holds the kind's advisory
 * lock for its transaction, so the same kind is never committed twice at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
create table imports (
  id serial primary key,
  kind text not null,
  dry_run boolean not null,
  file_name text,
  status text not null default 'running' check (status in ('running', 'done', 'failed')),
  phase text not null default 'reading',
  rows_read integer not null default 0,
  rows_checked integer not null default 0,
  rows_written integer not null default 0,
  started_by integer references professionals(id) on delete set null,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  report jsonb
);
create index imports_kind_started_idx on imports (kind, started_at desc);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists imports`.execute(db);
}
