import type { SessionUser } from '@domain/contract';
import type { ImportRecord, ImportReport } from '@domain/contract/imports';
import type { DB } from '../../db';
import { HttpError, httpError } from '../../http';
import { kindOf } from './kinds';
import type { ImportKindModule, Progress } from './kinds/types';
import { readFile, type FileData } from './read';
import type { ReportBuilder } from './report';
import * as repo from './repo';
import { templateOf, templateFileName } from './template';

/**
 * The import pipeline (one for every kind): template → read (streamed, bounded) → resolve references → check →
 * report (create / update / unchanged, every problem by row and column) → commit in one transaction, all or
 * nothing. A preview writes nothing but its imports row; a commit holds the kind's advisory lock for its
 * transaction (a second commit of the same kind is refused with 409 while the first runs) and, with any problem,
 * answers 422 with the report and writes nothing. Progress (rows read, checked, written) goes to the imports row
 * from outside the commit's transaction, about every second, for the screen to poll.
 */

export function requireKind(kind: string): ImportKindModule {
  const k = kindOf(kind);
  if (!k) throw httpError(404, `There is no import of "${kind.slice(0, 64)}"`);
  return k;
}

export async function template(db: DB, kind: string) {
  const k = requireKind(kind);
  return { buffer: await templateOf(db, k), fileName: templateFileName(k) };
}

/** Progress writes: at most one under way and one a second; a late one never overwrites a finished run. */
function progressOf(db: DB, id: number) {
  const latest: { phase?: string; rowsRead?: number; rowsChecked?: number; rowsWritten?: number } = {};
  let inFlight = false;
  let last = 0;
  const push = (values: typeof latest, force = false) => {
    Object.assign(latest, values);
    const now = Date.now();
    if (inFlight || (!force && now - last < 1000)) return;
    inFlight = true;
    last = now;
    // not awaited: on the embedded database this waits for the commit's transaction to end
    repo
      .updateRun(db, id, { ...latest })
      .catch(() => undefined)
      .finally(() => (inFlight = false));
  };
  const progress: Progress & { read(n: number): void; phase(p: string): void; counts(): typeof latest } = {
    counts: () => ({
      rowsRead: latest.rowsRead,
      rowsChecked: latest.rowsChecked,
      rowsWritten: latest.rowsWritten,
    }),
    read: (n) => push({ rowsRead: n }),
    checked: (n) => push({ rowsChecked: n }),
    written: (n) => push({ rowsWritten: n }),
    phase: (p) => push({ phase: p }, true),
  };
  return progress;
}

function reportOf(
  id: number,
  kind: string,
  dryRun: boolean,
  fileName: string | null,
  r: ReportBuilder,
  written: number,
  started: number,
): ImportReport {
  return {
    id,
    kind,
    dryRun,
    fileName,
    total: r.rowCount,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    written,
    rows: r.rows,
    rowsTruncated: r.rowsTruncated,
    errors: r.errors,
    errorCount: r.errorCount,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}

/** Frees the file's rows once planned (the plan keeps what it writes; a large file's rows are most of the memory). */
const release = (file: FileData) => {
  for (const sheet of file.sheets) sheet.rows.length = 0;
};

const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

/**
 * Previews (dryRun) or commits an uploaded file of `kind`. The answer is the report; a commit with problems is a
 * 422 whose body carries the same report (nothing written).
 */
export async function runImport(
  db: DB,
  user: SessionUser,
  kindName: string,
  upload: { buffer: Buffer; fileName: string },
  dryRun: boolean,
  now = new Date(),
): Promise<ImportReport> {
  const kind = requireKind(kindName);
  const started = Date.now();
  await repo.failStaleRuns(db);
  const id = await repo.createRun(db, {
    kind: kind.kind,
    dryRun,
    fileName: upload.fileName,
    startedBy: user.professionalId,
  });
  const progress = progressOf(db, id);
  const ctx = { user, progress, now };
  let report: ImportReport;
  try {
    const file = await readFile(upload.buffer, kind.sheets[0]!.name, (n) => progress.read(n));
    progress.read(file.sheets.reduce((n, s) => n + s.rows.length, 0));
    progress.phase('checking');
    if (dryRun) {
      const plan = await kind.plan(db, file, ctx);
      release(file);
      report = reportOf(id, kind.kind, true, upload.fileName, plan.report, 0, started);
    } else {
      report = await db.transaction().execute(async (trx) => {
        if (!(await repo.tryKindLock(trx, kind.kind))) {
          const other = await repo.runningCommit(trx, kind.kind, id);
          throw httpError(
            409,
            `An import of ${kind.label.toLowerCase()} is being committed by ${other?.name ?? 'another administrator'}; try again when it ends`,
          );
        }
        for (const lock of kind.locks) await repo.advisoryLock(trx, lock);
        const plan = await kind.plan(trx, file, ctx);
        release(file);
        if (plan.report.errorCount > 0) {
          const r = reportOf(id, kind.kind, false, upload.fileName, plan.report, 0, started);
          throw httpError(
            422,
            `The file has ${plan.report.errorCount} problem${plan.report.errorCount === 1 ? '' : 's'}: nothing was imported`,
            { report: r },
          );
        }
        progress.phase('writing');
        const written = await plan.write(trx);
        return reportOf(id, kind.kind, false, upload.fileName, plan.report, written, started);
      });
    }
    await repo.finishRun(db, id, {
      ...progress.counts(),
      status: 'done',
      phase: 'done',
      report,
      rowsWritten: report.written,
    });
    return report;
  } catch (e) {
    const failedReport = (e instanceof HttpError ? e.extra?.report : undefined) ?? null;
    await repo
      .finishRun(db, id, { ...progress.counts(), status: 'failed', phase: 'failed', report: failedReport })
      .catch(() => undefined);
    if (isUniqueViolation(e))
      throw httpError(
        409,
        'The data changed while the import ran (a code, name or e-mail is now taken); try again',
      );
    throw e;
  }
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function recordOf(r: Awaited<ReturnType<typeof repo.listRuns>>[number], report: unknown): ImportRecord {
  return {
    id: r.id,
    kind: r.kind,
    dryRun: r.dryRun,
    fileName: r.fileName,
    status: r.status as ImportRecord['status'],
    phase: r.phase,
    rowsRead: r.rowsRead,
    rowsChecked: r.rowsChecked,
    rowsWritten: r.rowsWritten,
    startedBy: r.startedBy,
    startedByName: r.startedByName ?? null,
    startedAt: iso(r.startedAt)!,
    finishedAt: iso(r.finishedAt),
    report: (report as ImportReport | null) ?? null,
  };
}

export async function getRun(db: DB, id: number): Promise<ImportRecord> {
  const r = await repo.findRun(db, id);
  if (!r) throw httpError(404, 'No such import');
  return recordOf(r, r.report);
}

export async function listRuns(
  db: DB,
  user: SessionUser,
  q: { kind?: string; status?: string; mine?: string },
): Promise<ImportRecord[]> {
  const rows = await repo.listRuns(db, {
    kind: q.kind,
    status: q.status,
    startedBy: q.mine === 'true' ? user.professionalId : undefined,
  });
  return rows.map((r) => recordOf(r, null));
}
