import { sql, type Kysely } from 'kysely';

/** Every master list an administrator keeps on the Master data screen (one table each). */
const LISTS = [
  'practices',
  'business_units',
  'methodologies',
  'geographics',
  'geographic_scopes',
  'offices',
  'comanagements',
  'languages',
  'segments',
  'positions',
  'allocation_statuses',
  'evaluation_cycles',
  'clients',
  'toolkits',
  'crm_classifications',
  'crm_area_positions',
  'crm_industries',
  'crm_geographies',
  'crm_offices',
  'crm_languages',
];

/**
 * Master data administered in the portal (Admin › Master data):
 * - each list's items gain `deactivated_at` (null = offered for new records; an item in use is deactivated, never
 *   deleted, and stays on the records that hold it), a version (If-Match) and `updated_at` (clients had both);
 * - `portal_fold(text)`: a name as lists compare it — lower case, without accents and without spaces — so
 *   "São Paulo", "sao paulo" and "SaoPaulo" are one name; uniqueness per list and the import's references use it
 *   (an expression index per list makes both lookups cheap);
 * - `master_history`: every change of a master item (created, changed, deactivated, reactivated, deleted,
 *   imported), with who made it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const perList = LISTS.map((t) => {
    const has = t === 'clients';
    return `
alter table ${t} add column deactivated_at timestamptz${has ? '' : ', add column version integer not null default 1, add column updated_at timestamptz not null default now()'};
create index ${t}_fold_idx on ${t} (portal_fold(${t === 'evaluation_cycles' ? 'period' : 'name'}));`;
  }).join('\n');
  await sql
    .raw(
      `
create function portal_fold(t text) returns text language sql immutable parallel safe as $$
  select lower(regexp_replace(translate(t,
    'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÇçÑñÝýÿ',
    'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOOooooooUUUUuuuuCcNnYyy'), '\\s+', '', 'g'))
$$;
${perList}
create table master_history (
  id bigserial primary key,
  list text not null,
  item_id integer not null,
  at timestamptz not null default now(),
  actor_id integer references professionals(id) on delete set null,
  action text not null check (action in ('created', 'changed', 'deactivated', 'reactivated', 'deleted', 'imported')),
  changes jsonb
);
create index master_history_item_idx on master_history (list, item_id, at desc);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const perList = LISTS.map(
    (t) =>
      `drop index if exists ${t}_fold_idx; alter table ${t} drop column if exists deactivated_at${t === 'clients' ? '' : ', drop column if exists version, drop column if exists updated_at'};`,
  ).join('\n');
  await sql
    .raw(`drop table if exists master_history;\n${perList}\ndrop function if exists portal_fold(text);`)
    .execute(db);
}
