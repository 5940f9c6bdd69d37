import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { PAGE_SIZE_DNA_ENTRIES } from '@domain/constants';
import type { FormField, FormOption } from '@web/ui';
import { ErrorState, LoadingState, PageHeading, PortalDataGrid } from '@web/ui';
import { useNotifyingMutation } from '@web/ui/mutation';
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

  const team: FormOption[] = useMemo(
    () =>
      (access.project?.projectTeam ?? [])
        .map((t) => ({ value: t.idProfessional, label: t.professional.name }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [access.project?.projectTeam],
  );
  const fields: FormField<ProfessionalDnaRecord>[] = [
    { key: 'idProfessional', label: 'Professional', type: 'select', options: team, required: true },
    { key: 'goalsForProject', label: 'Goals for the Project', type: 'textarea' },
    { key: 'individualNeeds', label: 'Individual needs to be guaranteed', type: 'textarea' },
  ];

  // §8: "Saved"; a refused save stays in the dialog with the server's message (nothing typed is lost)
  const save = useNotifyingMutation({
    mutationFn: ({
      values,
      original,
    }: {
      values: ProfessionalDnaRecord;
      original?: ProfessionalDnaRecord;
    }) => {
      const body = {
        idProfessional: Number(values.idProfessional),
        goalsForProject: values.goalsForProject ?? null,
        individualNeeds: values.individualNeeds ?? null,
      };
      return original
        ? m.update.mutateAsync({ id: original.id, version: original.version, body })
        : m.add.mutateAsync(body);
    },
    success: 'Saved',
    error: false,
  });
  const remove = useNotifyingMutation({
    mutationFn: (row: ProfessionalDnaRecord) => m.remove.mutateAsync(row),
    error: 'Something went wrong',
  });

  if (rows.isLoading || access.isLoading) return <LoadingState />;
  return (
    <section>
      <PageHeading banner="SETUP" title="Professional DNA" />
      {rows.error ? (
        <ErrorState message={(rows.error as Error).message} onRetry={() => void rows.refetch()} />
      ) : null}
      <PortalDataGrid<ProfessionalDnaRecord>
        ariaLabel="Professional DNA"
        rows={rows.data}
        getRowId={(r) => r.id}
        search
        pageSize={PAGE_SIZE_DNA_ENTRIES}
        emptyText="No professional DNA yet"
        readOnly={!access.canEdit}
        addLabel="Add"
        editForm={
          access.canEdit
            ? {
                title: 'Professional DNA',
                fields,
                onSave: async (values, original) => {
                  await save.mutateAsync({ values, original });
                },
              }
            : undefined
        }
        onDelete={
          access.canEdit
            ? async (row) => {
                await remove.mutateAsync(row).catch(() => undefined);
              }
            : undefined
        }
        deleteConfirmText="Are you sure you want to delete this professional DNA?"
        columns={[
          {
            key: 'professional',
            title: 'Professional',
            value: (r) => r.professional?.name ?? String(r.idProfessional),
          },
          { key: 'goalsForProject', title: 'Goals for the Project', value: (r) => r.goalsForProject ?? '' },
          {
            key: 'individualNeeds',
            title: 'Individual needs to be guaranteed',
            value: (r) => r.individualNeeds ?? '',
          },
        ]}
      />
    </section>
  );
}
