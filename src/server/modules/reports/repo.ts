import { sql } from 'kysely';
import type { ReportJob } from '@domain/contract';
import type { DB } from '../../db';
import { toIso } from '../../platform/dates';

/** The report_jobs queries (migration 0011). */

export interface JobRow {
  id: number;
  report: string;
  params: Record<string, string>;
  status: ReportJob['status'];
  fileName: string;
  fileKey: string | null;
  rows: number | null;
  error: string | null;
  requestedBy: number;
  createdAt: Date | string;
  finishedAt: Date | string | null;
}

const COLUMNS = [
  'id',
  'report',
  'params',
  'status',
  'fileName',
  'fileKey',
  'rows',
  'error',
  'requestedBy',
  'createdAt',
  'finishedAt',
] as const;

export const toReportJob = (r: JobRow): ReportJob => ({
  id: r.id,
  report: r.report,
  status: r.status,
  fileName: r.fileName,
  rows: r.rows,
  error: r.error,
  createdAt: toIso(r.createdAt)!,
  finishedAt: toIso(r.finishedAt),
});

export const findJob = (db: DB, id: number) =>
  db.selectFrom('reportJobs').select(COLUMNS).where('id', '=', id).executeTakeFirst() as Promise<
    JobRow | undefined
  >;

export const insertJob = (
  db: DB,
  j: { report: string; params: Record<string, string>; fileName: string; requestedBy: number },
) =>
  db
    .insertInto('reportJobs')
    .values({ ...j, params: JSON.stringify(j.params) })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow() as Promise<JobRow>;

/** Takes a queued job (or one a stopped run left running): null when there is none to take. */
export const startJob = (db: DB, id: number) =>
  db
    .updateTable('reportJobs')
    .set({ status: 'running' })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .returning(COLUMNS)
    .executeTakeFirst() as Promise<JobRow | undefined>;

/** Records the workbook (a stored file) and marks the job done, in one transaction. */
export const finishJob = (
  db: DB,
  id: number,
  f: { key: string; fileName: string; size: number; rows: number; requestedBy: number },
) =>
  db.transaction().execute(async (trx) => {
    await trx
      .insertInto('storedFiles')
      .values({
        key: f.key,
        fileName: f.fileName,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        size: f.size,
        createdBy: f.requestedBy,
      })
      .execute();
    await trx
      .updateTable('reportJobs')
      .set({ status: 'done', fileKey: f.key, rows: f.rows, error: null, finishedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
  });

export const failJob = (db: DB, id: number, error: string) =>
  db
    .updateTable('reportJobs')
    .set({ status: 'failed', error: error.slice(0, 1000), finishedAt: sql`now()` })
    .where('id', '=', id)
    .execute();

export const oldJobs = (db: DB, before: Date) =>
  db.selectFrom('reportJobs').select(['id', 'fileKey']).where('createdAt', '<', before).execute();

export async function deleteJobs(db: DB, ids: number[], fileKeys: string[]) {
  if (ids.length) await db.deleteFrom('reportJobs').where('id', 'in', ids).execute();
  if (fileKeys.length) await db.deleteFrom('storedFiles').where('key', 'in', fileKeys).execute();
}
