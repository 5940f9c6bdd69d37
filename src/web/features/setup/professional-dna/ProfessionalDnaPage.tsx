import { useParams } from 'react-router-dom';
import { PAGE_SIZE_DNA_ENTRIES } from '@domain/constants';
import { GridPage, useGridWrites } from '@web/ui';
import { professionalColumn } from '@web/ui/DataGrid';
import { useSetupAccess } from '@web/api/setup-access';
import { useSetupDnaMutations, useSetupDnas, type ProfessionalDnaRecord } from './api/professional-dnas';

/**
 * Professional DNA `/project/{id}/setup/professional-dna` (spec 001 §2, §3, §6, §9): a popup-edit grid of
 * Professional, Goals for the Project and Individual needs to be guaranteed, 10 rows a page. The professional
 * is chosen among the team; add, edit and delete only for those who may edit setup pages.
 */
export default function ProfessionalDnaPage() {
  const projectId = Number(useParams().id);
  const access = useSetupAccess(projectId);
  const rows = useSetupDnas(projectId);
  const m = useSetupDnaMutations(projectId);

  // §8: "Saved"; a refused save stays in the dialog with the server's message (nothing typed is lost)
  const writes = useGridWrites<ProfessionalDnaRecord>({
    canEdit: access.canEdit,
    title: 'Professional DNA',
    fields: [
      {
        key: 'idProfessional',
        label: 'Professional',
        type: 'select',
        options: access.teamOptions,
        required: true,
      },
      { key: 'goalsForProject', label: 'Goals for the Project', type: 'textarea' },
      { key: 'individualNeeds', label: 'Individual needs to be guaranteed', type: 'textarea' },
    ],
    save: (values, original) => {
      const body = {
        idProfessional: Number(values.idProfessional),
        goalsForProject: values.goalsForProject ?? null,
        individualNeeds: values.individualNeeds ?? null,
      };
      return original
        ? m.update.mutateAsync({ id: original.id, version: original.version, body })
        : m.add.mutateAsync(body);
    },
    remove: (row) => m.remove.mutateAsync(row),
    toasts: { saved: 'Saved', saveFailed: false, removeFailed: 'Something went wrong' },
  });

  return (
    <GridPage<ProfessionalDnaRecord>
      banner="SETUP"
      title="Professional DNA"
      query={rows}
      loading={access.isLoading}
      ariaLabel="Professional DNA"
      search
      pageSize={PAGE_SIZE_DNA_ENTRIES}
      emptyText="No professional DNA yet"
      {...writes}
      deleteConfirmText="Are you sure you want to delete this professional DNA?"
      columns={[
        professionalColumn<ProfessionalDnaRecord>(),
        { key: 'goalsForProject', title: 'Goals for the Project', value: (r) => r.goalsForProject ?? '' },
        {
          key: 'individualNeeds',
          title: 'Individual needs to be guaranteed',
          value: (r) => r.individualNeeds ?? '',
        },
      ]}
    />
  );
}
