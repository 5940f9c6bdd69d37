import type { DB } from '../../db';
import { updateVersioned } from '../../platform/versioned-update';

/** The checklist columns (002 §3), as stored. */
export interface ChecklistValues {
  checkCloseOutForm: number;
  checkProjectNetwork: number;
  checkCase: number;
  checkCaseAuthorization: number;
  checkReferences: number;
  checkSignedWeeklyStatus: number;
  checkRecordProjectDelivery: number;
  checkSendWarning: number;
  logoAuthorization: boolean;
}
const COLUMNS = [
  'checkCloseOutForm',
  'checkProjectNetwork',
  'checkCase',
  'checkCaseAuthorization',
  'checkReferences',
  'checkSignedWeeklyStatus',
  'checkRecordProjectDelivery',
  'checkSendWarning',
  'logoAuthorization',
] as const;

/** The project statuses the Project Check List shows: Closure (4) and Closed (5). */
export const CHECKLIST_STATUSES = [4, 5];

/** The grid's rows: projects in Closure or Closed, by code, with the client and whether a checklist exists. */
export const listChecklistProjects = (db: DB) =>
  db
    .selectFrom('projects as p')
    .leftJoin('clients as c', 'c.id', 'p.clientId')
    .leftJoin('closureChecklists as k', 'k.projectId', 'p.id')
    .select(['p.id', 'p.code', 'p.name', 'p.idStatus', 'c.name as clientName', 'k.projectId as checklistOf'])
    .where('p.idStatus', 'in', CHECKLIST_STATUSES)
    .orderBy('p.code')
    .execute();

export const findChecklist = (db: DB, projectId: number) =>
  db
    .selectFrom('closureChecklists')
    .select([...COLUMNS, 'version'])
    .where('projectId', '=', projectId)
    .executeTakeFirst();

/** Creates the project's row at version 2 (the absent row answered version 1); false when one appeared meanwhile. */
export async function insertChecklist(db: DB, projectId: number, values: ChecklistValues): Promise<boolean> {
  const r = await db
    .insertInto('closureChecklists')
    .values({ projectId, ...values, version: 2 })
    .onConflict((oc) => oc.column('projectId').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Writes the row while it is at `onlyVersion`, bumping the version; whether it was written. */
export async function updateChecklist(
  db: DB,
  projectId: number,
  values: ChecklistValues,
  onlyVersion: number,
): Promise<boolean> {
  return updateVersioned(db, 'closureChecklists', { projectId }, values, onlyVersion);
}
