import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, DismissRegular } from '@fluentui/react-icons';
import type { ReportJob } from '@domain/contract';
import { idone } from '@web/api/endpoints/idone';
import { reports } from '@web/api/endpoints/reports';
import { LONG_REPORTS, REPORT_FILE_NAMES, type ReportName } from '@domain/rules/admin';
import { ApiError } from '@web/api/client';
import { api, apiPath } from '@web/api/endpoint';
import { getHost } from '@web/host';
import { useNotify } from './toast';

/**
 * Report downloads (spec 002 §2.11, §7 "Report downloads", §8 "Admin screens"): a direct report is a GET of
 * /api/reports/<name> saved as a blob under its x-file-name (through the host: `host.download`, which reuses
 * `ui/download.ts` in the browser); a long one (LONG_REPORTS) runs as a job — POST /api/report-jobs, polled
 * until done or failed, then its file GET /api/report-jobs/{id}/file.
 */

/** The §8 texts of report downloads. */
export const REPORT_MESSAGES = {
  generating: 'We are generating your report. It could take a while',
  generated: 'Report generated successfully. Open or save it.',
  ready: 'Your report is ready. Open or save it below',
  failed: 'Something went wrong...',
  downloading: 'Downloading...',
  downloaded: 'Download finished',
} as const;

export type ReportParamValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type ReportParams = Record<string, ReportParamValue>;

/** The parameters that are set, as strings: null, undefined, '' and [] are left out; lists are comma-joined (§7). */
export function reportParams(params: ReportParams = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === null || v === undefined) continue;
    const s = Array.isArray(v) ? v.join(',') : String(v).trim();
    if (s !== '') out[k] = s;
  }
  return out;
}

/** The download of each report (`idone` is the ID One module's). */
const REPORT_ENDPOINTS = {
  'one-page-complete': reports.onePageComplete,
  'one-page': reports.onePage,
  'client-segments': reports.clientSegments,
  'project-status': reports.projectStatus,
  'company-context': reports.companyContext,
  'financial-kpi': reports.financialKpi,
  'governance-material': reports.governanceMaterial,
  'training-development': reports.trainingDevelopment,
  idone: idone.report,
  'project-professional-evaluations': reports.projectProfessionalEvaluations,
  'setup-assessment': reports.setupAssessment,
  'project-allocation': reports.projectAllocation,
} satisfies Record<ReportName, { method: 'GET'; file: true }>;

/** GET path of a report with its parameters. */
export const reportPath = (report: ReportName, params?: ReportParams): string =>
  apiPath(REPORT_ENDPOINTS[report], { query: reportParams(params) });

/** The file of a finished job. */
export const reportJobFilePath = (id: number) => apiPath(reports.jobFile, { params: { id } });

export const isLongReport = (report: ReportName) => LONG_REPORTS.includes(report);

/** A finished job whose file can be saved (again) from the page. */
export interface ReadyReport {
  jobId: number;
  report: ReportName;
  fileName: string;
  rows: number | null;
}

/**
 * What `run` settled on: a direct report saved, a job accepted (it goes on in the background), or a failure —
 * `refused` when the server refused the parameters (400: its message), so a dialog may keep them on screen.
 */
export type ReportOutcome =
  | { kind: 'downloaded'; fileName: string }
  | { kind: 'started'; job: ReportJob }
  | { kind: 'failed'; message: string; refused: boolean };

