import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';

const useStyles = makeStyles({
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
});

export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  const s = useStyles();
  return (
    <div className={s.center}>
      <Spinner label={label} />
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
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
