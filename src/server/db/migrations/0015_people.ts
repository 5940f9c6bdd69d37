import { sql, type Kysely } from 'kysely';

/**
 * A firm's own people (Microsoft Entra ID over SCIM 2.0, app roles, first sign-in, the People screen):
 * - `professionals` gains where the person came from (`source`: scim, sign-in, import, manual), the directory's
 *   fields (`external_id`, `department`, `employee_number`, `manager_id`, the tenant of a just-in-time person), the
 *   portal's own fields the People screen edits (`office_id`, `position_id`), a version (If-Match) and dates;
 * - `scim_id`: the person's SCIM resource id while provisioning holds one (null after a SCIM DELETE: the resource is
 *   gone, the professional stays, inactive; a later create of the same person gives it a new id);
 * - `scopes` stays the effective scopes every reader uses; it is always `manual_scopes` (granted by hand) ∪ the scopes
 *   of the provisioned groups the person belongs to ∪ `token_scopes` (the sign-in token's app roles, when
 *   AUTH_ROLES_FROM_TOKEN is on). An insert that names only `scopes` makes them the manual ones (seeds, scripts);
 * - `scim_groups` / `scim_group_members`: the groups Entra provisions and the scopes each grants (by default the
 *   scope whose name is the group's displayName; mapped by an administrator otherwise);
 * - `scim_tokens`: provisioning tokens (named, stored as SHA-256, revocable, with their last use);
 * - `scim_requests`: the last provisioning requests and their outcome (the People screen shows that Entra is connected);
 * - `people_history`: every change of a person with its source and who made it (a token's name, a professional).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
alter table professionals
  add column source text not null default 'manual' check (source in ('scim', 'sign-in', 'import', 'manual')),
  add column scim_id uuid,
  add column external_id text,
  add column department text,
  add column employee_number text,
  add column manager_id integer references professionals(id) on delete set null,
  add column office_id integer references offices(id),
  add column position_id integer references positions(id),
  add column entra_tenant_id text,
  add column manual_scopes text[] not null default '{}',
  add column token_scopes text[] not null default '{}',
  add column version integer not null default 1,
  add column created_at timestamptz not null default now(),
  add column updated_at timestamptz not null default now();
update professionals set manual_scopes = scopes;
create unique index professionals_scim_id_idx on professionals (scim_id);
create index professionals_external_id_idx on professionals (lower(external_id));
create index professionals_active_name_idx on professionals (is_active, name);

create function professionals_manual_scopes() returns trigger language plpgsql as $$
begin
  if new.manual_scopes = '{}' and new.scopes <> '{}' then
    new.manual_scopes := new.scopes;
  end if;
  return new;
end $$;
create trigger professionals_manual_scopes before insert on professionals
  for each row execute function professionals_manual_scopes();

create table scim_groups (
  id uuid primary key,
  display_name text not null,
  external_id text,
  scopes text[] not null default '{}',
  -- false: the scopes follow the displayName (a scope's name maps to it); true: an administrator mapped them
  scopes_mapped boolean not null default false,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index scim_groups_display_name_idx on scim_groups (lower(display_name));
create index scim_groups_external_id_idx on scim_groups (lower(external_id));
create table scim_group_members (
  group_id uuid not null references scim_groups(id) on delete cascade,
  professional_id integer not null references professionals(id) on delete cascade,
  primary key (group_id, professional_id)
);
create index scim_group_members_professional_idx on scim_group_members (professional_id);

create table scim_tokens (
  id serial primary key,
  name text not null,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  created_by integer references professionals(id) on delete set null,
  last_used_at timestamptz,
  revoked_at timestamptz
);

create table scim_requests (
  id bigserial primary key,
  at timestamptz not null default now(),
  token_name text,
  method text not null,
  path text not null,
  status smallint not null,
  detail text
);
create index scim_requests_at_idx on scim_requests (at desc);

create table people_history (
  id bigserial primary key,
  professional_id integer not null references professionals(id) on delete cascade,
  at timestamptz not null default now(),
  source text not null check (source in ('scim', 'sign-in', 'import', 'manual')),
  -- who: a provisioning token's name, or the professional who made the change
  actor text,
  actor_id integer references professionals(id) on delete set null,
  summary text not null,
  changes jsonb
);
create index people_history_professional_idx on people_history (professional_id, at desc);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
drop table if exists people_history;
drop table if exists scim_requests;
drop table if exists scim_tokens;
drop table if exists scim_group_members;
drop table if exists scim_groups;
drop trigger if exists professionals_manual_scopes on professionals;
drop function if exists professionals_manual_scopes();
alter table professionals
  drop column if exists source, drop column if exists scim_id, drop column if exists external_id,
  drop column if exists department, drop column if exists employee_number, drop column if exists manager_id,
  drop column if exists office_id, drop column if exists position_id, drop column if exists entra_tenant_id,
  drop column if exists manual_scopes, drop column if exists token_scopes, drop column if exists version,
  drop column if exists created_at, drop column if exists updated_at;
`,
    )
    .execute(db);
}
