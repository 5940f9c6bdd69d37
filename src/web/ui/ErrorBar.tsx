import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';

/** {@link ErrorState}'s view: Fluent's error MessageBar with an optional Retry. */
export default function ErrorBar({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <MessageBar intent="error">
      <MessageBarBody>{message}</MessageBarBody>
      {onRetry ? (
        <MessageBarActions>
          <Button onClick={onRetry}>Retry</Button>
        </MessageBarActions>
      ) : null}
    </MessageBar>
  );
}
