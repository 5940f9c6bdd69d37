import { z } from 'zod';
import { MASTER_LIST_KEYS } from '../rules/master-lists';

/**
 * Imports from Excel and CSV (Admin › Import): each kind is named after its list, plural and kebab-case — every
 * master list, `professionals` (people, for firms without provisioning) and `projects` (the portfolio with its
 * teams). A file is previewed (`dryRun=true`) or committed (`dryRun=false`, one transaction, all or nothing).
 */
export const IMPORT_KINDS = [...MASTER_LIST_KEYS, 'professionals', 'projects'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const isImportKind = (k: string): k is ImportKind => (IMPORT_KINDS as readonly string[]).includes(k);

/** How many rows and problems a report lists (its counts cover the whole file). */
export const IMPORT_REPORT_ROWS = 500;
export const IMPORT_REPORT_ERRORS = 500;

export const ImportKindParams = z.object({ kind: z.string().min(1).max(64) });

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .default(true);
export const ImportRunQuery = z.object({
  /** true (default): the preview — nothing is written. */
  dryRun: flag,
});

export const ImportRowAction = z.enum(['create', 'update', 'unchanged', 'error']);
export type ImportRowAction = z.infer<typeof ImportRowAction>;

export const ImportReportRow = z.object({
  /** The sheet ("Projects", "Team"; the list's name for one-sheet kinds). */
  sheet: z.string(),
  /** The spreadsheet row number (the header is row 1). */
  row: z.number().int(),
  /** The natural key (code, name, e-mail). */
  key: z.string(),
  action: ImportRowAction,
});
export type ImportReportRow = z.infer<typeof ImportReportRow>;

export const ImportProblem = z.object({
  sheet: z.string(),
  /** 0 when the problem is the file's (a missing column, an unreadable file). */
  row: z.number().int(),
  /** The column's header ('' when the problem is the row's or the file's). */
  column: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblem>;

export const ImportReport = z.object({
  /** The imports record of this run (GET /api/imports/{id}). */
  id: z.number().int(),
  kind: z.string(),
  dryRun: z.boolean(),
  fileName: z.string().nullable(),
  /** Data rows read (team rows included for projects). */
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Rows written by a commit (0 for a preview and for a file with nothing new). */
  written: z.number().int(),
  /** The first IMPORT_REPORT_ROWS rows with their action. */
  rows: z.array(ImportReportRow),
  rowsTruncated: z.boolean(),
  /** The first IMPORT_REPORT_ERRORS problems; `errorCount` counts all. */
  errors: z.array(ImportProblem),
  errorCount: z.number().int(),
  /** Seconds the run took. */
  seconds: z.number(),
});
export type ImportReport = z.infer<typeof ImportReport>;

export const ImportStatus = z.enum(['running', 'done', 'failed']);
export const ImportPhase = z.enum(['reading', 'checking', 'writing', 'done', 'failed']);

/** An import run as the screen polls it (its progress while running, its report when done). */
export const ImportRecord = z.object({
  id: z.number().int(),
  kind: z.string(),
  dryRun: z.boolean(),
  fileName: z.string().nullable(),
  status: ImportStatus,
  phase: z.string(),
  rowsRead: z.number().int(),
  rowsChecked: z.number().int(),
  rowsWritten: z.number().int(),
  startedBy: z.number().int().nullable(),
  startedByName: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  report: ImportReport.nullable(),
});
export type ImportRecord = z.infer<typeof ImportRecord>;

export const ImportListQuery = z.object({
  kind: z.string().max(64).optional(),
  status: ImportStatus.optional(),
  /** Only the caller's own runs. */
  mine: z.enum(['true', 'false']).optional(),
});

/** The 422 of a commit whose file has problems: the one error shape with the report. */
export const ImportRefusal = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  report: ImportReport,
});
