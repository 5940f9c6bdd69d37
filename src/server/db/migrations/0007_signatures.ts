import { sql, type Kysely } from 'kysely';

/**
 * Signatures (issue 12): the e-signature engine's envelopes, their recipients and every event (who, when,
 * IP address, user agent, the document's SHA-256), and the stored files of the weekly status and of the legal
 * closure document (the unsigned PDF sent or generated, the signed PDF). Recipient rows get a version (edited
 * in the wizard with If-Match).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
alter table weekly_statuses
  add column unsigned_file_key text references stored_files(key) on delete set null,
  add column signed_file_key text references stored_files(key) on delete set null;
alter table closure_external
  add column unsigned_file_key text references stored_files(key) on delete set null,
  add column signed_file_key text references stored_files(key) on delete set null;
alter table weekly_status_recipients add column version integer not null default 1;
alter table closure_external_recipients add column version integer not null default 1;

create table signature_envelopes (
  id serial primary key,
  owner_type text not null check (owner_type in ('weekly-status', 'legal-document')),
  -- the weekly status id, or the project id for the legal closure document
  owner_id integer not null,
  project_id integer not null references projects(id) on delete cascade,
  provider text not null check (provider in ('builtin', 'docusign')),
  -- the provider's envelope id (DocuSign); the envelope's own id for the built-in engine
  provider_ref text,
  status text not null default 'queued' check (status in ('queued', 'sent', 'completed', 'declined', 'voided')),
  subject text not null,
  message text not null default '',
  document_key text not null references stored_files(key),
  document_name text not null,
  document_sha256 text not null,
  signed_key text references stored_files(key) on delete set null,
  created_by integer references professionals(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  voided_at timestamptz,
  void_reason text,
  last_error text
);
create index signature_envelopes_owner_idx on signature_envelopes (owner_type, owner_id, created_at desc);
create unique index signature_envelopes_provider_ref_key on signature_envelopes (provider, provider_ref) where provider_ref is not null;

create table signature_recipients (
  id serial primary key,
  envelope_id integer not null references signature_envelopes(id) on delete cascade,
  -- weekly_status_recipients.id or closure_external_recipients.id
  owner_recipient_id integer not null,
  routing_order smallint not null default 1,
  name text not null,
  email text not null,
  -- built-in engine: SHA-256 (hex) of the personal link's token; the token itself is never stored
  token_hash text unique,
  expires_at timestamptz,
  status text not null default 'created' check (status in ('created', 'sent', 'delivered', 'signed', 'declined', 'voided')),
  signed_name text,
  signed_at timestamptz,
  declined_at timestamptz,
  decline_reason text,
  ip text,
  user_agent text
);
create index signature_recipients_envelope_idx on signature_recipients (envelope_id);

create table signature_events (
  id bigserial primary key,
  envelope_id integer not null references signature_envelopes(id) on delete cascade,
  recipient_id integer references signature_recipients(id) on delete cascade,
  event text not null,
  at timestamptz not null default now(),
  ip text,
  user_agent text,
  document_sha256 text,
  detail jsonb
);
create index signature_events_envelope_idx on signature_events (envelope_id, at);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
drop table if exists signature_events;
drop table if exists signature_recipients;
drop table if exists signature_envelopes;
alter table closure_external_recipients drop column if exists version;
alter table weekly_status_recipients drop column if exists version;
alter table closure_external drop column if exists signed_file_key, drop column if exists unsigned_file_key;
alter table weekly_statuses drop column if exists signed_file_key, drop column if exists unsigned_file_key;
`,
    )
    .execute(db);
}
