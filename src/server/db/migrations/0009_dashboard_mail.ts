import { sql, type Kysely } from 'kysely';

/**
 * Dashboards (issue 13, spec 002 §2.5): one dashboard per one-page — built when the one-page is submitted and
 * rebuilt in place when it is submitted again (the unique index makes the build an upsert) — and `mailed_at`,
 * set by the weekly dashboard e-mail job (src/server/modules/dashboards/mail.job.ts) once the dashboard went
 * out to the project's access list: each dashboard is mailed once, whatever the retries and replicas.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
alter table project_dashboards add column mailed_at timestamptz;
create unique index project_dashboards_one_page_key on project_dashboards (one_page_id);
create index project_dashboards_unmailed_idx on project_dashboards (project_id) where mailed_at is null;
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
drop index if exists project_dashboards_unmailed_idx;
drop index if exists project_dashboards_one_page_key;
alter table project_dashboards drop column if exists mailed_at;
`,
    )
    .execute(db);
}
