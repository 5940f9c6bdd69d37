import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useSetupAccess } from '@web/api/setup-access';
import { LoadingState, PageHeading } from '@web/ui';
import { StakeholdersGrid } from '@web/ui/session-records';
import { ImportStakeholdersDialog, STAKEHOLDER_LABELS } from './ImportStakeholdersDialog';

/**
 * Setup › Stakeholders `/project/{id}/setup/stakeholders` (001 §2): name, responsible professional (the
 * team), position (the 45 positions), birthday (dd MMM yyyy), language, status dot (Green, Yellow, Red,
 * Blue, Gray), action plan; 8 per page; popup edit; "Import from Client Past Projects" (001 §6: those who
 * may edit setup data).
 */
export default function StakeholdersPage() {
  const projectId = Number(useParams().id);
  const access = useSetupAccess(projectId);
  const [importing, setImporting] = useState(false);
  const sessionId = access.setupSessionId;
  if (access.isLoading) return <LoadingState />;
  const canEdit = access.canEdit && !!sessionId;
  return (
    <section>
      <PageHeading banner="SETUP" title="Stakeholders" />
      <StakeholdersGrid
        projectId={projectId}
        sessionId={sessionId}
        canEdit={canEdit}
        team={access.project?.projectTeam ?? []}
        statusLabels={STAKEHOLDER_LABELS}
        toolbar={
          canEdit ? (
            <Button icon={<ArrowDownloadRegular />} onClick={() => setImporting(true)}>
              Import from Client Past Projects
            </Button>
          ) : null
        }
      />
      {importing && sessionId ? (
        <ImportStakeholdersDialog
          projectId={projectId}
          sessionId={sessionId}
          onClose={() => setImporting(false)}
        />
      ) : null}
    </section>
  );
}
