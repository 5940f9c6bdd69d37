import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Option,
  Spinner,
} from '@fluentui/react-components';
import { PROJECT_STATUS } from '@domain/constants';
import { ADMIN_SETTABLE_STATUSES, STATUS_CHANGED_MESSAGE, STATUS_CHANGE_FAILED_MESSAGE } from '@domain/rules';
import { useNotify } from '@web/ui';
import { useChangeStatus } from './api/lifecycle';

/** Admin status dialog (spec 000 §4.3): Setup, During, Closure, Closed or Paused; closes and reloads either way. */
export function AdminStatusDialog({
  project,
  onClose,
}: {
  project: { id: number; code: string; idStatus: number };
  onClose: () => void;
}) {
  const notify = useNotify();
  const change = useChangeStatus();
  const [status, setStatus] = useState<number>(project.idStatus);
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !change.isPending && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Edit status of {project.code}</DialogTitle>
          <DialogContent>
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
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={change.isPending}>
              Cancel
            </Button>
            <Button
              appearance="primary"
              disabled={change.isPending}
              icon={change.isPending ? <Spinner size="tiny" /> : undefined}
              onClick={async () => {
                try {
                  await change.mutateAsync({ id: project.id, idStatus: status });
                  notify.success(STATUS_CHANGED_MESSAGE);
                } catch {
                  notify.error(STATUS_CHANGE_FAILED_MESSAGE);
                } finally {
                  onClose();
                }
              }}
            >
              Save
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
