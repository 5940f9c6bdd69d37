import { sql, type Kysely } from 'kysely';

/**
 * Supervision (issue 14): the grids' counters and one-page filters read "this week's one-page" of every project
 * (spec 002 §2.9) — only the one-pages of the current week, found by their week's start. Measured with
 * scripts/bench-supervision.ts at 20,000 projects and 12 past weeks: the counters' scan of one_pages drops from a
 * sequential scan of every week to this week's rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`create index if not exists one_pages_initial_date_idx on one_pages (initial_date, project_id);`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`drop index if exists one_pages_initial_date_idx;`).execute(db);
}
