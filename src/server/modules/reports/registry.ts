import type { z } from 'zod';
import { reports as E } from '@domain/contract/endpoints/reports';
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

interface ReportDef<S extends z.ZodType, P extends string = string> {
  /** Its GET (src/domain/contract/endpoints/reports): the route is registered from it. */
  endpoint: { method: 'GET'; path: P; query: S; file: true };
  /** The GET's query (also the params of a report job). */
  query: S;
  build(db: DB, query: z.infer<S>, now: Date): AnySheet[];
}
const def = <S extends z.ZodType, P extends string>(
  endpoint: ReportDef<S, P>['endpoint'],
  build: ReportDef<S>['build'],
): ReportDef<S, P> => ({ endpoint, query: endpoint.query, build });

/** The reports this module builds: every one of REPORT_NAMES but `idone` (the ID One module's). */
export const REPORTS = {
  'one-page-complete': def(E.onePageComplete, onePageCompleteReport),
  'one-page': def(E.onePage, onePageWeekReport),
  'client-segments': def(E.clientSegments, (db) => clientSegmentsReport(db)),
  'project-status': def(E.projectStatus, (db) => projectStatusReport(db)),
  'company-context': def(E.companyContext, (db) => companyContextReport(db)),
  'financial-kpi': def(E.financialKpi, (db) => financialKpiReport(db)),
  'governance-material': def(E.governanceMaterial, (db) => governanceMaterialReport(db)),
  'training-development': def(E.trainingDevelopment, (db) => trainingDevelopmentReport(db)),
  'project-professional-evaluations': def(E.projectProfessionalEvaluations, (db, q) =>
    evaluationsReport(db, q),
  ),
  'setup-assessment': def(E.setupAssessment, (db, q) => setupAssessmentReport(db, q)),
  'project-allocation': def(E.projectAllocation, (db, q) => projectAllocationReport(db, q)),
} satisfies Partial<Record<ReportName, ReportDef<z.ZodType>>>;

export type BuiltReport = keyof typeof REPORTS;
export const isBuiltReport = (name: string): name is BuiltReport => Object.hasOwn(REPORTS, name);

/** The sheets of a report for raw query parameters: validated as its GET validates them (throws the ZodError). */
export function reportSheets(db: DB, name: BuiltReport, params: unknown, now = new Date()): AnySheet[] {
  const d = REPORTS[name] as ReportDef<z.ZodType>;
  return d.build(db, d.query.parse(params), now);
}
