import { sql, type Kysely } from 'kysely';

/**
 * Versions for every editable record (ETag / If-Match) that lacked one, and a change counter per list
 * that clients revalidate with conditional GETs: `list_versions('projects')` moves on every change of
 * the tables the project list is built from (statement-level triggers, so bulk writes bump it once).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
alter table project_toolkits add column version integer not null default 1;
alter table project_training_development add column version integer not null default 1;

create table list_versions (name text primary key, version bigint not null default 1);
insert into list_versions (name) values ('projects');

create function bump_projects_list() returns trigger language plpgsql as $$
begin
  update list_versions set version = version + 1 where name = 'projects';
  return null;
end $$;

create trigger projects_list_projects after insert or update or delete or truncate on projects for each statement execute function bump_projects_list();
create trigger projects_list_team after insert or update or delete or truncate on project_team for each statement execute function bump_projects_list();
create trigger projects_list_practices after insert or update or delete or truncate on project_practices for each statement execute function bump_projects_list();
create trigger projects_list_clients after insert or update or delete or truncate on clients for each statement execute function bump_projects_list();
create trigger projects_list_professionals after insert or update or delete or truncate on professionals for each statement execute function bump_projects_list();
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
drop trigger if exists projects_list_projects on projects;
drop trigger if exists projects_list_team on project_team;
drop trigger if exists projects_list_practices on project_practices;
drop trigger if exists projects_list_clients on clients;
drop trigger if exists projects_list_professionals on professionals;
drop function if exists bump_projects_list();
drop table if exists list_versions;
alter table project_training_development drop column if exists version;
alter table project_toolkits drop column if exists version;
`,
    )
    .execute(db);
}
