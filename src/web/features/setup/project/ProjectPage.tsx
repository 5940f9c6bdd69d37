import { Suspense, lazy, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useSetupAccess } from '@web/api/setup-access';
import { PageHeading } from '@web/ui/PageHeading';
import { ErrorState, LoadingState } from '@web/ui/PageState';
import { ProjectInfoTab } from './ProjectInfoTab';
import { ProposalTab } from './ProposalTab';
import { ProjectScopeTab } from './ProjectScopeTab';
import { Tabs } from '@web/ui/Tabs';

const useStyles = makeStyles({
  panel: { paddingTop: tokens.spacingVerticalL },
});

/** The grids of the last three tabs (./records/), loaded when their tab is first opened. */
const RECORD_TABS = {
  expectations: lazy(() => import('./records/ExpectationsTab')),
  deliverables: lazy(() => import('./records/DeliverablesTab')),
  risks: lazy(() => import('./records/RisksTab')),
};

/** The six tabs in the spec's order (001 §2 "Setup Project tabs"). */
const TABS = [
  ['info', 'Project Info'],
  ['proposal', 'Proposal'],
  ['scope', 'Project Scope'],
  ['expectations', 'Client Expectations'],
  ['deliverables', 'Deliverables'],
  ['risks', 'Risks'],
] as const;
type TabId = (typeof TABS)[number][0];

/** Setup › Project `/project/{id}/setup/project` (001 §2): six tabs, read-only where the rules say so (§6). */
export default function ProjectPage() {
  const s = useStyles();
  const projectId = Number(useParams().id);
  const access = useSetupAccess(projectId);
  const [tab, setTab] = useState<TabId>('info');
  const p = access.project;
  if (access.isLoading) return <LoadingState />;
  if (!p) return <ErrorState message="Project not found" />;

  const records = (id: 'expectations' | 'deliverables' | 'risks') => {
    const Records = RECORD_TABS[id];
    if (access.setupSessionId === undefined) return <Text>This project has no setup session.</Text>;
    return (
      <Suspense fallback={<LoadingState />}>
        <Records projectId={projectId} sessionId={access.setupSessionId} canEdit={access.canEdit} />
      </Suspense>
    );
  };

  return (
    <section>
      <PageHeading banner="SETUP" title="Project" />
      <Tabs label="Project" tabs={TABS} selected={tab} onSelect={setTab} panelClassName={s.panel}>
        {tab === 'info' ? <ProjectInfoTab project={p} canEditField={access.canEditField} /> : null}
        {tab === 'proposal' ? <ProposalTab project={p} canEdit={access.canEdit} /> : null}
        {tab === 'scope' ? (
          <ProjectScopeTab projectId={projectId} sessionId={access.setupSessionId} canEdit={access.canEdit} />
        ) : null}
        {tab === 'expectations' || tab === 'deliverables' || tab === 'risks' ? records(tab) : null}
      </Tabs>
    </section>
  );
}
