import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db';
import { isUuid } from './filter';
import type { GroupRow, UserRow } from './resources';

/** The SQL of the SCIM endpoint: professionals as users (`p`), scim_groups as groups (`g`). */

const userColumns = sql`p.id, p.scim_id::text as "scimId", p.external_id as "externalId", p.email, p.name,
  p.job_title as "jobTitle", p.is_active as "isActive", p.department, p.employee_number as "employeeNumber",
  m.scim_id::text as "managerScimId", m.name as "managerName", p.created_at as "createdAt",
  p.updated_at as "updatedAt", p.version`;

export async function userByScimId(db: DB, scimId: string, forUpdate = false): Promise<UserRow | undefined> {
  if (!isUuid(scimId)) return undefined;
  const { rows } = await sql<UserRow>`select ${userColumns} from professionals p
    left join professionals m on m.id = p.manager_id
    where p.scim_id = ${scimId.toLowerCase()}::uuid ${forUpdate ? sql`for no key update of p` : sql``}`.execute(
    db,
  );
  return rows[0];
}

export async function userById(db: DB, id: number): Promise<UserRow> {
  const { rows } = await sql<UserRow>`select ${userColumns} from professionals p
    left join professionals m on m.id = p.manager_id where p.id = ${id}`.execute(db);
  return rows[0]!;
}

export async function listUsers(db: DB, where: RawBuilder<SqlBool>, offset: number, limit: number) {
  const [{ rows }, count] = await Promise.all([
    limit > 0
      ? sql<UserRow>`select ${userColumns} from professionals p left join professionals m on m.id = p.manager_id
          where p.scim_id is not null and ${where} order by p.created_at, p.id offset ${offset} limit ${limit}`.execute(
          db,
        )
      : Promise.resolve({ rows: [] as UserRow[] }),
    sql<{ n: string | number }>`select count(*) as n from professionals p
      where p.scim_id is not null and ${where}`.execute(db),
  ]);
  return { rows, total: Number(count.rows[0]!.n) };
}

/** The professional a create names: by e-mail, then by Entra object id / external id. */
export async function matchProfessional(db: DB, email: string, externalId: string | null) {
  const { rows } = await sql<{
    id: number;
    scimId: string | null;
    email: string;
    isActive: boolean;
    how: string;
  }>`select id, scim_id::text as "scimId", email, is_active as "isActive", 'email' as how from professionals
       where lower(email) = ${email.toLowerCase()}
     union all
     select id, scim_id::text, email, is_active, 'objectId' from professionals
       where ${externalId !== null && isUuid(externalId)} and lower(entra_object_id) = ${(externalId ?? '').toLowerCase()}
     union all
     select id, scim_id::text, email, is_active, 'externalId' from professionals
       where ${externalId !== null} and lower(external_id) = ${(externalId ?? '').toLowerCase()}
         and external_id = ${externalId ?? ''}
     limit 1`.execute(db);
  return rows[0];
}

