import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner } from '@fluentui/react-components';

/** The spec's confirmation text of Send to sign (spec 001 §4; spec 002 §2.4). */
export const SEND_CONFIRMATION_TEXT =
  'If you confirm this action, an e-mail message will be send to all recipients and you cannot update the data anymore.';

/** The confirmation step of Send to sign: the text and Cancel / Confirm. */
export function SendConfirmation({
  busy,
  onConfirm,
  onCancel,
}: {
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <MessageBar intent="warning" layout="multiline" role="alertdialog" aria-label="Confirm Send to sign">
      <MessageBarBody>{SEND_CONFIRMATION_TEXT}</MessageBarBody>
      <MessageBarActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          appearance="primary"
          onClick={onConfirm}
          disabled={busy}
          icon={busy ? <Spinner size="tiny" /> : undefined}
        >
          Confirm
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
