import { sql } from 'kysely';
import type { DB } from '@server/db';
import type { Database } from '@server/db/schema';
import { updateVersioned } from '../../platform/versioned-update';

/* ---------------------------------------------------------------------------------------------
 * Project Info (PATCH /api/projects/{id}, PUT /api/projects/{id}/metadata)
 * ------------------------------------------------------------------------------------------- */

/** The project's own columns a one-field write changes. */
export type ProjectColumns = Partial<{
  name: string;
  whatSalesContext: string | null;
  whyClientNeedHelp: string | null;
  idSupportComanagement: number | null;
  idDuringType: number;
}>;

/**
 * Writes project columns and bumps `version` (and `updatedAt`); with `onlyVersion` only while the project
 * is still at that version. Returns whether the row was written.
 */
export async function updateProject(
  db: DB,
  projectId: number,
  values: ProjectColumns,
  onlyVersion: number | undefined,
): Promise<boolean> {
  return updateVersioned(db, 'projects', { id: projectId }, values, onlyVersion);
}

/** The link tables a metadata id replaces: table, its id column, and the master table the id must exist in. */
export const LINKS = {
  idPractice: { table: 'projectPractices', column: 'practiceId', master: 'practices' },
  idMethodology: { table: 'projectMethodologies', column: 'methodologyId', master: 'methodologies' },
  idGeography: { table: 'projectGeographics', column: 'geographicId', master: 'geographics' },
  idGeographicScope: {
    table: 'projectGeographicScopes',
    column: 'geographicScopeId',
    master: 'geographicScopes',
  },
  idOffice: { table: 'projectOffices', column: 'officeId', master: 'offices' },
  idCoMgt: { table: 'projectCoManagements', column: 'comanagementId', master: 'comanagements' },
} as const;
export type LinkField = keyof typeof LINKS;

type MasterTable = (typeof LINKS)[LinkField]['master'] | 'duringTypes';

/** The name of a master row, or undefined when the id does not exist. */
export async function masterName(db: DB, table: MasterTable, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom(table as 'practices')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.name;
}

/** Replaces the project's set of one link kind with one id (the metadata call sends one id; 001 §7). */
export async function replaceLink(db: DB, projectId: number, field: LinkField, id: number) {
  const { table, column } = LINKS[field];
  const t = table as keyof Database & 'projectPractices';
  await db.deleteFrom(t).where('projectId', '=', projectId).execute();
  await db
    .insertInto(t)
    .values({ projectId, [column]: id } as never)
    .execute();
}

/* ---------------------------------------------------------------------------------------------
 * Client past projects (GET /api/projects/{id}/client/{idClient})
 * ------------------------------------------------------------------------------------------- */

export const projectClient = (db: DB, projectId: number) =>
  db.selectFrom('projects').select(['id', 'clientId']).where('id', '=', projectId).executeTakeFirst();

/** The client's projects other than `exceptProjectId`, by code, with their methodology names joined. */
export function clientProjects(db: DB, clientId: number, exceptProjectId: number) {
  return db
    .selectFrom('projects as p')
    .leftJoin('projectMethodologies as pm', 'pm.projectId', 'p.id')
    .leftJoin('methodologies as m', 'm.id', 'pm.methodologyId')
    .select([
      'p.id',
      'p.code',
      'p.name',
      'p.idStatus',
      sql<string | null>`string_agg(m.name, ', ' order by m.name)`.as('methodology'),
    ])
    .where('p.clientId', '=', clientId)
    .where('p.id', '<>', exceptProjectId)
    .groupBy(['p.id', 'p.code', 'p.name', 'p.idStatus'])
    .orderBy('p.code')
    .execute();
}
