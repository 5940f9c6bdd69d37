import type { DB } from '../../db';
import { updateVersioned } from '../../platform/versioned-update';

/** The tables of a session's records (001 §3): one row per record, each with project, session and version. */
export type RecordTable =
  'sessionExpectations' | 'sessionDeliverables' | 'sessionRisks' | 'sessionRars' | 'sessionStakeholders';

/** A stored row: the common columns, and the table's own (camelCase). */
export type StoredRow = {
  id: number;
  projectId: number;
  sessionId: number;
  version: number;
} & Record<string, unknown>;

// The five tables share id / project_id / session_id / version; the queries are written once against one of
// them (the typed name) and run against the one asked for.
const t = (table: RecordTable) => table as 'sessionRisks';

export const findSession = (db: DB, sessionId: number) =>
  db.selectFrom('projectSessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

/** The team's professional ids of a project. */
export const teamIds = async (db: DB, projectId: number) =>
  (
    await db.selectFrom('projectTeam').select('professionalId').where('projectId', '=', projectId).execute()
  ).map((r) => r.professionalId);

export const listRows = (db: DB, table: RecordTable, sessionId: number) =>
  db.selectFrom(t(table)).selectAll().where('sessionId', '=', sessionId).orderBy('id').execute() as Promise<
    StoredRow[]
  >;

export const findRow = (db: DB, table: RecordTable, id: number) =>
  db.selectFrom(t(table)).selectAll().where('id', '=', id).executeTakeFirst() as Promise<
    StoredRow | undefined
  >;

export const insertRow = (
  db: DB,
  table: RecordTable,
  keys: { projectId: number; sessionId: number },
  values: Record<string, unknown>,
) =>
  db
    .insertInto(t(table))
    .values({ ...keys, ...values })
    .returningAll()
    .executeTakeFirstOrThrow() as Promise<StoredRow>;

/** Updates a row; with `expectedVersion`, only when it is still at that version. Whether it changed. */
export const updateRow = (
  db: DB,
  table: RecordTable,
  id: number,
  values: Record<string, unknown>,
  expectedVersion?: number,
) => updateVersioned(db, t(table), { id }, values, expectedVersion);

export const deleteRow = (db: DB, table: RecordTable, id: number) =>
  db.deleteFrom(t(table)).where('id', '=', id).execute();

/** Stakeholders of the client's other projects (any session), newest first: the import's source. */
export const clientStakeholders = (db: DB, projectId: number) =>
  db
    .selectFrom('sessionStakeholders as s')
    .innerJoin('projects as p', 'p.id', 's.projectId')
    .innerJoin('projects as me', 'me.clientId', 'p.clientId')
    .selectAll('s')
    .select(['p.code as projectCode', 'p.name as projectName'])
    .where('me.id', '=', projectId)
    .where('p.id', '<>', projectId)
    .orderBy('s.createdAt', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
