import { Suspense, type ReactNode } from 'react';
import { lazyComponent } from './lazy';
import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';

// Fluent's MessageBar loads with the first error: screens that never fail do not carry it
const ErrorBar = lazyComponent(() => import('./ErrorBar'));

const useStyles = makeStyles({
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
  empty: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalXXL,
    textAlign: 'center',
  },
});

export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  const s = useStyles();
  return (
    <div className={s.center}>
      <Spinner label={label} />
    </div>
  );
}

/** A screen with nothing to show yet: what is missing and, when there is one, what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  const s = useStyles();
  return (
    <div className={s.empty} role="status">
      <Text as="h2" size={500} weight="semibold">
        {title}
      </Text>
      {children ? <Text>{children}</Text> : null}
    </div>
  );
}

/** An error message with an optional Retry: Fluent's error MessageBar (the plain message while it loads). */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Suspense
      fallback={
        <div role="alert">
          {message}
          {onRetry ? <Button onClick={onRetry}>Retry</Button> : null}
        </div>
      }
    >
      <ErrorBar message={message} onRetry={onRetry} />
    </Suspense>
  );
}

/** A query's failure as an ErrorState with Retry (its error's message); nothing while it has not failed. */
export function QueryError({ query }: { query: { error: unknown; refetch: () => unknown } }) {
  if (!query.error) return null;
  return <ErrorState message={(query.error as Error).message} onRetry={() => void query.refetch()} />;
}