export interface ReportDownloadOptions {
  /** First poll delay (ms), growing ×1.5 up to `maxPollMs`: every 1–2 s by default. */
  pollMs?: number;
  maxPollMs?: number;
  /** A job not finished after this long is given up (failure toast). Default 15 minutes. */
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const messageOf = (e: unknown) => (e instanceof Error && e.message) || REPORT_MESSAGES.failed;

/**
 * Downloads reports with the §8 toasts: info 'We are generating your report. It could take a while' at the
 * start; a direct report then 'Report generated successfully. Open or save it.'; a job 'Your report is ready.
 * Open or save it below' once done (its file is saved at once and stays in `ready` for `ReadyReports`);
 * failures 'Something went wrong...' (with the server's message as the body). Keep the hook at page level: a
 * job goes on polling after the dialog that started it has closed, and stops when the page unmounts.
 */
export function useReportDownload(options: ReportDownloadOptions = {}) {
  const { pollMs = 1000, maxPollMs = 2000, timeoutMs = 15 * 60_000 } = options;
  const notify = useNotify();
  const [busy, setBusy] = useState<ReadonlySet<ReportName>>(() => new Set());
  const [ready, setReady] = useState<ReadyReport[]>([]);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const mark = useCallback((report: ReportName, on: boolean) => {
    if (!alive.current) return;
    setBusy((prev) => {
      const next = new Set(prev);
      if (on) next.add(report);
      else next.delete(report);
      return next;
    });
  }, []);

  const fail = useCallback(
    (e: unknown): ReportOutcome => {
      const message = messageOf(e);
      notify.error(REPORT_MESSAGES.failed, message === REPORT_MESSAGES.failed ? undefined : message);
      return { kind: 'failed', message, refused: e instanceof ApiError && e.status === 400 };
    },
    [notify],
  );

  /** Polls a job until done or failed (or the page unmounts), then saves its file. */
  const follow = useCallback(
    async (report: ReportName, first: ReportJob) => {
      let job = first;
      let delay = pollMs;
      const deadline = Date.now() + timeoutMs;
      try {
        while (job.status === 'queued' || job.status === 'running') {
          if (Date.now() > deadline) throw new Error(REPORT_MESSAGES.failed);
          await sleep(delay);
          if (!alive.current) return;
          delay = Math.min(maxPollMs, Math.round(delay * 1.5));
          job = await api(reports.job, { params: { id: job.id } });
        }
        if (!alive.current) return;
        if (job.status === 'failed') throw new Error(job.error || REPORT_MESSAGES.failed);
        const done: ReadyReport = { jobId: job.id, report, fileName: job.fileName, rows: job.rows };
        setReady((prev) => [done, ...prev.filter((r) => r.jobId !== job.id)]);
        notify.success(REPORT_MESSAGES.ready);
        await getHost()
          .download(reportJobFilePath(job.id), job.fileName)
          .catch((e: unknown) => alive.current && fail(e));
      } catch (e) {
        if (alive.current) fail(e);
      } finally {
        mark(report, false);
      }
    },
    [fail, mark, maxPollMs, notify, pollMs, timeoutMs],
  );

  /**
   * Generates a report. Resolves once a direct report is saved, or once a job is accepted (it is followed in the
   * background); never rejects — a failure is toasted and returned.
   */
  const run = useCallback(
    async (report: ReportName, params?: ReportParams): Promise<ReportOutcome> => {
      mark(report, true);
      notify.info(REPORT_MESSAGES.generating);
      if (isLongReport(report)) {
        try {
          const job = await api(reports.createJob, { body: { report, params: reportParams(params) } });
          void follow(report, job);
          return { kind: 'started', job };
        } catch (e) {
          mark(report, false);
          return fail(e);
        }
      }
      try {
        const fileName = await getHost().download(reportPath(report, params), REPORT_FILE_NAMES[report]);
        notify.success(REPORT_MESSAGES.generated);
        return { kind: 'downloaded', fileName };
      } catch (e) {
        return fail(e);
      } finally {
        mark(report, false);
      }
    },
    [fail, follow, mark, notify],
  );

  /** Saves a finished job's file again ('Downloading...', then 'Download finished'). */
  const save = useCallback(
    async (r: ReadyReport) => {
      notify.info(REPORT_MESSAGES.downloading);
      try {
        await getHost().download(reportJobFilePath(r.jobId), r.fileName);
        notify.success(REPORT_MESSAGES.downloaded);
      } catch (e) {
        fail(e);
      }
    },
    [fail, notify],
  );

  const dismiss = useCallback((r: ReadyReport) => {
    setReady((prev) => prev.filter((x) => x.jobId !== r.jobId));
  }, []);

  const isBusy = useCallback((report: ReportName) => busy.has(report), [busy]);

  return { run, isBusy, ready, save, dismiss };
}

export type ReportDownload = ReturnType<typeof useReportDownload>;

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** The finished jobs' files, each with Download (the "below" of 'Your report is ready. Open or save it below'). */
export function ReadyReports({ download }: { download: Pick<ReportDownload, 'ready' | 'save' | 'dismiss'> }) {
  const s = useStyles();
  if (download.ready.length === 0) return null;
  return (
    <div className={s.list} role="region" aria-label="Ready reports">
      {download.ready.map((r) => (
        <MessageBar key={r.jobId} intent="success">
          <MessageBarBody>
            <MessageBarTitle>{r.fileName}</MessageBarTitle>
            {r.rows === null ? 'is ready' : `is ready (${r.rows} ${r.rows === 1 ? 'row' : 'rows'})`}
          </MessageBarBody>
          <MessageBarActions
            containerAction={
              <Button
                appearance="transparent"
                aria-label={`Dismiss ${r.fileName}`}
                icon={<DismissRegular />}
                onClick={() => download.dismiss(r)}
              />
            }
          >
            <Button
              icon={<ArrowDownloadRegular />}
              aria-label={`Download ${r.fileName}`}
              onClick={() => void download.save(r)}
            >
              Download
            </Button>
          </MessageBarActions>
        </MessageBar>
      ))}
    </div>
  );
}
