import { sql, type Kysely } from 'kysely';

/**
 * What replicas must agree on (issue 22 §1), kept in the database:
 * - `server_keys`: the signing keys (the portal token's HS256 secret, the development identity provider's
 *   RS256 key pair), created once under an advisory lock by the first replica and read by every other one;
 * - `file_contents`: the bytes of stored files when the file store is PostgreSQL (FILE_STORE=postgres, the
 *   default with DATABASE_URL and no Azure Blob Storage), so every replica reads every file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
create table server_keys (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
create table file_contents (
  key text primary key,
  content_type text not null,
  file_name text not null,
  size integer not null,
  content bytea not null,
  updated_at timestamptz not null default now()
);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`drop table if exists file_contents; drop table if exists server_keys;`).execute(db);
}
