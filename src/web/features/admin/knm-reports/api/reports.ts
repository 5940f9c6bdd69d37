import type { ReportName } from '@domain/rules';

/** The KNM-relevant reports (our choice: the ones REPORT_SCOPES gives KNW) in the order of the page. */
export const KNM_REPORTS = [
  {
    name: 'client-segments',
    title: 'Client',
    description: 'Clients with their primary and secondary segments, and the segments of their projects.',
  },
  {
    name: 'company-context',
    title: 'Company',
    description: 'The company context of each project: client, economic group, description and culture.',
  },
  {
    name: 'governance-material',
    title: 'Governance Material',
    description: 'The governance material of the projects, one row per project (Excel).',
  },
  {
    name: 'project-status',
    title: 'Project',
    description: 'Every project with its status, client and dates.',
  },
] as const satisfies readonly { name: ReportName; title: string; description: string }[];

export type KnmReportName = (typeof KNM_REPORTS)[number]['name'];
