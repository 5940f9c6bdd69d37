import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../msw-server';
import { renderWithProviders, fakeToken, USERS } from '../render';
import { AppRoutes } from '@web/app/App';
import { SessionProvider } from '@web/api/session-context';
import { getHost, setHost, type Host } from '@web/host';
import { buildAuthorizeUrl, buildLogoutUrl } from '@web/host/browser';

const renderAt = (path: string) =>
  renderWithProviders(
    <SessionProvider>
      <AppRoutes />
    </SessionProvider>,
    { path },
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
    const signIn = vi.fn();
    const prev = getHost();
    setHost({ ...prev, signIn } as Host);
    window.history.replaceState(null, '', '/auth/signin?login_hint=alice.admin');
    try {
      renderAt('/auth/signin?login_hint=alice.admin');
      await waitFor(() => expect(signIn).toHaveBeenCalledWith('alice.admin'));
    } finally {
      setHost(prev);
    }
  });
});

describe('identity-provider URLs (browser)', () => {
  it('authorize: token response, fragment mode, select-account prompt, one API scope, login_hint', () => {
    const url = new URL(buildAuthorizeUrl('http://localhost:53000', 'marcos.manager'), 'http://localhost:53000');
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
