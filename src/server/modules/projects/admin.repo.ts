import { sql } from 'kysely';
import type { DB } from '../../db';
import { updateVersioned } from '../../platform/versioned-update';

/** Project administration (spec 002 §2.8): create and edit every field, links, toolkits, scopes. */

/** The link tables of the project record: body key → table, its id column, the item's key and master table. */
export const ADMIN_LINKS = {
  projectGeographics: {
    table: 'projectGeographics',
    column: 'geographicId',
    key: 'idGeographic',
    master: 'geographics',
  },
  projectGeographicScopes: {
    table: 'projectGeographicScopes',
    column: 'geographicScopeId',
    key: 'idGeographicScope',
    master: 'geographicScopes',
  },
  projectOffices: { table: 'projectOffices', column: 'officeId', key: 'idOffice', master: 'offices' },
  projectCoManagements: {
    table: 'projectCoManagements',
    column: 'comanagementId',
    key: 'idCoManagement',
    master: 'comanagements',
  },
  projectPractices: {
    table: 'projectPractices',
    column: 'practiceId',
    key: 'idPractice',
    master: 'practices',
  },
  projectMethodologies: {
    table: 'projectMethodologies',
    column: 'methodologyId',
    key: 'idMethodology',
    master: 'methodologies',
  },
} as const;

export type AdminLink = keyof typeof ADMIN_LINKS;

/** Master tables an administration write names ids of. */
export type AdminMaster =
  (typeof ADMIN_LINKS)[AdminLink]['master'] | 'clients' | 'toolkits' | 'professionals' | 'duringTypes';

/** The ids of `ids` that are not in the master table. */
export async function missingIds(db: DB, master: AdminMaster, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom(master as 'clients')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  const present = new Set(found.map((r) => r.id));
  return ids.filter((id) => !present.has(id));
}

/** Another project with this code (case ignored), if any. */
export const projectWithCode = (db: DB, code: string, exceptId?: number) => {
  let q = db
    .selectFrom('projects')
    .select(['id', 'code'])
    .where(sql<boolean>`lower(code) = lower(${code})`);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
};

/** Professionals of `ids` who are inactive (with their names). */
export const inactiveProfessionals = (db: DB, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('professionals')
        .select(['id', 'name'])
        .where('id', 'in', [...ids])
        .where('isActive', '=', false)
        .execute();

export type AdminColumns = Partial<{
  code: string;
  name: string;
  clientId: number;
  idSupportComanagement: number | null;
  idDuringType: number | null;
  sendNotification: boolean;
  priority: boolean;
  internal: boolean;
  pdcPriority: boolean;
}>;

/** Writes columns and moves the version (only at `expected` when given); false when stale. */
export async function updateAdminColumns(
  db: DB,
  projectId: number,
  columns: AdminColumns,
  expected?: number,
) {
  return updateVersioned(db, 'projects', { id: projectId }, columns, expected);
}

export const insertProject = (
  db: DB,
  values: AdminColumns & { code: string; name: string; idStatus: number },
) =>
  db
    .insertInto('projects')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);

/** Replaces the project's set of one link kind with `ids`. */
export async function replaceLinks(db: DB, projectId: number, link: AdminLink, ids: readonly number[]) {
  const { table, column } = ADMIN_LINKS[link];
  await db
    .deleteFrom(table as 'projectPractices')
    .where('projectId', '=', projectId)
    .execute();
  if (ids.length > 0)
    await db
      .insertInto(table as 'projectPractices')
      .values(ids.map((id) => ({ projectId, [column]: id }) as never))
      .execute();
}

/** The ids the project holds in one link table (kept even when their master item is deactivated). */
export async function heldLinkIds(db: DB, projectId: number, link: AdminLink): Promise<number[]> {
  const { table, column } = ADMIN_LINKS[link];
  const rows = await db
    .selectFrom(table as 'projectPractices')
    .select(`${column} as id` as 'practiceId as id')
    .where('projectId', '=', projectId)
    .execute();
  return rows.map((r) => r.id);
}

export const projectToolkitRows = (db: DB, projectId: number) =>
  db
    .selectFrom('projectToolkits as pt')
    .innerJoin('toolkits as t', 't.id', 'pt.toolkitId')
    .select(['pt.id', 'pt.toolkitId', 'pt.idStatus', 't.name'])
    .where('pt.projectId', '=', projectId)
    .execute();

/** Adds toolkits (in Draft) and removes rows by id. */
export async function changeToolkits(
  db: DB,
  projectId: number,
  add: readonly number[],
  removeRows: readonly number[],
) {
  if (removeRows.length > 0)
    await db
      .deleteFrom('projectToolkits')
      .where('id', 'in', [...removeRows])
      .execute();
  if (add.length > 0)
    await db
      .insertInto('projectToolkits')
      .values(add.map((toolkitId) => ({ projectId, toolkitId, idStatus: 0 })))
      .execute();
}

/** Each project's first geographic scope (the admin list's SCOPE column). */
export const projectScopes = (db: DB) =>
  db
    .selectFrom('projectGeographicScopes')
    .select(['projectId', (eb) => eb.fn.min('geographicScopeId').as('idGeographicScope')])
    .groupBy('projectId')
    .orderBy('projectId')
    .execute();

export const insertFirstStatus = (db: DB, projectId: number, toStatus: number, changedBy: number) =>
  db
    .insertInto('projectStatusHistory')
    .values({ projectId, fromStatus: null, toStatus, changedBy })
    .execute();
