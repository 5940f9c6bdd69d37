import { SCOPES } from '../constants';

/**
 * Who reads and writes each admin screen (spec 002 §2.9–§2.11, §6 "Admin screens: access control is not
 * shown" — our decision, in the README's permission table). Every admin screen needs one of Admin, IDOne, KNW, PDC
 * (RULES.adminArea) to be seen; these are the narrower sets, shared by the server's RULES, the navigation tree and
 * the screens' buttons.
 */
export const ADMIN_SCREEN_SCOPES = {
  /** Weekly and Allocation Supervision: read by the four admin scopes; Edit (priority, allocation status) Admin. */
  supervisionEdit: [SCOPES.admin],
  /** PDC Supervision's editable pdcPriority: Admin and PDC. */
  pdcPriority: [SCOPES.admin, SCOPES.pdc],
  /** KNM (check list, clients, catalogues, KNM reports): read and write Admin and KNW. */
  knm: [SCOPES.admin, SCOPES.knw],
  /** The ID One Accredited Centre and its export: Admin and IDOne. */
  idOneCentre: [SCOPES.admin, SCOPES.idOne],
  /** Project administration (list, Edit Project, New Project): Admin. */
  projectAdmin: [SCOPES.admin],
} as const;

/** The twelve report downloads of spec 002 §2.11 / §7 "Report downloads" (path segment under /api/reports/). */
export const REPORT_NAMES = [
  'one-page-complete',
  'one-page',
  'client-segments',
  'project-status',
  'company-context',
  'financial-kpi',
  'governance-material',
  'training-development',
  'idone',
  'project-professional-evaluations',
  'setup-assessment',
  'project-allocation',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/**
 * Who may download each report (our decision): Admin every one; PDC the people and delivery reports (one-pages,
 * allocation, evaluations, setup assessments, training, project status); KNW the knowledge reports (client
 * segments, company context, governance material, project status); IDOne the ID One report.
 */
export const REPORT_SCOPES: Record<ReportName, readonly string[]> = {
  'one-page-complete': [SCOPES.admin, SCOPES.pdc],
  'one-page': [SCOPES.admin, SCOPES.pdc],
  'client-segments': [SCOPES.admin, SCOPES.knw],
  'project-status': [SCOPES.admin, SCOPES.knw, SCOPES.pdc],
  'company-context': [SCOPES.admin, SCOPES.knw],
  'financial-kpi': [SCOPES.admin],
  'governance-material': [SCOPES.admin, SCOPES.knw],
  'training-development': [SCOPES.admin, SCOPES.pdc],
  idone: [SCOPES.admin, SCOPES.idOne],
  'project-professional-evaluations': [SCOPES.admin, SCOPES.pdc],
  'setup-assessment': [SCOPES.admin, SCOPES.pdc],
  'project-allocation': [SCOPES.admin, SCOPES.pdc],
};

/**
 * Reports that run as a job (POST /api/report-jobs → poll → download) instead of a direct streamed GET: the ones
 * whose size grows with every project and week. The GET stays available for scripts.
 */
export const LONG_REPORTS: readonly ReportName[] = ['one-page-complete', 'one-page', 'project-allocation'];

/** The download file names (002 §7 "Report downloads" where it names them; ours otherwise). */
export const REPORT_FILE_NAMES: Record<ReportName, string> = {
  'one-page-complete': 'ReportOnePage.xlsx',
  'one-page': 'report-one-pages.xlsx',
  'client-segments': 'report-client-segments.xlsx',
  'project-status': 'report-project-status.xlsx',
  'company-context': 'report-company-context.xlsx',
  'financial-kpi': 'report-financial-kpi.xlsx',
  'governance-material': 'report-governance-material.xlsx',
  'training-development': 'report-training-development.xlsx',
  idone: 'id-one.xlsx',
  'project-professional-evaluations': 'report-project-evaluations.xlsx',
  'setup-assessment': 'report-setup-assessments.xlsx',
  'project-allocation': 'ReportProjectAllocation.xlsx',
};

const scopeNames = (scopes: readonly string[]) =>
  scopes.map((s) => s.replace('API.Portal.', '')).join(scopes.length > 2 ? ', ' : ' or ');
/** "Holders of Admin or PDC" — the permission table's wording of a scope set. */
export const holdersOf = (scopes: readonly string[]) => `Holders of ${scopeNames(scopes)}`;
