import { sql, type Kysely } from 'kysely';

/**
 * Teams reach (issue 23):
 * - `professionals.entra_object_id`: the person's Microsoft Entra object id (oid), recorded at an Entra sign-in
 *   and when the bot maps a Teams user; Graph's activity notifications and the bot's link unfurling use it;
 * - `notification_preferences`: per person and event, where notifications go (both, teams, email, none);
 *   no row = both;
 * - `notifications`: one row per event and recipient (the `dedupe_key` makes every notification once-only
 *   across replicas and job retries), with its mail (outbox row) and its Teams delivery state;
 * - `notification_events`: each event's key once (a repeated event — a job run twice, a reminder checked
 *   every minute — queues nothing);
 * - `offices.time_zone`: the office's IANA time zone for the weekly reminders (null = PORTAL_TIME_ZONE).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
alter table professionals add column entra_object_id text;
create unique index professionals_entra_object_id on professionals (lower(entra_object_id));
alter table offices add column time_zone text;
create table notification_preferences (
  professional_id integer not null references professionals(id) on delete cascade,
  event text not null,
  channel text not null check (channel in ('both', 'teams', 'email', 'none')),
  updated_at timestamptz not null default now(),
  primary key (professional_id, event)
);
create table notification_events (
  key text primary key,
  created_at timestamptz not null default now()
);
create table notifications (
  id serial primary key,
  event text not null,
  dedupe_key text not null unique,
  professional_id integer not null references professionals(id) on delete cascade,
  project_id integer references projects(id) on delete set null,
  channel text not null check (channel in ('both', 'teams', 'email', 'none')),
  title text not null,
  path text not null,
  parameters jsonb not null default '{}'::jsonb,
  mail_id integer,
  teams_status text check (teams_status in ('pending', 'sent', 'not-installed', 'failed', 'off')),
  teams_attempts integer not null default 0,
  teams_error text,
  teams_sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index notifications_professional on notifications (professional_id, created_at desc);
create index notifications_teams_pending on notifications (id) where teams_status = 'pending';
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `drop table if exists notifications; drop table if exists notification_events; drop table if exists notification_preferences;
alter table offices drop column if exists time_zone;
drop index if exists professionals_entra_object_id;
alter table professionals drop column if exists entra_object_id;`,
    )
    .execute(db);
}
