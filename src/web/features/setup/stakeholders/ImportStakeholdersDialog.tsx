import { useState } from 'react';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import type { StakeholderCandidate } from '@domain/contract';
import { ModalDialog } from '@web/ui/dialog';
import { PortalDataGrid, type RowId } from '@web/ui';
import { useNotifyingMutation } from '@web/ui/mutation';
import { RecordStatusDot } from '@web/ui/session-records';
import { useImportStakeholders, useStakeholderCandidates } from '@web/api/session-records';

export const NONE_SELECTED = 'Please select at least one stakeholder to add.';
/** Stakeholders' status 5 reads Gray (001 §2 Setup Stakeholders). */
export const STAKEHOLDER_LABELS = { 5: 'Gray' };

/**
 * Import from Client Past Projects (001 §2, §5, §8): the client's other projects' stakeholders whose name is
 * not here yet; the user selects one or more and confirms — none selected: "Please select at least one
 * stakeholder to add."; one POST per selection; "Added with success." or "Something went wrong...".
 */
export function ImportStakeholdersDialog({
  projectId,
  sessionId,
  onClose,
}: {
  projectId: number;
  sessionId: number;
  onClose: () => void;
}) {
  const candidates = useStakeholderCandidates(projectId, sessionId);
  const [selected, setSelected] = useState<RowId[]>([]);
  const [warning, setWarning] = useState(false);
  const importer = useImportStakeholders(projectId, sessionId);
  const run = useNotifyingMutation({
    mutationFn: (chosen: StakeholderCandidate[]) => importer.mutateAsync(chosen),
    success: 'Added with success.',
    error: 'Something went wrong...',
  });
  const confirm = async () => {
    if (selected.length === 0) {
      setWarning(true);
      return;
    }
    const chosen = (candidates.data ?? []).filter((c) => selected.includes(c.id));
    try {
      await run.mutateAsync(chosen);
      onClose();
    } catch {
      // toasted; the dialog stays open with the selection
    }
  };
  return (
    <ModalDialog
      title="Import from Client Past Projects"
      width="large"
      closeLabel="Cancel"
      primaryLabel="Confirm"
      busy={run.isPending}
      onPrimary={confirm}
      onClose={onClose}
    >
      {warning && selected.length === 0 ? (
        <MessageBar intent="warning">
          <MessageBarBody>{NONE_SELECTED}</MessageBarBody>
        </MessageBar>
      ) : null}
      <PortalDataGrid<StakeholderCandidate>
        ariaLabel="Client past projects stakeholders"
        rows={candidates.data}
        loading={candidates.isLoading}
        getRowId={(r) => r.id}
        selectable="multiselect"
        selectedIds={selected}
        onSelectionChange={(ids) => {
          setSelected(ids);
          if (ids.length) setWarning(false);
        }}
        search
        emptyText={candidates.error ? (candidates.error as Error).message : 'No stakeholders to import'}
        columns={[
          { key: 'name', title: 'Name' },
          { key: 'position', title: 'Position' },
          { key: 'language', title: 'Language' },
          {
            key: 'currentStatus',
            title: 'Status',
            width: 90,
            value: (r) => r.currentStatus ?? '',
            render: (r) => <RecordStatusDot status={r.currentStatus} labels={STAKEHOLDER_LABELS} />,
          },
          { key: 'projectName', title: 'Project', value: (r) => `${r.projectCode} ${r.projectName}` },
        ]}
      />
    </ModalDialog>
  );
}
