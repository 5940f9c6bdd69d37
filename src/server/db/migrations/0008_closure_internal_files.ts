import { sql, type Kysely } from 'kysely';

/**
 * Closure Internal files (issue 13, spec 002 §3, §7 "Closure internal"): the storage keys of the sanitized
 * references file, the CRM file and the complete case file. The names the person gave them stay in
 * sanitized_reference_attach, crm_attach and form_complete_case_attach (what the API answers).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
alter table closure_internal
  add column sanitized_reference_file_key text references stored_files(key) on delete set null,
  add column crm_file_key text references stored_files(key) on delete set null,
  add column form_complete_case_file_key text references stored_files(key) on delete set null;
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
alter table closure_internal
  drop column sanitized_reference_file_key,
  drop column crm_file_key,
  drop column form_complete_case_file_key;
`,
    )
    .execute(db);
}
