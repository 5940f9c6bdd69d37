import { getHost } from '@web/host';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
} from '@fluentui/react-components';
import type { ProjectIdOne, SessionUser } from '@domain/contract';
import { canEditIdOne, isIdOneApplicable } from '@domain/rules';
import { PortalDataGrid, useNotify } from '@web/ui';
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
  const notify = useNotify();
  const applicable = isIdOneApplicable(project.projectGeographics.map((g) => g.idGeographic));
  const { data, isLoading } = useIdOnes(project.id, applicable);
  const m = useIdOneMutations(project.id);
  const people = project.projectTeam.map((t) => ({ value: t.idProfessional, label: t.professional.name }));
  const nameOf = (id: number | null) => people.find((p) => p.value === id)?.label ?? '';
  const run = async (p: Promise<unknown>) => {
    try {
      await p;
      notify.success('Saved');
    } catch (e) {
      notify.error('Something went wrong');
      throw e;
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: 960, width: '95vw' }}>
        <DialogBody>
          <DialogTitle>ID One Human Factor Restitutions</DialogTitle>
          <DialogContent>
            {applicable ? (
              <PortalDataGrid<ProjectIdOne>
                ariaLabel="ID One restitutions"
                rows={isLoading ? undefined : data}
                loading={isLoading}
                getRowId={(r) => r.id}
                readOnly={!canEditIdOne(user, project.projectTeam, project.idStatus)}
                emptyText="No restitutions yet"
                editForm={{
                  title: 'ID One restitution',
                  fields: [
                    {
                      key: 'idResponsibleDefinition',
                      label: 'Responsible for Definition',
                      type: 'select',
                      options: people,
                      required: true,
                    },
                    {
                      key: 'numberProfile',
                      label: 'ID One Core and Reach count',
                      type: 'number',
                      min: 0,
                      required: true,
                    },
                    {
                      key: 'additionalProfiles',
                      label: 'Additional profiles',
                      type: 'number',
                      min: 0,
                      required: true,
                    },
                    { key: 'clientNameDefined', label: 'Client Name Defined', type: 'boolean' },
                  ],
                  newRow: () => ({ numberProfile: 0, additionalProfiles: 0, clientNameDefined: false }),
                  onSave: (values, original) =>
                    run(original ? m.update.mutateAsync(values) : m.create.mutateAsync(values)),
                }}
                onDelete={(r) => run(m.remove.mutateAsync(r))}
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
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
