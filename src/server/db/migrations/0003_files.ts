import { sql, type Kysely } from 'kysely';

/**
 * Stored files (src/server/adapters/files): one row per file kept in the file store (local disk or Azure
 * Blob Storage) under a generated key — its original name, content type, size and who stored it. The
 * first owner is the project's proposal (`projects.proposal_file_key`; `proposal_filename` keeps the name
 * the spec's Project reads). Deleting a stored file's row clears the project's reference.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
create table stored_files (
  key text primary key,
  file_name text not null,
  content_type text not null,
  size integer not null check (size >= 0),
  created_by integer references professionals(id) on delete set null,
  created_at timestamptz not null default now()
);
alter table projects add column proposal_file_key text references stored_files(key) on delete set null;
create index projects_proposal_file_key_idx on projects (proposal_file_key) where proposal_file_key is not null;
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
alter table projects drop column if exists proposal_file_key;
drop table if exists stored_files;
`,
    )
    .execute(db);
}
