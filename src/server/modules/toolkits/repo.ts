import type { DB } from '../../db';

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
  db
    .selectFrom('projectToolkits')
    .select('id')
    .where('projectId', '=', projectId)
    .where('toolkitId', '=', toolkitId)
    .executeTakeFirst();

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
  let q = db
    .updateTable('projectToolkits')
    .set((eb) => ({ ...values, updatedAt: new Date(), version: eb('version', '+', 1) }))
    .where('id', '=', rowId);
  if (expectedVersion !== undefined) q = q.where('version', '=', expectedVersion);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
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
  let q = db
    .updateTable('projectToolkits')
    .set((eb) => ({ idStatus, updatedAt: new Date(), version: eb('version', '+', 1) }))
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
