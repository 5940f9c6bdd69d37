import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { ErrorState, LoadingState } from '@web/ui/PageState';
import { PageHeading } from '@web/ui/PageHeading';
import { useClosureExternal, usePatchClosureExternal, type ClosureFieldChange } from './api/closure-external';
import { signedWeeklyStatusesFile } from './api/weekly-status-download';
import { ClosureItem, type Shown } from './ClosureItem';
import { LegalDocumentsTab } from './LegalDocumentsTab';
import { useClosureAccess } from './access';
import { useFileDownload } from '@web/ui/file-download';
import { Tabs } from '@web/ui/Tabs';

const useStyles = makeStyles({
  panel: {
    paddingTop: tokens.spacingVerticalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '960px',
  },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** The four tabs in the spec's order (002 §2.4). */
const TABS = [
  ['weekly', 'All Signed Weekly Status'],
  ['legal', 'Legal Closure Documents'],
  ['testimonial', 'Client Testimonials'],
  ['thanks', 'Thank You Letter/Gift'],
] as const;
type TabId = (typeof TABS)[number][0];

/**
 * Closure With Client `/project/{id}/closure/client` (002 §2.4, header CLOSURE): four tabs, one closure item each
 * (person responsible from the team, status Not started / Done, its yes/no), every change saved at once; the
 * signed weekly statuses download; the legal closure document with its Upload Legal Document wizard. Read-only
 * (disabled inputs, no wizard or remove) for people outside the project's team (canWorkOnSignedDocuments).
 */
export default function ClosureClientPage() {
  const s = useStyles();
  const projectId = Number(useParams().id);
  const access = useClosureAccess(projectId);
  const closure = useClosureExternal(projectId);
  const patch = usePatchClosureExternal(projectId);
  const download = useFileDownload();
  const [tab, setTab] = useState<TabId>('weekly');

  if (access.isLoading || closure.isLoading) return <LoadingState />;
  if (!access.project) return <ErrorState message="Project not found" />;
  const record = closure.data;
  if (!record)
    return (
      <ErrorState
        message={(closure.error as Error | null)?.message ?? 'Something went wrong'}
        onRetry={() => void closure.refetch()}
      />
    );

  /** The value being saved shows at once; the answer replaces it. */
  const shown: Shown = (field, saved) =>
    patch.isPending && patch.variables?.field === field ? patch.variables.value : saved;
  const onChange = (change: ClosureFieldChange) => {
    if (access.canEdit) patch.mutate(change);
  };
  const common = { record, people: access.people, canEdit: access.canEdit, shown, onChange };

  return (
    <section>
      <PageHeading banner="CLOSURE" title="Closure With Client" />
      <Tabs label="Closure With Client" tabs={TABS} selected={tab} onSelect={setTab} panelClassName={s.panel}>
        {tab === 'weekly' ? (
          <>
            <ClosureItem item="signedWeeklyStatus" {...common} />
            <div className={s.row}>
              <Button
                icon={<ArrowDownloadRegular />}
                disabled={download.busy !== null}
                onClick={() => void download.run(signedWeeklyStatusesFile(projectId))}
              >
                Download signed weekly statuses
              </Button>
              <Text size={200}>Every signed weekly status of the project in one PDF file.</Text>
            </div>
          </>
        ) : null}
        {tab === 'legal' ? <LegalDocumentsTab projectId={projectId} {...common} /> : null}
        {tab === 'testimonial' ? <ClosureItem item="clientTestimonial" {...common} /> : null}
        {tab === 'thanks' ? <ClosureItem item="thankYouLetter" {...common} /> : null}
      </Tabs>
    </section>
  );
}
