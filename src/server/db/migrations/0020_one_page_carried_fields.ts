import { sql, type Kysely } from 'kysely';

/**
 * "Start from last week" on a one-page: `carried_fields` names the fields it filled from an earlier one-page
 * that nobody has edited or confirmed since (the form marks them "From last week" for every editor). A PATCH of a
 * field takes its name off; confirming and submitting clear them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`alter table one_pages add column carried_fields text[] not null default '{}';`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`alter table one_pages drop column if exists carried_fields;`).execute(db);
}
