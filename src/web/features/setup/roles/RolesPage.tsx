import { useParams } from 'react-router-dom';
import { RoleAndResponsibility, type RoleAndResponsibilityRecord } from '@domain/contract';
import { useSetupAccess } from '@web/api/setup-access';
import { LoadingState, PageHeading } from '@web/ui';
import { RecordsGrid } from '../project/records/RecordsGrid';

/**
 * Setup › Roles and Responsibilities `/project/{id}/setup/roles` (001 §2, §3): Professional (the team),
 * Support Point, Technical Role, Non-Technical Role; 8 per page; popup edit.
 */
export default function RolesPage() {
  const projectId = Number(useParams().id);
  const access = useSetupAccess(projectId);
  if (access.isLoading) return <LoadingState />;
  const team = access.project?.projectTeam ?? [];
  const nameOf = (id: number | null) => team.find((m) => m.idProfessional === id)?.professional.name ?? '';
  return (
    <section>
      <PageHeading banner="SETUP" title="Roles and Responsibilities" />
      <RecordsGrid
        kind="rar"
        projectId={projectId}
        sessionId={access.setupSessionId}
        canEdit={access.canEdit}
        title="Roles and Responsibilities"
        addLabel="Add role"
        emptyText="No roles and responsibilities yet"
        deleteConfirmText="Are you sure you want to delete these roles and responsibilities?"
        schema={RoleAndResponsibility}
        newRow={{ idProfessional: null } as Partial<RoleAndResponsibilityRecord>}
        columns={[
          { key: 'idProfessional', title: 'Professional', value: (r) => nameOf(r.idProfessional) },
          { key: 'rarSupportingPoint', title: 'Support Point' },
          { key: 'rarTechnicalRole', title: 'Technical Role' },
          { key: 'rarNonTechnicalRole', title: 'Non-Technical Role' },
        ]}
        fields={[
          {
            key: 'idProfessional',
            label: 'Professional',
            type: 'select',
            options: team.map((m) => ({ value: m.idProfessional, label: m.professional.name })),
          },
          { key: 'rarSupportingPoint', label: 'Support Point', type: 'textarea' },
          { key: 'rarTechnicalRole', label: 'Technical Role', type: 'textarea' },
          { key: 'rarNonTechnicalRole', label: 'Non-Technical Role', type: 'textarea' },
        ]}
      />
    </section>
  );
}
