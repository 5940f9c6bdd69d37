import type { ProjectDashboardRecord } from '@domain/contract';
import { PdfDocument, type KeyValueRows } from '@server/adapters/documents';

/**
 * The dashboard as a PDF (GET /api/project-dashboards/{dashboardId}/pdf; beyond the spec): the same content as
 * the dashboard dialog (002 §2.5) — the four tiles, the project dashboard figures, the one-page with the labels
 * of §2.5, the comments the caller may see, and the staffing table.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Day, short month, year (002 §9). */
export function formatDay(value: string | null | undefined): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return m ? `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}` : null;
}
const pct = (v: number | null) => (v == null ? null : `${v}%`);

/** The answer labels of 002 §2.5. */
export const LABELS = {
  light: { 1: 'Green', 2: 'Yellow', 3: 'Red' } as Record<number, string>,
  yesNo: { 1: 'Yes', 2: 'No' } as Record<number, string>,
  riskOfDelay: { 1: 'Yes', 2: 'No', 3: 'Maybe still TBC' } as Record<number, string>,
  attention: { 1: 'Yes', 2: 'We could do more', 3: 'No' } as Record<number, string>,
  changeStatus: { 1: 'No', 2: 'Yes to ad-hoc', 3: 'Yes to paused', 4: 'Yes other' } as Record<number, string>,
  teamIssue: { 1: 'Yes', 2: 'No', 3: 'Partially' } as Record<number, string>,
  done: {
    1: 'Done this week',
    2: 'Not done but planned for next week',
    3: 'Other: not planned yet or delayed',
  } as Record<number, string>,
  yesNoMaybe: { 1: 'Yes', 2: 'No', 3: 'Maybe' } as Record<number, string>,
};
/** A light's label: 1 Green, 2 Yellow, 3 Red, anything else grey (Not Submitted). */
export const lightLabel = (v: number | null | undefined) => (v != null && LABELS.light[v]) || 'Not Submitted';
const label = (map: Record<number, string>, v: number | null | undefined) =>
  v == null ? null : (map[v] ?? String(v));

export const dashboardFileName = (d: ProjectDashboardRecord) =>
  `dashboard-${d.project.code}-${d.onePage?.initialDate ?? d.createdAt.slice(0, 10)}.pdf`.replace(
    /[^\p{L}\p{N}._-]+/gu,
    '-',
  );

export function dashboardPdf(d: ProjectDashboardRecord): Buffer {
  const o = d.onePage;
  const doc = new PdfDocument({
    title: 'Project Dashboard',
    subtitle: `${d.project.code} — ${d.project.name}${o ? ` — week of ${formatDay(o.initialDate)}` : ''}`,
  })
    .heading('Project Dashboard')
    .keyValues([
      ['Current Week', pct(d.currentWeek)],
      ['First Allocation', pct(d.firstAllocation)],
      ['Sales Margin', pct(d.initial)],
      ['Target', pct(d.target)],
      ['Setup status', d.setupStatus],
      ['Last Professional DNA', formatDay(d.lastProfessionalDNA)],
      ['Next Professional DNA', formatDay(d.nextProfessionalDNA)],
      ['Last project session', formatDay(d.lastProjectSession)],
      ['Weekly status', formatDay(d.weeklyStatusDate)],
      ['Total stakeholders', d.totalStakeholders],
      ['Critical stakeholders', d.criticalStakeholders],
      ['Created at', formatDay(d.createdAt)],
    ]);
  if (!o)
    return doc.paragraph('The One Page of this dashboard no longer exists.', { muted: true }).toBuffer();
  const rows: KeyValueRows = [
    ['Week', `${formatDay(o.initialDate)} – ${formatDay(o.endDate)}`],
    ['Submitted', formatDay(o.submittedAt) ?? 'Not submitted'],
    ['Problem level', lightLabel(o.onePageProblemLevel)],
    ['Explanation', o.projectStatusExplanation],
    ['Environment status', lightLabel(o.environmentStatus)],
    ['Explanation', o.projectEnvironmentExplanation],
    ['Governance help', label(LABELS.yesNo, o.needHelpFromGovernance)],
    ['Risk of delay', label(LABELS.riskOfDelay, o.riskOfDelay)],
    ['Estimated impact', o.riskOfDelayExplanation],
    ['Solution readiness', o.solutionReadiness == null ? null : `${o.solutionReadiness} of 4`],
    ['Integration identity', label(LABELS.attention, o.integrationIdentity)],
    ['Proper attention', label(LABELS.attention, o.properAttention)],
    ['Change of project status', label(LABELS.changeStatus, o.changeProjectStatus)],
    ['Team issue', label(LABELS.teamIssue, o.teamIssue)],
    ['Professional DNA', label(LABELS.done, o.dnaProf)],
    ['Technical DNA', label(LABELS.done, o.dnaTec)],
    ['Weekly status', label(LABELS.done, o.weeklyStatus)],
  ];
  doc
    .heading('One Page')
    .keyValues(rows)
    .heading('Weekly Checklist', 2)
    .keyValues([
      ['Key message', o.keyMessage],
      ['Delivery focus next week', o.deliveryFocusNextWeek],
      ['Team point', o.teamPoint],
      ['Method (internal)', o.methodInternal],
      ['Method (external)', o.methodExternal],
      ['Governance action', label(LABELS.yesNoMaybe, o.governanceActionOption)],
      ['Action', o.governanceAction],
      ['Governance allocation', o.governanceAllocation],
    ])
    .heading('Comments', 2)
    .keyValues([
      ['Co-management', o.coManagementComment],
      ['Executive board', o.executiveBoardComment],
      ['Executive resume', o.executiveResumeComment],
      ...('pdcResumeComment' in o ? ([['PDC resume', o.pdcResumeComment]] as const) : []),
    ])
    .heading('Staffing');
  const staff = d.staffing.suggestions.filter((s) => s.professional.isActive);
  if (staff.length === 0) doc.paragraph('No allocation suggestions.', { muted: true });
  else
    doc.keyValues(
      staff.map((s) => [
        s.professional.name,
        `${s.totalDays} / ${s.nextAllocations[0]?.totalDays ?? 0} / ${s.nextAllocations[1]?.totalDays ?? 0} days` +
          ` (this week / next / in two weeks) — ${s.isApproved ? 'approved' : 'not approved'}` +
          ` — ${s.feedback || 'No feedback available'}`,
      ]),
    );
  return doc.toBuffer();
}
