import { makeStyles, tokens } from '@fluentui/react-components';
import { REPORT_SCOPES, hasAnyScope } from '@domain/rules';
import { useSession } from '@web/api/session-context';
import { useReportDownload } from '@web/ui/report-download';
import { AdminScreen } from '../AdminScreen';
import { ReportCard } from '../reports/ReportCard';
import { KNM_REPORTS } from './api/reports';

const useStyles = makeStyles({
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
});

/**
 * KNM Reports (content ours): cards of the KNM-relevant reports, each downloading GET /api/reports/{name} with the
 * texts of 002 §8 ('We are generating your report. It could take a while', 'Report generated successfully. Open
 * or save it.', 'Something went wrong...'). A card whose report the person may not download is disabled.
 */
export default function KnmReportsPage() {
  const s = useStyles();
  const { user } = useSession();
  const download = useReportDownload(); // the §8 texts; one report at a time
  const busy = KNM_REPORTS.some((r) => download.isBusy(r.name));
  return (
    <AdminScreen title="KNM Reports">
      <div className={s.cards}>
        {KNM_REPORTS.map((r) => (
          <ReportCard
            key={r.name}
            title={r.title}
            description={r.description}
            busy={download.isBusy(r.name)}
            disabled={busy || !hasAnyScope(user, REPORT_SCOPES[r.name])}
            onDownload={() => void download.run(r.name)}
          />
        ))}
      </div>
    </AdminScreen>
  );
}
