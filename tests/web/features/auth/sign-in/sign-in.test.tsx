import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../msw-server';
import { renderWithProviders, fakeToken, USERS } from '../../../render';
import { App } from '@web/app/App';
import { SessionProvider } from '@web/api/session-context';
import { getHost, setHost, SignInError, type Host } from '@web/host';
import { buildAuthorizeUrl, buildLogoutUrl, createBrowserHost } from '@web/host/browser';

const renderAt = (path: string) =>
  renderWithProviders(
    <SessionProvider>
      <App initialPath={path} />
    </SessionProvider>,
    { router: false },
  );

afterEach(() => window.history.replaceState(null, '', '/'));

describe('sign-in callback', () => {
  it('exchanges the fragment token, stores the portal token and goes to /', async () => {
    const portal = fakeToken(USERS.marcos);
    let seen: { auth: string | null; body: unknown } | undefined;
    server.use(
      http.post('/auth/signin', async ({ request }) => {
        seen = { auth: request.headers.get('authorization'), body: await request.json() };
        return HttpResponse.json({ accessToken: portal, scopes: [] });
      }),
      http.get('/api/projects', () => HttpResponse.json([])),
      http.get('/master/practices', () => HttpResponse.json([])),
    );
    window.history.replaceState(null, '', '/auth/signin#access_token=idp-token-123&token_type=Bearer');
    renderAt('/auth/signin');
    await waitFor(() => expect(document.title).toBe('Projects | Project Portal'));
    expect(seen).toEqual({ auth: 'Bearer idp-token-123', body: { scopes: ['portal'] } });
    expect(localStorage.getItem('portal.accessToken')).toBe(portal);
    expect(screen.getByText(/Welcome to the Project Portal,/)).toBeInTheDocument();
  });

  it('shows "Error on sign in" and stays on the spinner when the exchange fails', async () => {
    server.use(http.post('/auth/signin', () => HttpResponse.json({ message: 'nope' }, { status: 401 })));
    window.history.replaceState(null, '', '/auth/signin#access_token=bad');
    renderAt('/auth/signin');
    expect(await screen.findByText('Error on sign in')).toBeInTheDocument();
    expect(screen.getByText('Signing in...')).toBeInTheDocument();
    expect(localStorage.getItem('portal.accessToken')).toBeNull();
  });

  it('without a fragment, starts the identity provider with the login_hint', async () => {
    const acquireToken = vi.fn(async () => undefined);
    const prev = getHost();
    setHost({ ...prev, acquireToken } as Host);
    window.history.replaceState(null, '', '/auth/signin?login_hint=alice.admin');
    try {
      renderAt('/auth/signin?login_hint=alice.admin');
      await waitFor(() =>
        expect(acquireToken).toHaveBeenCalledWith({ loginHint: 'alice.admin', interactive: false }),
      );
      expect(screen.getByText('Signing in...')).toBeInTheDocument();
    } finally {
      setHost(prev);
    }
  });

  it('the browser host reads the fragment, and without one redirects to the development IdP with the login_hint', async () => {
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: {
        ...original,
        assign,
        origin: 'http://localhost:3000',
        hash: '',
        search: '',
        pathname: '/auth/signin',
      },
    });
    try {
      const host = createBrowserHost({ entra: false });
      expect(await host.acquireToken({ loginHint: 'kim.knm' })).toBeUndefined();
      expect(assign).toHaveBeenCalledWith(buildAuthorizeUrl('http://localhost:3000', 'kim.knm'));
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
    window.history.replaceState(null, '', '/auth/signin#access_token=abc&token_type=Bearer');
    expect(await createBrowserHost({ entra: false }).acquireToken({})).toBe('abc');
    expect(window.location.hash).toBe('');
  });

  it('after sign-in, goes back to the page that asked for it', async () => {
    const answered = new Set<string>();
    const answer = (what: string, res: Response) => {
      answered.add(what);
      return res;
    };
    server.use(
      http.post('/auth/signin', () =>
        HttpResponse.json({ accessToken: fakeToken(USERS.marcos), scopes: [] }),
      ),
      http.get('/api/projects/:id', () =>
        answer('project', HttpResponse.json({ message: 'no' }, { status: 404 })),
      ),
      http.get('/api/projects/:id/kpis', () =>
        answer('kpis', HttpResponse.json({ message: 'no' }, { status: 404 })),
      ),
      http.get('/api/projects/:id/status-history', () => HttpResponse.json([])),
    );
    sessionStorage.setItem('portal.returnTo', '/project/3/home');
    window.history.replaceState(null, '', '/auth/signin#access_token=t');
    renderAt('/auth/signin');
    await waitFor(() => expect(document.title).toBe('Project Home | Project Portal'));
    expect(sessionStorage.getItem('portal.returnTo')).toBeNull();
    // the test ends when the project's screen is done: its page's requests (started by the navigation's prefetch
    // with the screen's code, which may arrive after the title under load) have been answered, so none of them
    // reaches the next test's handlers
    await waitFor(() => expect([...answered].sort()).toEqual(['kpis', 'project']));
  });
});

