import { sql, type Kysely } from 'kysely';

/**
 * Column choices (issue 25 §10): `grid_preferences` holds, per person and grid (the three supervision grids,
 * `weekly-supervision`, `allocation-supervision`, `pdc-supervision`), the keys of the columns the person hides,
 * with the choice's version (If-Match). No row = nothing hidden, version 1 (the first save writes version 2).
 * In the database, not in a replica's memory, so it follows the person between Teams, mobile and the browser.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
create table grid_preferences (
  professional_id integer not null references professionals(id) on delete cascade,
  grid text not null,
  hidden text[] not null default '{}',
  version integer not null default 1,
  primary key (professional_id, grid)
);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists grid_preferences`.execute(db);
}
