import { useState, type ComponentType } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import { hasAnyScope } from '@domain/rules';
import { REPORT_SCOPES, type ReportName } from '@domain/rules/admin';
import { useSession } from '@web/api/session-context';
import { getHost } from '@web/host';
import { ReadyReports, useReportDownload } from '@web/ui/report-download';
import { AdminScreen } from '../AdminScreen';
import { GOVERNANCE_PPT_URL } from './config';
import { OnePageExportDialog } from './OnePageExportDialog';
import { OnePageSummaryDialog } from './OnePageSummaryDialog';
import { ReportCard } from './ReportCard';
import {
  AllocationReportDialog,
  EvaluationsReportDialog,
  SetupAssessmentReportDialog,
  type ReportDialogProps,
} from './ReportDialogs';

/** One card of the Reports page (002 §2.11): a report, downloaded at once or through its dialog. */
interface ReportCard {
  title: string;
  description: string;
  report: ReportName;
  dialog?: ComponentType<ReportDialogProps>;
}

/** The cards in the spec's order; each shown only to holders of REPORT_SCOPES[report] (the server's rule). */
export const REPORT_CARDS: readonly ReportCard[] = [
  {
    title: 'One Page',
    description: "This week's one-pages, or a filtered export by project, status, month and year.",
    report: 'one-page-complete',
    dialog: OnePageExportDialog,
  },
  {
    title: 'One Page Summary',
    description: 'The one-pages of every project for a week of the calendar, one row per one-page.',
    report: 'one-page',
    dialog: OnePageSummaryDialog,
  },
  {
    title: 'Client',
    description: 'Clients with their segments and their projects’ segments.',
    report: 'client-segments',
  },
  { title: 'Project', description: 'Every project with its status.', report: 'project-status' },
  {
    title: 'Company',
    description: 'The company context of each client and project.',
    report: 'company-context',
  },
  { title: 'Financial', description: 'The financial KPIs of each project.', report: 'financial-kpi' },
  {
    title: 'Governance Material Excel',
    description: 'The governance material of the projects’ one-pages.',
    report: 'governance-material',
  },
  {
    title: 'Training and Development',
    description: 'Training and development opportunities of the projects.',
    report: 'training-development',
  },
  {
    title: 'ID One Human Factor Restitutions',
    description: 'The ID One records of the projects.',
    report: 'idone',
  },
  {
    title: 'Project Evaluations',
    description: 'Evaluations by professional and project over a period.',
    report: 'project-professional-evaluations',
    dialog: EvaluationsReportDialog,
  },
  {
    title: 'Setup Assessment',
    description: 'The setup assessments filled in over a period.',
    report: 'setup-assessment',
    dialog: SetupAssessmentReportDialog,
  },
  {
    title: 'Project Allocation',
    description: 'Allocations of professionals to projects over a period.',
    report: 'project-allocation',
    dialog: AllocationReportDialog,
  },
];

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
});

/**
 * Reports (002 §2.11): a card per report the user may download, each with its download action — direct, through
 * a dialog, or as a job for the long ones (`useReportDownload`) — and Governance Material PPT, which opens its
 * external portal in a new window (no permission logic, §6).
 */
export default function ReportsPage() {
  const s = useStyles();
  const { user } = useSession();
  const download = useReportDownload();
  const [open, setOpen] = useState<ReportCard | null>(null);
  const cards = REPORT_CARDS.filter((c) => hasAnyScope(user, REPORT_SCOPES[c.report]));
  const Dialog = open?.dialog;
  return (
    <AdminScreen title="Reports">
      <div className={s.body}>
        <ReadyReports download={download} />
        <div className={s.cards}>
          {cards.map((c) => (
            <ReportCard
              key={c.report}
              title={c.title}
              description={c.description}
              busy={download.isBusy(c.report)}
              buttonLabel={`Download ${c.title}`}
              onDownload={() => (c.dialog ? setOpen(c) : void download.run(c.report))}
            />
          ))}
          <ReportCard
            title="Governance Material PPT"
            description="Opens the governance material portal in a new window."
            action={
              <Button
                aria-label="Open Governance Material PPT"
                icon={<OpenRegular />}
                onClick={() => getHost().openLink(GOVERNANCE_PPT_URL)}
              >
                Open
              </Button>
            }
          />
        </div>
      </div>
      {Dialog ? <Dialog download={download} onClose={() => setOpen(null)} /> : null}
    </AdminScreen>
  );
}
