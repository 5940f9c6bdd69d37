import { Text } from '@fluentui/react-components';
import { PAGE_SIZE_DNA_ENTRIES } from '@domain/constants';
import { DNA_ANSWERS, DNA_QUESTION, dnaAnswerLabel } from '@domain/rules';
import type { FormOption } from '@web/ui';
import { ModalDialog, formatDate, useGridWrites, QueryGrid } from '@web/ui';
import { professionalColumn } from '@web/ui/DataGrid';
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
  const writes = useGridWrites<DnaEntryRecord>({
    canEdit,
    title: 'Professional DNA',
    fields: [
      { key: 'idProfessional', label: 'Professional', type: 'select', options: team, required: true },
      { key: 'dnaMetExpectation', label: DNA_QUESTION, type: 'select', options: ANSWERS, required: true },
    ],
    save: (values, original) => {
      const body = {
        idProfessional: Number(values.idProfessional),
        dnaMetExpectation: values.dnaMetExpectation == null ? null : Number(values.dnaMetExpectation),
      };
      return original
        ? m.update.mutateAsync({ id: original.id, version: original.version, body })
        : m.add.mutateAsync(body);
    },
    remove: (row) => m.remove.mutateAsync(row),
  });

  return (
    <ModalDialog title="Professional DNAs" width="large" closeLabel="Close" onClose={onClose}>
      <Text>Session of {formatDate(session.sessionDate, 'dd MMM yyyy')}</Text>
      <QueryGrid<DnaEntryRecord>
        query={entries}
        ariaLabel="Professional DNAs"
        getRowId={(r) => r.id}
        pageSize={PAGE_SIZE_DNA_ENTRIES}
        emptyText="No professional DNAs yet"
        {...writes}
        deleteConfirmText="Are you sure you want to delete this professional DNA?"
        columns={[
          professionalColumn<DnaEntryRecord>(),
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
