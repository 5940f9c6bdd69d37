import { Text } from '@fluentui/react-components';
import { PAGE_SIZE_DNA_ENTRIES } from '@domain/constants';
import { DNA_ANSWERS, DNA_QUESTION, dnaAnswerLabel } from '@domain/rules';
import type { FormField, FormOption } from '@web/ui';
import { ErrorState, ModalDialog, PortalDataGrid, formatDate } from '@web/ui';
import { useNotifyingMutation } from '@web/ui/mutation';
import type { DnaSession } from './api/dna-sessions';
import { useDnaEntries, useDnaEntryMutations, type DnaEntryRecord } from './api/dna-entries';

const ANSWERS: FormOption[] = DNA_ANSWERS.map((a) => ({ value: a.value, label: a.label }));

/**
 * The "Professional DNAs" dialog of one DNA session (spec 001 §2): a grid of Professional and "Did this session
 * meet your expectations?" (No, Yes, Not Applicable), 10 rows a page, with add, edit and delete in a popup form
 * when `canEdit`. The professional is chosen among the team (001 §6); the server refuses a second entry of
 * the same professional in the session (its message stays in the popup).
 */
export function DnaEntriesDialog({
  projectId,
  session,
  team,
  canEdit,
  onClose,
}: {
  projectId: number;
  session: DnaSession;
  team: FormOption[];
  canEdit: boolean;
  onClose: () => void;
}) {
  const entries = useDnaEntries(projectId, session.id);
  const m = useDnaEntryMutations(projectId, session.id);
  const fields: FormField<DnaEntryRecord>[] = [
    { key: 'idProfessional', label: 'Professional', type: 'select', options: team, required: true },
    { key: 'dnaMetExpectation', label: DNA_QUESTION, type: 'select', options: ANSWERS, required: true },
  ];

  const save = useNotifyingMutation({
    mutationFn: ({ values, original }: { values: DnaEntryRecord; original?: DnaEntryRecord }) => {
      const body = {
        idProfessional: Number(values.idProfessional),
        dnaMetExpectation: values.dnaMetExpectation == null ? null : Number(values.dnaMetExpectation),
      };
      return original
        ? m.update.mutateAsync({ id: original.id, version: original.version, body })
        : m.add.mutateAsync(body);
    },
    success: 'Saved',
    error: 'Something went wrong',
  });
  const remove = useNotifyingMutation({
    mutationFn: (row: DnaEntryRecord) => m.remove.mutateAsync(row),
    success: 'Saved',
    error: 'Something went wrong',
  });

  return (
    <ModalDialog title="Professional DNAs" width="large" closeLabel="Close" onClose={onClose}>
      <Text>Session of {formatDate(session.sessionDate, 'dd MMM yyyy')}</Text>
      {entries.error ? (
        <ErrorState message={(entries.error as Error).message} onRetry={() => void entries.refetch()} />
      ) : null}
      <PortalDataGrid<DnaEntryRecord>
        ariaLabel="Professional DNAs"
        rows={entries.data}
        loading={entries.isLoading}
        getRowId={(r) => r.id}
        pageSize={PAGE_SIZE_DNA_ENTRIES}
        emptyText="No professional DNAs yet"
        readOnly={!canEdit}
        addLabel="Add"
        editForm={
          canEdit
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
          canEdit
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
          {
            key: 'dnaMetExpectation',
            title: DNA_QUESTION,
            value: (r) => dnaAnswerLabel(r.dnaMetExpectation),
            sortValue: (r) => r.dnaMetExpectation ?? -1,
          },
        ]}
      />
    </ModalDialog>
  );
}
