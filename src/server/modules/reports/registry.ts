import type { z } from 'zod';
import {
  EvaluationsReportQuery,
  NoReportQuery,
  OnePageCompleteQuery,
  OnePageWeekReportQuery,
  ProjectAllocationReportQuery,
  SetupAssessmentReportQuery,
} from '@domain/contract';
import type { ReportName } from '@domain/rules';
import type { AnySheet } from '../../adapters/reports';
import type { DB } from '../../db';
import { onePageCompleteReport, onePageWeekReport } from './one-pages';
import { evaluationsReport, projectAllocationReport, setupAssessmentReport } from './people';
import {
  clientSegmentsReport,
  companyContextReport,
  financialKpiReport,
  governanceMaterialReport,
  projectStatusReport,
  trainingDevelopmentReport,
} from './projects';

interface ReportDef<S extends z.ZodType> {
  /** The GET's query (also the params of a report job). */
  query: S;
  build(db: DB, query: z.infer<S>, now: Date): AnySheet[];
}
const def = <S extends z.ZodType>(query: S, build: ReportDef<S>['build']): ReportDef<S> => ({ query, build });

/** The reports this module builds: every one of REPORT_NAMES but `idone` (the ID One module's). */
export const REPORTS = {
  'one-page-complete': def(OnePageCompleteQuery, onePageCompleteReport),
  'one-page': def(OnePageWeekReportQuery, onePageWeekReport),
  'client-segments': def(NoReportQuery, (db) => clientSegmentsReport(db)),
  'project-status': def(NoReportQuery, (db) => projectStatusReport(db)),
  'company-context': def(NoReportQuery, (db) => companyContextReport(db)),
  'financial-kpi': def(NoReportQuery, (db) => financialKpiReport(db)),
  'governance-material': def(NoReportQuery, (db) => governanceMaterialReport(db)),
  'training-development': def(NoReportQuery, (db) => trainingDevelopmentReport(db)),
  'project-professional-evaluations': def(EvaluationsReportQuery, (db, q) => evaluationsReport(db, q)),
  'setup-assessment': def(SetupAssessmentReportQuery, (db, q) => setupAssessmentReport(db, q)),
  'project-allocation': def(ProjectAllocationReportQuery, (db, q) => projectAllocationReport(db, q)),
} satisfies Partial<Record<ReportName, ReportDef<z.ZodType>>>;

export type BuiltReport = keyof typeof REPORTS;
export const isBuiltReport = (name: string): name is BuiltReport => Object.hasOwn(REPORTS, name);

/** The sheets of a report for raw query parameters: validated as its GET validates them (throws the ZodError). */
export function reportSheets(db: DB, name: BuiltReport, params: unknown, now = new Date()): AnySheet[] {
  const d = REPORTS[name] as ReportDef<z.ZodType>;
  return d.build(db, d.query.parse(params), now);
}
