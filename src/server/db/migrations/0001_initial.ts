// FROZEN — do not edit. This migration has run on existing databases (embedded data directories and
// PostgreSQL servers): Kysely records it by name and never runs it again, so a change here would never
// reach them and schema.ts would disagree with their tables. Every schema change is a new migration,
// one per feature (`NNNN_<feature>.ts`, listed in ./index.ts); then `npm run db:types` regenerates
// src/server/db/schema.ts, which CI checks against the migrated database.
import { sql, type Kysely } from 'kysely';

/**
 * The whole contract of the three spec documents. Plain PostgreSQL 15 SQL (runs on PGlite and on a
 * PostgreSQL server). Master ids are explicit (spec ids such as 223 Brazil, practice 7); portal records
 * use serial ids. Per-project children cascade on delete. Every list the spec shows has an index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
-- master data -------------------------------------------------------------------------------------
create table practices (id integer primary key, name text not null);
create table business_units (id integer primary key, name text not null);
create table methodologies (id integer primary key, name text not null, practice_id integer references practices(id));
create table geographics (id integer primary key, name text not null);
create table geographic_scopes (id integer primary key, name text not null);
create table offices (id integer primary key, name text not null);
create table comanagements (id integer primary key, name text not null);
create table languages (id integer primary key, name text not null);
create table segments (id integer primary key, name text not null);
create table positions (id integer primary key, name text not null);
create table during_types (id integer primary key, name text not null);
create table allocation_statuses (id integer primary key, name text not null);
create table evaluation_cycles (id integer primary key, period text not null, year integer not null, is_active boolean not null default false);
create table schedule_weeks (id serial primary key, start_date date not null unique, end_date date not null);
create table clients (
  id integer primary key, name text not null, economic_group text, client_description text, client_culture text,
  version integer not null default 1, updated_at timestamptz not null default now()
);
create index clients_name_idx on clients (name);
create table client_segments (
  client_id integer not null references clients(id) on delete cascade,
  segment_id integer not null references segments(id),
  segment_level smallint not null check (segment_level in (1, 2)),
  primary key (client_id, segment_id)
);
create table toolkits (id integer primary key, name text not null, is_active boolean not null default true, methodology_id integer references methodologies(id));

create table professionals (
  id serial primary key,
  name text not null,
  email text not null unique,
  login text not null unique,
  job_title text,
  photo_guid uuid unique,
  is_active boolean not null default true,
  practice_id integer references practices(id),
  comanagement_id integer references comanagements(id),
  business_units text[] not null default '{}',
  scopes text[] not null default '{}',
  photo bytea,
  photo_content_type text
);
create index professionals_lower_email_idx on professionals (lower(email));
create index professionals_name_idx on professionals (name);

-- projects ----------------------------------------------------------------------------------------
create table projects (
  id serial primary key,
  code text not null unique,
  name text not null,
  client_id integer references clients(id),
  id_status smallint not null default 1 check (id_status between 1 and 6),
  id_during_type smallint references during_types(id),
  start_date date,
  end_date date,
  closed_at timestamptz,
  what_sales_context text,
  why_client_need_help text,
  proposal_filename text,
  id_support_comanagement integer references comanagements(id),
  priority boolean not null default false,
  internal boolean not null default false,
  pdc_priority boolean not null default false,
  id_allocation_status smallint not null default 0 check (id_allocation_status between 0 and 6),
  send_notification boolean not null default true,
  business_unit_id integer references business_units(id),
  project_scope text,
  project_out_scope text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create index projects_status_code_idx on projects (id_status, code);
create index projects_client_idx on projects (client_id);
create index projects_closed_at_idx on projects (closed_at desc) where id_status = 5;

create table project_team (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  professional_id integer not null references professionals(id),
  is_manager boolean not null default false,
  is_partner boolean not null default false,
  is_one_page_allow boolean not null default false,
  unique (project_id, professional_id)
);
create index project_team_professional_idx on project_team (professional_id);
create index project_team_manager_idx on project_team (project_id) where is_manager;

create table project_practices (project_id integer not null references projects(id) on delete cascade, practice_id integer not null references practices(id), primary key (project_id, practice_id));
create table project_methodologies (project_id integer not null references projects(id) on delete cascade, methodology_id integer not null references methodologies(id), primary key (project_id, methodology_id));
create table project_geographics (project_id integer not null references projects(id) on delete cascade, geographic_id integer not null references geographics(id), primary key (project_id, geographic_id));
create table project_geographic_scopes (project_id integer not null references projects(id) on delete cascade, geographic_scope_id integer not null references geographic_scopes(id), primary key (project_id, geographic_scope_id));
create table project_offices (project_id integer not null references projects(id) on delete cascade, office_id integer not null references offices(id), primary key (project_id, office_id));
create table project_co_managements (project_id integer not null references projects(id) on delete cascade, comanagement_id integer not null references comanagements(id), primary key (project_id, comanagement_id));

create table project_training_development (
  project_id integer primary key references projects(id) on delete cascade,
  td_oportunity boolean, text text, updated_at timestamptz not null default now()
);

create table project_status_history (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  from_status smallint, to_status smallint not null check (to_status between 1 and 6),
  changed_by integer references professionals(id),
  changed_at timestamptz not null default now()
);
create index project_status_history_project_idx on project_status_history (project_id, changed_at desc);

create table mail_outbox (
  id serial primary key,
  to_address text not null, subject text not null, body text not null,
  created_at timestamptz not null default now(), sent_at timestamptz, error text, attempts integer not null default 0
);
create index mail_outbox_pending_idx on mail_outbox (id) where sent_at is null;

create table files (
  id serial primary key,
  owner_kind text not null, owner_id integer not null,
  filename text not null, content_type text not null, size integer not null,
  content bytea, storage_key text,
  created_at timestamptz not null default now()
);
create index files_owner_idx on files (owner_kind, owner_id, created_at desc);

-- 000: evaluations, ID One, toolkits --------------------------------------------------------------
create table project_evaluations (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  professional_id integer not null references professionals(id),
  evaluator_id integer references professionals(id),
  validator_id integer references professionals(id),
  partner_id integer references professionals(id),
  cycle_id integer not null references evaluation_cycles(id),
  total_days numeric(6,2) not null default 0,
  is_eligible boolean not null default true,
  evaluation_status text not null default 'Not started',
  is_read_only boolean not null default false,
  version integer not null default 1, updated_at timestamptz not null default now()
);
create index project_evaluations_project_idx on project_evaluations (project_id, cycle_id);

create table project_id_ones (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  responsible_definition_id integer references professionals(id),
  number_profile integer not null default 0 check (number_profile >= 0),
  additional_profiles integer not null default 0 check (additional_profiles >= 0),
  client_name_defined boolean not null default false,
  version integer not null default 1
);
create index project_id_ones_project_idx on project_id_ones (project_id);

create table project_toolkits (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  toolkit_id integer not null references toolkits(id),
  id_status smallint not null default 0 check (id_status between 0 and 3),
  created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
  unique (project_id, toolkit_id)
);

-- 001: setup and during -----------------------------------------------------------------------------
create table project_sessions (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  is_setup boolean not null default false,
  discussion_focus text,
  created_at timestamptz not null default now(),
  submitted_at timestamptz, submitted_by_id integer references professionals(id),
  project_scope text, project_out_scope text,
  adjust_scope smallint, adjust_scope_obs text,
  delivering_client_needs smallint, delivering_client_needs_obs text,
  discussion_outcomes text,
  version integer not null default 1, updated_at timestamptz not null default now()
);
create index project_sessions_project_idx on project_sessions (project_id, is_setup, created_at desc);

create table session_stakeholders (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  session_id integer not null references project_sessions(id) on delete cascade,
  name text not null check (length(trim(name)) > 0),
  professional_responsible_id integer references professionals(id),
  position text, birthday date, language text,
  current_status smallint check (current_status between 1 and 5),
  action_plan text,
  created_at timestamptz not null default now(), version integer not null default 1
);
create index session_stakeholders_session_idx on session_stakeholders (session_id);
create index session_stakeholders_project_idx on session_stakeholders (project_id);

create table session_rars (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  session_id integer not null references project_sessions(id) on delete cascade,
  professional_id integer references professionals(id),
  rar_supporting_point text, rar_technical_role text, rar_non_technical_role text, version integer not null default 1
);
create index session_rars_session_idx on session_rars (session_id);
create table session_expectations (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  session_id integer not null references project_sessions(id) on delete cascade,
  stakeholder text, expectation text, observation text, version integer not null default 1
);
create index session_expectations_session_idx on session_expectations (session_id);
create table session_deliverables (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  session_id integer not null references project_sessions(id) on delete cascade,
  deliverable text, detail text, version integer not null default 1
);
create index session_deliverables_session_idx on session_deliverables (session_id);
create table session_risks (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  session_id integer not null references project_sessions(id) on delete cascade,
  risk text, risk_status smallint check (risk_status between 1 and 5), observation text, version integer not null default 1
);
create index session_risks_session_idx on session_risks (session_id);

create table project_professional_dnas (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  session_type smallint not null check (session_type in (1, 2)),
  session_date date, session_next_date date,
  created_at timestamptz not null default now(), version integer not null default 1
);
create index project_professional_dnas_project_idx on project_professional_dnas (project_id, session_type, session_date desc);
create table professional_dnas (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  project_professional_dna_id integer references project_professional_dnas(id) on delete cascade,
  session_type smallint not null check (session_type in (1, 2)),
  professional_id integer not null references professionals(id),
  goals_for_project text, individual_needs text,
  dna_met_expectation smallint check (dna_met_expectation between 0 and 2),
  created_at timestamptz not null default now(), version integer not null default 1
);
create index professional_dnas_project_idx on professional_dnas (project_id, session_type);
create index professional_dnas_parent_idx on professional_dnas (project_professional_dna_id);

create table setup_assessments (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  professional_id integer not null references professionals(id),
  rating smallint check (rating between 1 and 10),
  rating_description text,
  watched_toolkit smallint check (watched_toolkit between 1 and 3),
  do_you_feel_comfortable smallint check (do_you_feel_comfortable between 1 and 3),
  how_could_been_done_better text,
  created_by integer references professionals(id), updated_by integer references professionals(id),
  created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
  version integer not null default 1,
  unique (project_id, professional_id)
);

create table setup_finalizations (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  professional_id integer not null references professionals(id),
  presence_type text check (presence_type in ('Physical', 'Call', 'VC', 'Not Present')),
  version integer not null default 1,
  unique (project_id, professional_id)
);

create table one_pages (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  format smallint not null default 2,
  initial_date date not null, end_date date not null,
  created_at timestamptz not null default now(),
  submitted_at timestamptz, submitted_by_id integer references professionals(id),
  is_delayed_submitted boolean not null default false,
  has_allocation boolean not null default false,
  one_page_problem_level smallint check (one_page_problem_level between 0 and 3),
  environment_status smallint check (environment_status between 1 and 3),
  need_help_from_governance smallint check (need_help_from_governance in (1, 2)),
  risk_of_delay smallint check (risk_of_delay between 1 and 3),
  solution_readiness smallint check (solution_readiness between 1 and 4),
  integration_identity smallint check (integration_identity between 1 and 3),
  proper_attention smallint check (proper_attention between 1 and 3),
  change_project_status smallint check (change_project_status between 1 and 4),
  team_issue smallint check (team_issue between 1 and 3),
  dna_prof smallint check (dna_prof between 1 and 3),
  dna_tec smallint check (dna_tec between 1 and 3),
  weekly_status smallint check (weekly_status between 1 and 3),
  governance_action_option smallint check (governance_action_option between 1 and 3),
  governance_action text, key_message text, delivery_focus_next_week text, team_point text,
  method_internal text, method_external text,
  project_status_explanation text, project_environment_explanation text, need_help_from_governance_explanation text,
  risk_of_delay_explanation text, solution_readiness_explanation text, integration_identity_explanation text,
  proper_attention_explanation text, change_project_status_explanation text, team_issue_explanation text,
  governance_allocation text,
  co_management_comment text, executive_board_comment text, executive_resume_comment text, pdc_resume_comment text,
  version integer not null default 1, updated_at timestamptz not null default now(),
  check (end_date >= initial_date)
);
create index one_pages_project_idx on one_pages (project_id, initial_date desc, id desc);
create index one_pages_created_idx on one_pages (project_id, created_at desc);

create table allocation_suggestions (
  id serial primary key,
  one_page_id integer not null references one_pages(id) on delete cascade,
  professional_id integer not null references professionals(id),
  practice_id integer references practices(id),
  total_days numeric(4,2) not null default 0 check (total_days between 0 and 5),
  feedback text, is_approved boolean not null default false,
  version integer not null default 1,
  unique (one_page_id, professional_id)
);
create table allocation_suggestion_weeks (
  id serial primary key,
  allocation_suggestion_id integer not null references allocation_suggestions(id) on delete cascade,
  week_offset smallint not null check (week_offset in (1, 2)),
  total_days numeric(4,2) not null default 0 check (total_days between 0 and 5),
  unique (allocation_suggestion_id, week_offset)
);

create table weekly_statuses (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  created_at timestamptz not null default now(),
  client_submission_date date,
  submitted_at timestamptz, is_submitted boolean not null default false,
  signed_status text not null default 'draft' check (signed_status in ('draft', 'reproved', 'sent', 'completed', 'declined', 'deleted')),
  signed_type smallint check (signed_type between 1 and 3),
  signature_filename text, un_signature_filename text,
  version integer not null default 1, updated_at timestamptz not null default now()
);
create index weekly_statuses_project_idx on weekly_statuses (project_id, created_at desc);
create table weekly_status_contents (
  id serial primary key,
  weekly_status_id integer not null references weekly_statuses(id) on delete cascade,
  type smallint not null check (type between 1 and 5),
  front_header text, name text, description text, content_status text, order_position integer not null default 0,
  version integer not null default 1
);
create index weekly_status_contents_idx on weekly_status_contents (weekly_status_id, type, order_position);
create table weekly_status_recipients (
  id serial primary key,
  weekly_status_id integer not null references weekly_statuses(id) on delete cascade,
  name text not null, email text not null, signed_code text, is_signed boolean not null default false, is_active boolean not null default true
);
create index weekly_status_recipients_idx on weekly_status_recipients (weekly_status_id) where is_active;

-- 002: closure, dashboards, supervision, KNM, CRM -----------------------------------------------------
create table closure_external (
  project_id integer primary key references projects(id) on delete cascade,
  signed_type smallint check (signed_type between 1 and 3),
  signed_status text check (signed_status in ('draft', 'reproved', 'sent', 'completed', 'declined', 'deleted')),
  legal_closure_document_attach_file text, un_signature_filename text,
  signed_weekly_status_person_responsible_id integer references professionals(id), signed_weekly_status_attach_file text, signed_weekly_status_status boolean not null default false,
  legal_closure_document_person_responsible_id integer references professionals(id), legal_closure_document_logo_authorization boolean, legal_closure_document_status boolean not null default false,
  client_testimonial_person_responsible_id integer references professionals(id), client_testimonial_responsible_requested boolean, client_testimonial_status boolean not null default false,
  thank_you_letter_person_responsible_id integer references professionals(id), thank_you_letter_team_offer boolean, thank_you_letter_status boolean not null default false,
  version integer not null default 1, updated_at timestamptz not null default now()
);
create table closure_external_recipients (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  name text not null, email text not null, signed_code text, is_signed boolean not null default false, is_active boolean not null default true
);
create index closure_external_recipients_idx on closure_external_recipients (project_id) where is_active;

create table closure_internal (
  project_id integer primary key references projects(id) on delete cascade,
  form_person_responsible_id integer references professionals(id), form_status boolean not null default false,
  sanitized_reference_person_responsible_id integer references professionals(id), sanitized_reference_status boolean not null default false,
  project_network_person_responsible_id integer references professionals(id), project_network_status boolean not null default false,
  crm_person_responsible_id integer references professionals(id), crm_status boolean not null default false,
  sanitized_reference_attach text, crm_attach text, form_complete_case_attach text,
  closure_project_name text, form_project_start_date date, form_project_end_date date,
  form_responsible_partner integer references professionals(id), form_project_manager integer references professionals(id),
  form_office integer references offices(id), form_geography integer references geographics(id), form_geography_scope integer references geographic_scopes(id),
  form_practice integer references practices(id), form_methodology text,
  form_mini_case_comment text check (form_mini_case_comment is null or length(form_mini_case_comment) <= 500),
  form_result_achieved_qualitative text, form_result_achieved_quantitative text,
  references_answers jsonb not null default '{}'::jsonb,
  form_technology_methodology_was_outdated boolean, form_technology_use_gap_select boolean, form_technology_use_gap_comment text,
  form_technology_better_delivery_comment text, form_some_type_of_technology_select boolean, form_some_type_of_technology_comment text,
  form_partnered_with_any_tech_company_select boolean, form_partnered_with_any_tech_company_comment text,
  form_identify_new_type_technology_during_project_select boolean, form_identify_new_type_technology_during_project_comment text,
  form_client_leveraging_on_new_technology_select boolean,
  form_topic_of_sustainability_touched_select boolean, form_topic_of_sustainability_touched_comment text,
  form_client_focused_on_sustainability_select boolean, form_client_focused_on_sustainability_comment text,
  version integer not null default 1, updated_at timestamptz not null default now()
);

create table closure_checklists (
  project_id integer primary key references projects(id) on delete cascade,
  check_close_out_form smallint not null default 1 check (check_close_out_form between 0 and 2),
  check_project_network smallint not null default 1 check (check_project_network between 0 and 2),
  check_case smallint not null default 1 check (check_case between 0 and 2),
  check_case_authorization smallint not null default 1 check (check_case_authorization between 0 and 2),
  check_references smallint not null default 1 check (check_references between 0 and 2),
  check_signed_weekly_status smallint not null default 1 check (check_signed_weekly_status between 0 and 2),
  check_record_project_delivery smallint not null default 1 check (check_record_project_delivery between 0 and 2),
  check_send_warning smallint not null default 0 check (check_send_warning in (0, 1)),
  logo_authorization boolean not null default false,
  version integer not null default 1
);

create table project_dashboards (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  one_page_id integer references one_pages(id) on delete set null,
  created_at timestamptz not null default now(),
  current_week numeric(5,2), first_allocation numeric(5,2), initial numeric(5,2), target numeric(5,2),
  setup_status text, last_professional_dna date, next_professional_dna date, last_project_session date,
  weekly_status_date date, total_stakeholders integer, critical_stakeholders integer
);
create index project_dashboards_project_idx on project_dashboards (project_id, created_at desc);

create table dashboard_access (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  professional_id integer not null references professionals(id),
  unique (project_id, professional_id)
);

create table crm_classifications (id integer primary key, name text not null, stakeholder_types text[] not null default '{}');
create table crm_area_positions (id integer primary key, name text not null, type smallint not null check (type in (1, 2)));
create table crm_industries (id integer primary key, name text not null);
create table crm_geographies (id integer primary key, name text not null);
create table crm_offices (id integer primary key, name text not null);
create table crm_languages (id integer primary key, name text not null);
create table crm_contacts (
  id serial primary key,
  project_id integer not null references projects(id) on delete cascade,
  id_on_portal integer,
  data jsonb not null,
  status text not null default 'Pending' check (status in ('Pending', 'PendingPartner', 'PendingDirector', 'Approved')),
  partner_responsible text, director_responsible text,
  is_active boolean not null default true,
  created_by text, created_at timestamptz not null default now(), updated_at timestamptz not null default now()
);
create index crm_contacts_project_idx on crm_contacts (project_id) where is_active;
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`drop schema public cascade; create schema public;`).execute(db);
}