describe('sign-in in Teams (host mocked at its boundary)', () => {
  function teamsHost(acquireToken: Host['acquireToken']) {
    const notifyReady = vi.fn();
    const prev = getHost();
    setHost({ ...prev, kind: 'teams', acquireToken, notifyReady });
    return { notifyReady, restore: () => setHost(prev) };
  }

  it('consent required: a clear screen, Continue asks again interactively and signs in', async () => {
    const acquireToken = vi
      .fn<Host['acquireToken']>()
      .mockRejectedValueOnce(new SignInError('consent', 'resourceRequiresConsent'))
      .mockResolvedValueOnce('teams-sso-token');
    const t = teamsHost(acquireToken);
    let seen: string | null = null;
    server.use(
      http.post('/auth/signin', ({ request }) => {
        seen = request.headers.get('authorization');
        return HttpResponse.json({ accessToken: fakeToken(USERS.marcos), scopes: [] });
      }),
      http.get('/api/projects', () => HttpResponse.json([])),
      http.get('/master/practices', () => HttpResponse.json([])),
    );
    try {
      renderAt('/auth/signin');
      expect(
        await screen.findByRole('heading', { name: 'Project Portal needs your permission' }),
      ).toBeInTheDocument();
      // the host is told the tab is ready in an effect that may run just after this screen's first paint
      await waitFor(() => expect(t.notifyReady).toHaveBeenCalled());
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(document.title).toBe('Projects | Project Portal'));
      expect(acquireToken).toHaveBeenLastCalledWith({ loginHint: undefined, interactive: true });
      expect(seen).toBe('Bearer teams-sso-token');
    } finally {
      t.restore();
    }
  });

  it('a failure shows the reason and Try again; no blank tab, no redirect', async () => {
    const acquireToken = vi
      .fn<Host['acquireToken']>()
      .mockRejectedValue(new SignInError('failed', 'FailedToOpenWindow'));
    const t = teamsHost(acquireToken);
    try {
      renderAt('/auth/signin');
      expect(await screen.findByRole('heading', { name: 'We could not sign you in' })).toBeInTheDocument();
      expect(screen.getByText('FailedToOpenWindow')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(acquireToken).toHaveBeenCalledTimes(2));
      expect(await screen.findByRole('heading', { name: 'We could not sign you in' })).toBeInTheDocument();
    } finally {
      t.restore();
    }
  });

  it('a refused exchange: "Error on sign in" and the failure screen with a retry', async () => {
    const t = teamsHost(vi.fn(async () => 'sso'));
    server.use(
      http.post('/auth/signin', () => HttpResponse.json({ message: 'Unknown person' }, { status: 401 })),
    );
    try {
      renderAt('/auth/signin');
      expect(await screen.findByText('Error on sign in')).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(localStorage.getItem('portal.accessToken')).toBeNull();
    } finally {
      t.restore();
    }
  });
});

describe('identity-provider URLs (browser)', () => {
  it('authorize: token response, fragment mode, select-account prompt, one API scope, login_hint', () => {
    const url = new URL(
      buildAuthorizeUrl('http://localhost:53000', 'marcos.manager'),
      'http://localhost:53000',
    );
    expect(url.pathname).toBe('/dev-idp/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'portal',
      redirect_uri: 'http://localhost:53000/auth/signin',
      response_type: 'token',
      response_mode: 'fragment',
      prompt: 'select_account',
      scope: 'api://portal/access_as_user',
      login_hint: 'marcos.manager',
    });
  });
  it('logout: post-logout redirect to the portal', () => {
    const url = new URL(buildLogoutUrl('http://localhost:53000'), 'http://localhost:53000');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:53000/');
  });
});
