import { sql, type Kysely } from 'kysely';

/**
 * One one-page per project and week (issue 11): the weekly job (src/server/modules/one-pages/weekly.job.ts)
 * opens each week's draft with `on conflict do nothing`, so runs on several replicas, retries and the run at
 * start never create a second one-page for the same Monday.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`create unique index one_pages_project_week_key on one_pages (project_id, initial_date);`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`drop index if exists one_pages_project_week_key;`).execute(db);
}
