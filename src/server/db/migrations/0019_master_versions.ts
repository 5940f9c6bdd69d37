import { sql, type Kysely } from 'kysely';

/** Each master table and the list it is (the catalogue's key, src/domain/rules/master-lists.ts). */
const LISTS: [table: string, key: string][] = [
  ['practices', 'practices'],
  ['offices', 'offices'],
  ['geographics', 'geographics'],
  ['geographic_scopes', 'geographic-scopes'],
  ['comanagements', 'comanagements'],
  ['languages', 'languages'],
  ['segments', 'segments'],
  ['positions', 'positions'],
  ['business_units', 'business-units'],
  ['methodologies', 'methodologies'],
  ['toolkits', 'toolkits'],
  ['evaluation_cycles', 'evaluation-cycles'],
  ['allocation_statuses', 'allocation-statuses'],
  ['clients', 'clients'],
  ['client_segments', 'clients'],
  ['crm_industries', 'crm-industries'],
  ['crm_classifications', 'crm-classifications'],
  ['crm_area_positions', 'crm-area-positions'],
  ['crm_geographies', 'crm-geographies'],
  ['crm_languages', 'crm-languages'],
  ['crm_offices', 'crm-offices'],
];

/** The tables of migration 0016's fold indexes (`<table>_fold_idx`), rebuilt with the new portal_fold. */
const FOLD_INDEXED = LISTS.map(([t]) => t).filter((t) => t !== 'client_segments');

/**
 * portal_fold(text) as foldName (src/domain/rules/names.ts) computes it for every Latin letter, not only those of
 * a fixed table: decomposed (NFD), combining marks removed, Ø/ø as O/o, every white space removed, lower case —
 * so "Łódź", "Ÿpres" and "Kraków" fold alike on both sides (tests/domain/rules/names.test.ts keeps them equal).
 * The expression indexes on it are rebuilt.
 */
const PORTAL_FOLD = `
create or replace function portal_fold(t text) returns text language sql immutable parallel safe as $$
  select lower(regexp_replace(translate(regexp_replace(normalize(t, NFD),
    '[\\u0300-\\u036f\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\ufe20-\\ufe2f]', '', 'g'), 'Øø', 'Oo'),
    '[\\s\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]+', '', 'g'))
$$;
${FOLD_INDEXED.map((t) => `reindex index ${t}_fold_idx;`).join('\n')}
`;

/**
 * A version per master list (`list_versions('master:<list>')`), moved by statement triggers on every write of the
 * list's table — by Admin › Master data, an import, KNM's client edits or a seed alike — so that the lists' ETags
 * and the screens that cache them see every change, on every replica.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const keys = [...new Set(LISTS.map(([, k]) => k))];
  await sql.raw(PORTAL_FOLD).execute(db);
  await sql
    .raw(
      `
insert into list_versions (name) values ${keys.map((k) => `('master:${k}')`).join(', ')} on conflict do nothing;
create function bump_master_list() returns trigger language plpgsql as $$
begin
  update list_versions set version = version + 1 where name = 'master:' || TG_ARGV[0];
  return null;
end $$;
${LISTS.map(
  ([t, k]) =>
    `create trigger ${t}_master_version after insert or update or delete or truncate on ${t} for each statement execute function bump_master_list('${k}');`,
).join('\n')}
`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
${LISTS.map(([t]) => `drop trigger if exists ${t}_master_version on ${t};`).join('\n')}
drop function if exists bump_master_list();
delete from list_versions where name like 'master:%';
create or replace function portal_fold(t text) returns text language sql immutable parallel safe as $$
  select lower(regexp_replace(translate(t,
    'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÇçÑñÝýÿ',
    'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOOooooooUUUUuuuuCcNnYyy'), '\\s+', '', 'g'))
$$;
${FOLD_INDEXED.map((t) => `reindex index ${t}_fold_idx;`).join('\n')}
`,
    )
    .execute(db);
}
