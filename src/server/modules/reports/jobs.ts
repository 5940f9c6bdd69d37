import type { FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import { ZodError } from 'zod';
import type { ReportJob, SessionUser } from '@domain/contract';
import { REPORT_FILE_NAMES, REPORT_NAMES, reportRule, isAdmin, type ReportName } from '@domain/rules';
import type { FileStore } from '../../adapters/files';
import type { JobHandler, Jobs } from '../../adapters/jobs';
import { writeWorkbook, XLSX_CONTENT_TYPE, type AnySheet } from '../../adapters/reports';
import type { DB } from '../../db';
import { describeZodError, httpError } from '../../http';
import { newFileKey } from '../../platform/files';
import { isBuiltReport, reportSheets } from './registry';
import * as repo from './repo';

/**
 * Long reports as jobs (002 §8 "We are generating your report. It could take a while" … "Your report is ready.
 * Open or save it below"): POST /api/report-jobs writes a `report_jobs` row and queues 'reports.generate'; the
 * worker writes the workbook into the file store (a `stored_files` row), counting its rows, and marks the job
 * done (or failed with the reason). Jobs and their files older than JOB_TTL_HOURS are removed on every new job
 * and once when the queue is attached. Without a queue attached (tests, scripts) jobs wait in memory until
 * `drain()`, as the e-signature engine's do.
 */
export const REPORT_JOBS_QUEUE = 'reports.generate';
export const JOB_TTL_HOURS = 24;
export const REPORT_NOT_READY = 'The report is not ready yet';
/**
 * The queue's retries of a report job. `run` catches every error of the report itself (the job is then
 * 'failed' with its reason), so pg-boss retries a job only when its worker died mid-run (a SIGKILLed or lost
 * replica, found by the queue's heartbeat): another replica takes it at once — no delay — and it is tried
 * at most twice more.
 */
export const REPORT_JOB_RETRY = { retryLimit: 2, retryDelay: 0 } as const;

export interface ReportJobs {
  create(
    user: Pick<SessionUser, 'scopes' | 'professionalId'>,
    report: string,
    params: Record<string, string>,
  ): Promise<ReportJob>;
  /** The job for its requester or an Admin (404 otherwise). */
  get(user: Pick<SessionUser, 'scopes' | 'professionalId'>, id: number): Promise<ReportJob>;
  /** The finished workbook (404 as `get`; 409 while not done). */
  file(
    user: Pick<SessionUser, 'scopes' | 'professionalId'>,
    id: number,
  ): Promise<{ stream: NodeJS.ReadableStream; fileName: string; size: number }>;
  /** Runs one job (the queue's handler). */
  readonly run: JobHandler<{ jobId: number }>;
  /** Removes jobs (and files) older than JOB_TTL_HOURS; the number removed. */
  cleanup(now?: Date): Promise<number>;
  /** Runs the jobs waiting in memory (no queue attached): how many ran. */
  drain(): Promise<number>;
  attachJobs(jobs: Jobs): Promise<void>;
}

/** Counts the rows a sheet yields as it is written. */
function counted(sheets: AnySheet[], onRow: () => void): AnySheet[] {
  return sheets.map((s) => ({
    ...s,
    rows: (async function* () {
      for await (const r of s.rows) {
        onRow();
        yield r;
      }
    })(),
  }));
}

export function createReportJobs(deps: {
  db: DB;
  files: FileStore;
  log?: { warn(obj: object, msg?: string): void };
}): ReportJobs {
  const { db, files } = deps;
  let jobs: Jobs | undefined;
  const waiting: number[] = [];

  async function mayRead(user: Pick<SessionUser, 'scopes' | 'professionalId'>, id: number) {
    const job = await repo.findJob(db, id);
    if (!job || (job.requestedBy !== user.professionalId && !isAdmin(user)))
      throw httpError(404, `Report job ${id} not found`);
    return job;
  }

  const engine: ReportJobs = {
    async create(user, report, params) {
      if (!(REPORT_NAMES as readonly string[]).includes(report) || !isBuiltReport(report))
        throw httpError(
          400,
          `Unknown report "${report}": one of ${REPORT_NAMES.filter((n) => n !== 'idone').join(', ')}`,
        );
      const rule = reportRule(report as ReportName);
      if (!rule.allows(user)) throw httpError(403, rule.denied);
      try {
        reportSheets(db, report, params); // validates the parameters as the GET does (nothing is read yet)
      } catch (e) {
        if (e instanceof ZodError) throw httpError(400, `Invalid request: ${describeZodError(e)}`);
        throw e;
      }
      await engine.cleanup();
      const row = await repo.insertJob(db, {
        report,
        params,
        fileName: REPORT_FILE_NAMES[report],
        requestedBy: user.professionalId,
      });
      if (jobs) await jobs.send(REPORT_JOBS_QUEUE, { jobId: row.id }, REPORT_JOB_RETRY);
      else waiting.push(row.id);
      return repo.toReportJob(row);
    },
    async get(user, id) {
      return repo.toReportJob(await mayRead(user, id));
    },
    async file(user, id) {
      const job = await mayRead(user, id);
      if (job.status !== 'done' || !job.fileKey) throw httpError(409, REPORT_NOT_READY);
      const stored = await files.get(job.fileKey);
      if (!stored) throw httpError(404, `The file of report job ${id} is gone`);
      return { stream: stored.stream, fileName: job.fileName, size: stored.size };
    },
    async run({ jobId }) {
      const job = await repo.startJob(db, jobId);
      if (!job) return; // removed, or already taken by another run
      try {
        if (!isBuiltReport(job.report)) throw new Error(`Unknown report ${job.report}`);
        let rows = 0;
        const sheets = counted(reportSheets(db, job.report, job.params), () => rows++);
        const key = newFileKey('reports');
        const body = new PassThrough();
        const stored = files.put(key, body, { contentType: XLSX_CONTENT_TYPE, fileName: job.fileName });
        await Promise.all([writeWorkbook(body, sheets), stored]);
        const { size } = await stored;
        await repo.finishJob(db, jobId, {
          key,
          fileName: job.fileName,
          size,
          rows,
          requestedBy: job.requestedBy,
        });
      } catch (e) {
        deps.log?.warn({ err: e, jobId }, 'report job failed');
        await repo.failJob(db, jobId, e instanceof Error ? e.message : String(e));
      }
    },
    async cleanup(now = new Date()) {
      const old = await repo.oldJobs(db, new Date(now.getTime() - JOB_TTL_HOURS * 3600_000));
      for (const j of old) if (j.fileKey) await files.delete(j.fileKey).catch(() => false);
      await repo.deleteJobs(
        db,
        old.map((j) => j.id),
        old.flatMap((j) => (j.fileKey ? [j.fileKey] : [])),
      );
      return old.length;
    },
    async drain() {
      let ran = 0;
      while (waiting.length) {
        await engine.run({ jobId: waiting.shift()! }, { id: `local-${ran}`, retryCount: 0 });
        ran++;
      }
      return ran;
    },
    async attachJobs(j) {
      await j.ensureQueue(REPORT_JOBS_QUEUE);
      await j.work(REPORT_JOBS_QUEUE, engine.run);
      jobs = j;
      while (waiting.length) await j.send(REPORT_JOBS_QUEUE, { jobId: waiting.shift()! }, REPORT_JOB_RETRY);
      await engine.cleanup();
    },
  };
  return engine;
}

const engines = new WeakMap<DB, ReportJobs>();
/** The report-job engine of an app (one per database; main.ts: `await reportJobsOf(app).attachJobs(jobs)`). */
export function reportJobsOf(app: Pick<FastifyInstance, 'db' | 'files' | 'log'>): ReportJobs {
  let e = engines.get(app.db);
  if (!e) {
    e = createReportJobs({ db: app.db, files: app.files, log: app.log });
    engines.set(app.db, e);
  }
  return e;
}
