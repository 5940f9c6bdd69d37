import { useParams } from 'react-router-dom';
import { useSetupAccess } from '@web/api/setup-access';
import { LoadingState, PageHeading } from '@web/ui';
import { RolesGrid } from '@web/ui/session-records';

/**
 * Setup › Roles and Responsibilities `/project/{id}/setup/roles` (001 §2, §3): Professional (the team),
 * Support Point, Technical Role, Non-Technical Role; 8 per page; popup edit.
 */
export default function RolesPage() {
  const projectId = Number(useParams().id);
  const access = useSetupAccess(projectId);
  if (access.isLoading) return <LoadingState />;
  return (
    <section>
      <PageHeading banner="SETUP" title="Roles and Responsibilities" />
      <RolesGrid
        projectId={projectId}
        sessionId={access.setupSessionId}
        canEdit={access.canEdit}
        team={access.project?.projectTeam ?? []}
      />
    </section>
  );
}
