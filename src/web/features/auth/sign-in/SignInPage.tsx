import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { exchangeSignIn } from '@web/api/client';
import { setToken } from '@web/api/session';
import { getHost, SignInError } from '@web/host';
import { useNotify } from '@web/ui/toast';
import { useSession } from '@web/api/session-context';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    justifyContent: 'center',
    alignItems: 'center',
    minHeight: '60vh',
    padding: tokens.spacingVerticalXXL,
  },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '480px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

type State = { kind: 'working' } | { kind: 'consent' | 'failed'; message: string };

/**
 * The sign-in page (spec 000 §2.2). The host produces the identity token — the redirect's result in
 * the browser (`?login_hint=` is passed on), Teams SSO or nested app authentication in Teams — and it goes
 * through `POST /auth/signin`; then to the page that asked for sign-in, else `/`. A failed exchange shows
 * "Error on sign in". In Teams, consent and failures get a screen with a retry instead of a blank tab.
 */
export default function SignInPage() {
  const s = useStyles();
  const notify = useNotify();
  const { refresh } = useSession();
  const host = getHost();
  const [state, setState] = useState<State>({ kind: 'working' });
  const started = useRef(false);

  const run = useCallback(
    async (interactive: boolean) => {
      setState({ kind: 'working' });
      const loginHint = new URLSearchParams(window.location.search).get('login_hint') ?? undefined;
      let token: string | undefined;
      try {
        token = await host.acquireToken({ loginHint, interactive });
      } catch (err) {
        const e =
          err instanceof SignInError
            ? err
            : new SignInError('failed', err instanceof Error ? err.message : String(err));
        setState({ kind: e.kind, message: e.message });
        return;
      }
      if (!token) return; // redirecting to the identity provider
      try {
        const { accessToken } = await exchangeSignIn(token);
        setToken(accessToken);
        // the public-only guard now sends the signed-in user on (to the page that asked for sign-in, else /)
        refresh();
      } catch {
        notify.error('Error on sign in');
        if (host.kind === 'teams')
          setState({ kind: 'failed', message: 'The portal did not accept your Microsoft 365 sign-in.' });
      }
    },
    [host, notify, refresh],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run(false);
  }, [run]);

  useEffect(() => {
    if (state.kind !== 'working') host.notifyReady();
  }, [host, state.kind]);

  if (state.kind === 'working') {
    return (
      <main className={s.root}>
        <Spinner label="Signing in..." />
      </main>
    );
  }
  const consent = state.kind === 'consent';
  return (
    <main className={s.root}>
      <div className={s.card} role="alert">
        <Text as="h1" size={600} weight="semibold">
          {consent ? 'Project Portal needs your permission' : 'We could not sign you in'}
        </Text>
        <Text>
          {consent
            ? 'Before the portal can sign you in with your Microsoft 365 account, you need to accept the permissions it asks for. Select Continue to review them.'
            : 'Signing in with your Microsoft 365 account did not work. Check your connection and try again; if it keeps failing, contact the portal administrators.'}
        </Text>
        {state.message ? (
          <MessageBar intent={consent ? 'info' : 'error'}>
            <MessageBarBody>{state.message}</MessageBarBody>
          </MessageBar>
        ) : null}
        <div className={s.actions}>
          <Button appearance="primary" onClick={() => void run(true)}>
            {consent ? 'Continue' : 'Try again'}
          </Button>
        </div>
      </div>
    </main>
  );
}
