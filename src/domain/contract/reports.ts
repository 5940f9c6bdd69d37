import { z } from 'zod';

const csvIds = z.string().regex(/^\d+(,\d+)*$/, 'must be a comma-separated list of ids');
const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

/** one-page-complete filters (002 §7); all null for this week's export. */
export const OnePageReportQuery = z.object({
  projectCode: z.string().nullable().optional(),
  projectName: z.string().nullable().optional(),
  clientName: z.string().nullable().optional(),
  isInternal: z.coerce.boolean().nullable().optional(),
  projectStatus: z.coerce.number().int().min(1).max(6).nullable().optional(),
  duringType: z.coerce.number().int().min(1).max(3).nullable().optional(),
  isSubmitted: z.coerce.boolean().nullable().optional(),
  onePageStatus: z.coerce.number().int().min(0).max(3).nullable().optional(),
  environmentStatus: z.coerce.number().int().min(1).max(3).nullable().optional(),
  month: z.coerce.number().int().min(1).max(12).nullable().optional(),
  year: z.coerce.number().int().min(2000).max(2100).nullable().optional(),
});
const range = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ ...shape, startDate: ymd, endDate: ymd })
    .refine((q) => (q as { endDate: string }).endDate >= (q as { startDate: string }).startDate, {
      message: 'the end date cannot be earlier than the start date',
      path: ['endDate'],
    });
export const ProjectAllocationReportQuery = range({
  professionalIds: csvIds.optional(),
  projectCodes: z.string().optional(),
});
export const EvaluationsReportQuery = range({
  idProfessional: z.coerce.number().int().positive().optional(),
  idProject: z.coerce.number().int().positive().optional(),
});
export const SetupAssessmentReportQuery = range({});

// --- report jobs (long reports run on the job queue; spec 002 §8 "We are generating your report…")
/**
 * POST /api/report-jobs: a report of REPORT_NAMES with the query parameters its GET takes (validated as the GET
 * validates them: a bad range is a 400 at once). Answers 202 with the job.
 */
export const ReportJobCreate = z.object({
  report: z.string().max(60),
  params: z.record(z.string().max(60), z.string().max(2000)).default({}),
});
export type ReportJobCreate = z.infer<typeof ReportJobCreate>;
/** GET /api/report-jobs/{id} (its requester or Admin): the state; when done, GET …/{id}/file is the workbook. */
export const ReportJob = z.object({
  id: z.int32(),
  report: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  fileName: z.string(),
  rows: z.int32().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportJob = z.infer<typeof ReportJob>;

// --- reports-server
/** 'true' / 'false' (also 1 / 0, yes / no) as a query parameter; anything else is a 400. */
const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no', 'True', 'False'])])
  .transform((v) => v === true || v === 'true' || v === 'True' || v === '1' || v === 'yes');
const optionalInt = (min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).nullable().optional();
/**
 * GET /api/reports/one-page-complete (002 §7): OnePageReportQuery with booleans read as written ('false' is
 * false) and the lists of ids (projectIds, clientIds as comma lists). No month and no year: this week's
 * one-pages; a year alone: that whole year; a month alone: that month of the current year.
 */
export const OnePageCompleteQuery = z.object({
  projectCode: z.string().max(200).nullable().optional(),
  projectName: z.string().max(200).nullable().optional(),
  clientName: z.string().max(200).nullable().optional(),
  isInternal: queryBool.nullable().optional(),
  projectStatus: optionalInt(1, 6),
  duringType: optionalInt(1, 3),
  isSubmitted: queryBool.nullable().optional(),
  onePageStatus: optionalInt(0, 3),
  environmentStatus: optionalInt(1, 3),
  month: optionalInt(1, 12),
  year: optionalInt(2000, 2100),
  projectIds: csvIds.optional(),
  clientIds: csvIds.optional(),
});
export type OnePageCompleteQuery = z.infer<typeof OnePageCompleteQuery>;
/** GET /api/reports/one-page: the one-pages of the week holding `week` (any day of it; default this week). */
export const OnePageWeekReportQuery = z.object({ week: ymd.optional() });
export type OnePageWeekReportQuery = z.infer<typeof OnePageWeekReportQuery>;
/** The reports without parameters. */
export const NoReportQuery = z.object({});
