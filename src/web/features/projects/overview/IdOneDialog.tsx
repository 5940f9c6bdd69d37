import { getHost } from '@web/host';
import { Text } from '@fluentui/react-components';
import type { ProjectIdOne, SessionUser } from '@domain/contract';
import { canEditIdOne, isIdOneApplicable } from '@domain/rules';
import { PortalDataGrid, useGridWrites } from '@web/ui';
import { ModalDialog } from '@web/ui/dialog';
import type { ProjectDetail } from '../api/get-project';
import { useIdOneMutations, useIdOnes } from '../api/idone';

/** ID One Human Factor Restitutions (spec 000 §2.9). */
export function IdOneDialog({
  project,
  user,
  onClose,
}: {
  project: ProjectDetail;
  user: SessionUser;
  onClose: () => void;
}) {
  const applicable = isIdOneApplicable(project.projectGeographics.map((g) => g.idGeographic));
  const { data, isLoading } = useIdOnes(project.id, { enabled: applicable });
  const m = useIdOneMutations(project.id);
  const people = project.projectTeam.map((t) => ({ value: t.idProfessional, label: t.professional.name }));
  const nameOf = (id: number | null) => people.find((p) => p.value === id)?.label ?? '';
  // the form keeps the server's message and what was typed; the toasts say "Saved" / "Something went wrong"
  const writes = useGridWrites<ProjectIdOne>({
    canEdit: canEditIdOne(user, project.projectTeam, project.idStatus),
    title: 'ID One restitution',
    fields: [
      {
        key: 'idResponsibleDefinition',
        label: 'Responsible for Definition',
        type: 'select',
        options: people,
        required: true,
      },
      { key: 'numberProfile', label: 'ID One Core and Reach count', type: 'number', min: 0, required: true },
      { key: 'additionalProfiles', label: 'Additional profiles', type: 'number', min: 0, required: true },
      { key: 'clientNameDefined', label: 'Client Name Defined', type: 'boolean' },
    ],
    newRow: () => ({ numberProfile: 0, additionalProfiles: 0, clientNameDefined: false }),
    save: (values, original) => (original ? m.update.mutateAsync(values) : m.add.mutateAsync(values)),
    remove: (r) => m.remove.mutateAsync(r),
    keepConfirmOnFailure: true,
  });
  return (
    <ModalDialog title="ID One Human Factor Restitutions" width="large" closeLabel="Close" onClose={onClose}>
      {applicable ? (
        <PortalDataGrid<ProjectIdOne>
          ariaLabel="ID One restitutions"
          rows={isLoading ? undefined : data}
          loading={isLoading}
          getRowId={(r) => r.id}
          {...writes}
          emptyText="No restitutions yet"
          columns={[
            {
              key: 'idResponsibleDefinition',
              title: 'Responsible for Definition',
              value: (r) => nameOf(r.idResponsibleDefinition),
            },
            { key: 'numberProfile', title: 'ID One Core and Reach count' },
            { key: 'additionalProfiles', title: 'Additional profiles' },
            {
              key: 'clientNameDefined',
              title: 'Client Name Defined',
              value: (r) => (r.clientNameDefined ? 'Yes' : 'No'),
            },
          ]}
        />
      ) : (
        <Text role="status">
          This project is not applicable: for now only projects in Brazil have ID One Human Factor
          Restitutions. To ask for it, e-mail the ID One team at{' '}
          <a
            href="mailto:idone@example.com"
            onClick={(e) => {
              e.preventDefault();
              getHost().openLink('mailto:idone@example.com');
            }}
          >
            idone@example.com
          </a>
          .
        </Text>
      )}
    </ModalDialog>
  );
}
