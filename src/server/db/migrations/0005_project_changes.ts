import { sql, type Kysely } from 'kysely';

/**
 * The project's history of setup changes (issue 10): every write of a setup page records who, when, which
 * page and what — listed on Project Home below the status history (newest first).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
create table project_changes (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  changed_by integer references professionals(id) on delete set null,
  changed_at timestamptz not null default now(),
  area text not null,
  action text not null check (action in ('added', 'changed', 'removed', 'uploaded', 'imported')),
  subject text not null
);
create index project_changes_project_idx on project_changes (project_id, changed_at desc, id desc);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`drop table if exists project_changes;`).execute(db);
}
