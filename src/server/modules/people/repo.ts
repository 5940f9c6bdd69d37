import { sql, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../../db';
import { searchWords, wordPattern } from '../../platform/search-pattern';

/** The SQL of Admin › People: professionals, provisioned groups, provisioning tokens and requests. */

export interface PeopleFilter {
  search?: string;
  status: 'active' | 'inactive' | 'all';
  source?: string;
}

const ROW = [
  'p.id',
  'p.name',
  'p.email',
  'p.login',
  'p.jobTitle',
  'p.photoGuid',
  'p.scopes',
  'p.source',
  'p.isActive',
  'p.scimId',
] as const;

function peopleWhere(db: DB, f: PeopleFilter) {
  let q = db.selectFrom('professionals as p');
  if (f.status !== 'all') q = q.where('p.isActive', '=', f.status === 'active');
  if (f.source) q = q.where('p.source', '=', f.source);
  for (const word of searchWords(f.search)) {
    const pattern = wordPattern(word);
    q = q.where(
      (eb) =>
        sql<SqlBool>`(${eb.ref('p.name')} ~ ${pattern} or ${eb.ref('p.email')} ~ ${pattern} or ${eb.ref('p.login')} ~ ${pattern})` as Expression<SqlBool>,
    );
  }
  return q;
}

/** One page of people of the filter, by name, and how many there are in all. */
export async function listPeople(db: DB, f: PeopleFilter, page: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    peopleWhere(db, f)
      .select(ROW)
      .orderBy('p.name')
      .orderBy('p.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    peopleWhere(db, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One person with their manager's name (FOR UPDATE inside a writer's transaction). */
export function findPerson(db: DB, id: number, forUpdate = false) {
  let q = db
    .selectFrom('professionals as p')
    .leftJoin('professionals as m', 'm.id', 'p.managerId')
    .leftJoin('practices as pr', 'pr.id', 'p.practiceId')
    .leftJoin('offices as o', 'o.id', 'p.officeId')
    .leftJoin('positions as po', 'po.id', 'p.positionId')
    .leftJoin('comanagements as c', 'c.id', 'p.comanagementId')
    .select([
      'pr.name as practiceName',
      'o.name as officeName',
      'po.name as positionName',
      'c.name as comanagementName',
      ...ROW,
      'p.externalId',
      'p.department',
      'p.employeeNumber',
      'p.managerId',
      'm.name as managerName',
      'p.practiceId',
      'p.officeId',
      'p.positionId',
      'p.comanagementId',
      'p.businessUnits',
      'p.manualScopes',
      'p.tokenScopes',
      'p.createdAt',
      'p.updatedAt',
      'p.version',
    ])
    .where('p.id', '=', id);
  if (forUpdate) q = q.forUpdate('p');
  return q.executeTakeFirst();
}
export type PersonRow = NonNullable<Awaited<ReturnType<typeof findPerson>>>;

/** The provisioned groups a person belongs to. */
export const groupsOf = (db: DB, professionalId: number) =>
  db
    .selectFrom('scimGroupMembers as m')
    .innerJoin('scimGroups as g', 'g.id', 'm.groupId')
    .select(['g.id', 'g.displayName', 'g.scopes'])
    .where('m.professionalId', '=', professionalId)
    .orderBy('g.displayName')
    .execute();

/** Another person with this e-mail or login (case ignored). */
export function findClash(db: DB, email: string | undefined, login: string | undefined, exceptId?: number) {
  return db
    .selectFrom('professionals')
    .select(['id', 'email', 'login'])
    .where((eb) =>
      eb.or([
        ...(email !== undefined ? [eb(eb.fn('lower', ['email']), '=', email.toLowerCase())] : []),
        ...(login !== undefined ? [eb(eb.fn('lower', ['login']), '=', login.toLowerCase())] : []),
      ]),
    )
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId!))
    .executeTakeFirst();
}

export type ChoiceTable = 'practices' | 'offices' | 'positions' | 'comanagements' | 'businessUnits';

/** The active items of a master list, by name. */
export const activeItems = (db: DB, table: ChoiceTable) =>
  db.selectFrom(table).select(['id', 'name']).where('deactivatedAt', 'is', null).orderBy('name').execute();

/** Whether the item exists and is active. */
export async function isActiveItem(db: DB, table: Exclude<ChoiceTable, 'businessUnits'>, id: number) {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('id', '=', id)
    .where('deactivatedAt', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The active business units among the names (by their folded name), as the list spells them. */
export const activeBusinessUnits = (db: DB, names: string[]) =>
  names.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('businessUnits')
        .select(['name', (eb) => sql<string>`portal_fold(${eb.ref('name')})`.as('folded')])
        .where('deactivatedAt', 'is', null)
        .where(sql<SqlBool>`portal_fold(name) = any(${names}::text[])`)
        .execute();

/** The people history of a person, newest first. */
export const historyOf = (db: DB, professionalId: number, skip: number, take: number) =>
  db
    .selectFrom('peopleHistory')
    .select(['id', 'at', 'source', 'actor', 'summary', 'changes'])
    .where('professionalId', '=', professionalId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(take)
    .offset(skip)
    .execute();

// --- provisioning

/** Every provisioned group with its member count, by name (FOR UPDATE of one when `id` is given). */
export function listGroups(db: DB, id?: string) {
  return db
    .selectFrom('scimGroups as g')
    .select([
      'g.id',
      'g.displayName',
      'g.externalId',
      'g.scopes',
      'g.scopesMapped',
      'g.version',
      (eb) =>
        eb
          .selectFrom('scimGroupMembers as m')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('m.groupId', '=', 'g.id')
          .as('members'),
    ])
    .$if(id !== undefined, (q) => q.where('g.id', '=', id!))
    .orderBy('g.displayName')
    .execute();
}

export const lockGroup = (db: DB, id: string) =>
  db
    .selectFrom('scimGroups')
    .select(['id', 'version', 'scopes', 'displayName'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const membersOf = async (db: DB, groupId: string) =>
  (
    await db.selectFrom('scimGroupMembers').select('professionalId').where('groupId', '=', groupId).execute()
  ).map((r) => r.professionalId);

/** The scopes of some professionals (id → scopes). */
export const scopesOf = async (db: DB, ids: number[]) =>
  new Map(
    ids.length === 0
      ? []
      : (await db.selectFrom('professionals').select(['id', 'scopes']).where('id', 'in', ids).execute()).map(
          (r) => [r.id, r.scopes] as const,
        ),
  );

/** The provisioning tokens, newest first, with their creator's name. */
export function listTokens(db: DB, id?: number) {
  return db
    .selectFrom('scimTokens as t')
    .leftJoin('professionals as p', 'p.id', 't.createdBy')
    .select(['t.id', 't.name', 't.createdAt', 'p.name as createdBy', 't.lastUsedAt', 't.revokedAt'])
    .$if(id !== undefined, (q) => q.where('t.id', '=', id!))
    .orderBy('t.createdAt', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
}

/** The last provisioning requests, newest first. */
export const lastRequests = (db: DB, take: number) =>
  db
    .selectFrom('scimRequests')
    .select(['id', 'at', 'tokenName', 'method', 'path', 'status', 'detail'])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(take)
    .execute();

/** When provisioning last called, last succeeded, and how many calls failed since `since`. */
export async function requestSummary(db: DB, since: Date) {
  const row = await db
    .selectFrom('scimRequests')
    .select([
      (eb) => eb.fn.max('at').as('lastAt'),
      (eb) => eb.fn.max(sql<Date>`case when status < 400 then at end`).as('lastSuccessAt'),
      (eb) =>
        eb.fn
          .countAll<string>()
          .filterWhere('status', '>=', 400)
          .filterWhere('at', '>=', since)
          .as('failures'),
    ])
    .executeTakeFirstOrThrow();
  const last = await db
    .selectFrom('scimRequests')
    .select('status')
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { ...row, lastStatus: last?.status ?? null };
}
