import type { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import { IdParams } from '../params';
import {
  EvaluationsReportQuery,
  NoReportQuery,
  OnePageCompleteQuery,
  OnePageWeekReportQuery,
  ProjectAllocationReportQuery,
  ReportJob,
  ReportJobCreate,
  SetupAssessmentReportQuery,
} from '../reports';

/** GET /api/reports/<name>: the report's workbook, streamed (its file name: REPORT_FILE_NAMES). */
const report = <N extends string, Q extends z.ZodType>(name: N, query: Q) =>
  endpoint({ method: 'GET', path: `/api/reports/${name}` as `/api/reports/${N}`, query, file: true });

/**
 * Report downloads (spec 002 §2.11, §7 "Report downloads"): one entry per report of REPORT_NAMES, its name in
 * camelCase (`idone` is the ID One module's: endpoints/idone `report`), and the jobs the long ones (LONG_REPORTS)
 * run as.
 */
export const reports = {
  /** The one-pages with the One Page Complete filters (this week's without month and year). */
  onePageComplete: report('one-page-complete', OnePageCompleteQuery),
  /** The one-pages of the week holding `week`. */
  onePage: report('one-page', OnePageWeekReportQuery),
  /** Clients and their segments. */
  clientSegments: report('client-segments', NoReportQuery),
  /** Every project with its status. */
  projectStatus: report('project-status', NoReportQuery),
  /** The projects' company context. */
  companyContext: report('company-context', NoReportQuery),
  /** The financial KPIs. */
  financialKpi: report('financial-kpi', NoReportQuery),
  /** The projects' governance material. */
  governanceMaterial: report('governance-material', NoReportQuery),
  /** Training and development. */
  trainingDevelopment: report('training-development', NoReportQuery),
  /** The professionals' evaluations in a date range. */
  projectProfessionalEvaluations: report('project-professional-evaluations', EvaluationsReportQuery),
  /** The setup assessments in a date range. */
  setupAssessment: report('setup-assessment', SetupAssessmentReportQuery),
  /** The allocations in a date range. */
  projectAllocation: report('project-allocation', ProjectAllocationReportQuery),
  /** Start a report as a job (its GET's parameters, validated at once): 202 with the job. */
  createJob: endpoint({
    method: 'POST',
    path: '/api/report-jobs',
    body: ReportJobCreate,
    response: ReportJob,
    status: 202,
  }),
  /** A job's state (its requester or Admin). */
  job: endpoint({ method: 'GET', path: '/api/report-jobs/:id', params: IdParams, response: ReportJob }),
  /** A finished job's workbook. */
  jobFile: endpoint({ method: 'GET', path: '/api/report-jobs/:id/file', params: IdParams, file: true }),
} satisfies Record<string, EndpointDef>;
