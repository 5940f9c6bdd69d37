import type { DB } from '../../db';
import { findRowId, updateVersioned, versionedUpdate } from '../../platform/versioned-update';

/** Toolkit rows of a project as the spec's list shows them (record id, toolkit id, status, name). */
export async function listProjectToolkits(db: DB, projectId: number, rowId?: number) {
  let q = db
    .selectFrom('projectToolkits as pt')
    .innerJoin('toolkits as t', 't.id', 'pt.toolkitId')
    .leftJoin('methodologies as m', 'm.id', 't.methodologyId')
    .leftJoin('practices as p', 'p.id', 'm.practiceId')
    .select(['pt.id', 'pt.toolkitId', 'pt.idStatus', 'pt.version', 't.name', 'p.name as practiceName'])
    .where('pt.projectId', '=', projectId)
    .orderBy('pt.id');
  if (rowId !== undefined) q = q.where('pt.id', '=', rowId);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    idToolkit: r.toolkitId,
    idStatus: r.idStatus,
    version: r.version,
    toolkitName: [r.practiceName, r.name].filter(Boolean).join(' '),
  }));
}
export type ToolkitRow = Awaited<ReturnType<typeof listProjectToolkits>>[number];

export const findRow = (db: DB, projectId: number, rowId: number) =>
  db
    .selectFrom('projectToolkits')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('id', '=', rowId)
    .executeTakeFirst();

export const findToolkit = (db: DB, toolkitId: number) =>
  db.selectFrom('toolkits').select(['id', 'isActive', 'name']).where('id', '=', toolkitId).executeTakeFirst();

export const findByToolkit = (db: DB, projectId: number, toolkitId: number) =>
  findRowId(db, 'projectToolkits', { projectId, toolkitId });

export const insertRow = (db: DB, projectId: number, toolkitId: number, idStatus: number) =>
  db
    .insertInto('projectToolkits')
    .values({ projectId, toolkitId, idStatus })
    .returning('id')
    .executeTakeFirstOrThrow();

/** Updates one row; with `expectedVersion` only when the row is still at that version. Returns whether it changed. */
export async function updateRow(
  db: DB,
  rowId: number,
  values: { toolkitId?: number; idStatus: number },
  expectedVersion?: number,
) {
  return updateVersioned(db, 'projectToolkits', { id: rowId }, values, expectedVersion);
}

export const deleteRow = (db: DB, rowId: number) =>
  db.deleteFrom('projectToolkits').where('id', '=', rowId).execute();

/** Sets every row of the project to a status, skipping final rows unless `includeFinal`; returns the changed ids. */
export async function updateAll(
  db: DB,
  projectId: number,
  idStatus: number,
  skipStatuses: readonly number[],
) {
  let q = versionedUpdate(db, 'projectToolkits', { idStatus })
    .where('projectId', '=', projectId)
    .where('idStatus', '!=', idStatus);
  if (skipStatuses.length) q = q.where('idStatus', 'not in', [...skipStatuses]);
  return (await q.returning('id').execute()).map((r) => r.id);
}

export const projectPartners = (db: DB, projectId: number) =>
  db
    .selectFrom('projectTeam as t')
    .innerJoin('professionals as p', 'p.id', 't.professionalId')
    .select(['p.email'])
    .where('t.projectId', '=', projectId)
    .where('t.isPartner', '=', true)
    .execute();

export const projectLabel = (db: DB, projectId: number) =>
  db
    .selectFrom('projects')
    .select(['id', 'code', 'name'])
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
