import { useState } from 'react';
import { Dropdown, Field, Option } from '@fluentui/react-components';
import { PROJECT_STATUS } from '@domain/constants';
import { ADMIN_SETTABLE_STATUSES, STATUS_CHANGED_MESSAGE, STATUS_CHANGE_FAILED_MESSAGE } from '@domain/rules';
import { ModalDialog } from '@web/ui/dialog';
import { useNotifyingMutation } from '@web/ui/mutation';
import { useChangeStatus } from '../api/lifecycle';

/**
 * Admin status dialog (spec 000 §4.3): Setup, During, Closure, Closed or Paused; closes and reloads either way.
 * One select with a value always chosen: no form library (this dialog belongs to the first screen).
 */
export function AdminStatusDialog({
  project,
  onClose,
}: {
  project: { id: number; code: string; idStatus: number };
  onClose: () => void;
}) {
  const change = useChangeStatus();
  const save = useNotifyingMutation({
    mutationFn: (v: { id: number; idStatus: number }) => change.mutateAsync(v),
    success: STATUS_CHANGED_MESSAGE,
    error: STATUS_CHANGE_FAILED_MESSAGE,
    onSettled: onClose,
  });
  const [status, setStatus] = useState<number>(project.idStatus);
  return (
    <ModalDialog
      title={`Edit status of ${project.code}`}
      busy={save.isPending}
      primaryLabel="Save"
      onSubmit={() => save.mutate({ id: project.id, idStatus: status })}
      onClose={onClose}
    >
      <Field label="Status">
        <Dropdown
          value={PROJECT_STATUS[status]?.adminLabel ?? ''}
          selectedOptions={[String(status)]}
          onOptionSelect={(_, d) => setStatus(Number(d.optionValue))}
        >
          {ADMIN_SETTABLE_STATUSES.map((s) => (
            <Option key={s} value={String(s)}>
              {PROJECT_STATUS[s]!.adminLabel}
            </Option>
          ))}
        </Dropdown>
      </Field>
    </ModalDialog>
  );
}
