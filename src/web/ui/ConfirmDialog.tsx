import type { ReactNode } from 'react';
import { ModalDialog } from './dialog/ModalDialog';

/**
 * A controlled confirmation dialog on ModalDialog; `busy` shows a spinner and disables Confirm and Cancel.
 * An `onConfirm` that returns a promise keeps the dialog busy until it settles; a rejection is shown in the dialog.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  busy = false,
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ModalDialog
      open={open}
      title={title}
      busy={busy}
      closeLabel={cancelLabel}
      primaryLabel={confirmLabel}
      primaryDisabled={confirmDisabled}
      onPrimary={onConfirm}
      onClose={onCancel}
    >
      {children}
    </ModalDialog>
  );
}