/** Another professional holding this e-mail (case ignored). */
export async function emailHolder(db: DB, email: string, notId: number) {
  const row = await db
    .selectFrom('professionals')
    .select(['id', 'scimId'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('id', '<>', notId)
    .executeTakeFirst();
  return row;
}

/** The login of a new professional: the e-mail's local part, or the whole e-mail when that is taken. */
export async function freeLogin(db: DB, email: string, notId = 0) {
  const local = email.split('@')[0]!.toLowerCase();
  const taken = await db
    .selectFrom('professionals')
    .select('id')
    .where('login', '=', local)
    .where('id', '<>', notId)
    .executeTakeFirst();
  return taken ? email.toLowerCase() : local;
}

/** The professional ids of users' SCIM ids (ids that name no user are left out). */
export async function professionalIdsOf(db: DB, scimIds: readonly string[]) {
  const valid = scimIds.filter(isUuid).map((s) => s.toLowerCase());
  if (!valid.length) return new Map<string, number>();
  const rows = await db
    .selectFrom('professionals')
    .select(['id', sql<string>`scim_id::text`.as('scimId')])
    .where(sql<boolean>`scim_id = any(${valid}::uuid[])`)
    .execute();
  return new Map(rows.map((r) => [r.scimId, r.id]));
}

/**
 * Row locks, always in this order: advisory locks (a userName, a group's name, the administrators'), then groups,
 * then professionals, each set by id; `for no key update` (what an UPDATE of non-key columns takes) leaves the
 * membership table's foreign-key checks free. Two changes of overlapping people then wait, never deadlock.
 */
export async function lockGroups(db: DB, ids: readonly string[]) {
  if (!ids.length) return;
  await sql`select id from scim_groups where id = any(${[...ids]}::uuid[]) order by id for no key update`.execute(
    db,
  );
}

export async function lockProfessionals(db: DB, ids: readonly number[]) {
  if (!ids.length) return;
  await sql`select id from professionals where id = any(${[...ids]}::int[]) order by id for no key update`.execute(
    db,
  );
}

export async function groupsOf(db: DB, professionalId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('scimGroupMembers')
    .select('groupId')
    .where('professionalId', '=', professionalId)
    .orderBy('groupId')
    .execute();
  return rows.map((r) => r.groupId);
}

export async function lockKey(db: DB, key: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
}

// groups --------------------------------------------------------------------------------------------------------

const groupColumns = sql`g.id::text as id, g.display_name as "displayName", g.external_id as "externalId",
  g.created_at as "createdAt", g.updated_at as "updatedAt", g.version`;

export interface GroupState extends GroupRow {
  scopes: string[];
  scopesMapped: boolean;
}

export async function groupById(db: DB, id: string, forUpdate = false): Promise<GroupState | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await sql<GroupState>`select ${groupColumns}, g.scopes, g.scopes_mapped as "scopesMapped"
    from scim_groups g where g.id = ${id.toLowerCase()}::uuid ${forUpdate ? sql`for no key update` : sql``}`.execute(
    db,
  );
  return rows[0];
}

export async function listGroups(db: DB, where: RawBuilder<SqlBool>, offset: number, limit: number) {
  const [{ rows }, count] = await Promise.all([
    limit > 0
      ? sql<GroupRow>`select ${groupColumns} from scim_groups g where ${where}
          order by g.created_at, g.id offset ${offset} limit ${limit}`.execute(db)
      : Promise.resolve({ rows: [] as GroupRow[] }),
    sql<{ n: string | number }>`select count(*) as n from scim_groups g where ${where}`.execute(db),
  ]);
  return { rows, total: Number(count.rows[0]!.n) };
}

/** The members (users with a SCIM id) of the groups, by group. */
export async function membersOf(db: DB, groupIds: readonly string[]) {
  const out = new Map<string, { value: string; display: string }[]>(groupIds.map((g) => [g, []]));
  if (!groupIds.length) return out;
  const { rows } = await sql<{ groupId: string; value: string; display: string }>`
    select gm.group_id::text as "groupId", p.scim_id::text as value, p.name as display
    from scim_group_members gm join professionals p on p.id = gm.professional_id
    where gm.group_id = any(${groupIds}::uuid[]) and p.scim_id is not null
    order by p.name, p.id`.execute(db);
  for (const r of rows) out.get(r.groupId)!.push({ value: r.value, display: r.display });
  return out;
}

export async function memberIds(db: DB, groupId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('scimGroupMembers')
    .select('professionalId')
    .where('groupId', '=', groupId)
    .execute();
  return rows.map((r) => r.professionalId);
}

export async function addMembers(db: DB, groupId: string, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .insertInto('scimGroupMembers')
    .values(ids.map((professionalId) => ({ groupId, professionalId })))
    .onConflict((oc) => oc.doNothing())
    .returning('professionalId')
    .execute();
  return rows.map((r) => r.professionalId);
}

export async function removeMembers(
  db: DB,
  groupId: string,
  ids: readonly number[] | 'all',
): Promise<number[]> {
  if (ids !== 'all' && !ids.length) return [];
  let q = db.deleteFrom('scimGroupMembers').where('groupId', '=', groupId);
  if (ids !== 'all') q = q.where('professionalId', 'in', ids);
  const rows = await q.returning('professionalId').execute();
  return rows.map((r) => r.professionalId);
}

// tokens and the request log --------------------------------------------------------------------------------------

export async function tokenByHash(db: DB, hash: string) {
  return db
    .selectFrom('scimTokens')
    .select(['id', 'name', 'lastUsedAt'])
    .where('tokenHash', '=', hash)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
}

/** Records a token's use, at most once a minute. */
export async function touchToken(db: DB, id: number) {
  await sql`update scim_tokens set last_used_at = now()
    where id = ${id} and (last_used_at is null or last_used_at < now() - interval '1 minute')`.execute(db);
}

export async function logRequest(
  db: DB,
  row: { tokenName: string | null; method: string; path: string; status: number; detail: string | null },
) {
  await db.insertInto('scimRequests').values(row).execute();
}

/** Keeps the request log bounded: the last 30 days, at most the newest 5,000 rows. */
export async function pruneRequests(db: DB) {
  await sql`delete from scim_requests where at < now() - interval '30 days'
    or id < (select id from scim_requests order by id desc offset 4999 limit 1)`.execute(db);
}
