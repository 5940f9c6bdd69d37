import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { exchangeSignIn } from '@web/api/client';
import { setToken } from '@web/api/session';
import { getHost } from '@web/host';
import { useNotify } from '@web/ui';
import { useSession } from '@web/api/session-context';

const useStyles = makeStyles({ root: { display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '60vh', padding: tokens.spacingVerticalXXL } });

/**
 * Sign-in callback `/auth/signin` (spec 000 §2.2): with `#access_token=` in the fragment it exchanges
 * the token and goes to `/`; without, it redirects to the identity provider (`?login_hint=` is passed on).
 * A failed exchange shows "Error on sign in" and stays on the spinner.
 */
export default function SignInPage() {
  const s = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const { refresh } = useSession();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
    const token = fragment.get('access_token');
    if (!token) {
      const hint = new URLSearchParams(window.location.search).get('login_hint') ?? undefined;
      getHost().signIn(hint);
      return;
    }
    window.history.replaceState(null, '', window.location.pathname);
    exchangeSignIn(token)
      .then(({ accessToken }) => {
        setToken(accessToken);
        refresh();
        navigate('/', { replace: true });
      })
      .catch(() => notify.error('Error on sign in'));
  }, [navigate, notify, refresh]);
  return (
    <main className={s.root}>
      <Spinner label="Signing in..." />
    </main>
  );
}
