import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../msw-server';
import { PHOTO_REQUESTS_AT_ONCE, createBrowserHost, dataUrl } from '@web/host/browser';
import { GRAPH_BASE } from '@web/host/graph';
import type { Msal } from '@web/host/msal';

const account = {
  homeAccountId: 'h',
  environment: 'e',
  tenantId: 't',
  username: 'kim.knm@example.com',
  localAccountId: 'l',
};

function fakeMsal(redirectResult: unknown) {
  const c = {
    initialize: vi.fn(async () => {}),
    handleRedirectPromise: vi.fn(async () =>
      redirectResult instanceof Error ? Promise.reject(redirectResult) : redirectResult,
    ),
    loginRedirect: vi.fn(async () => {}),
    logoutRedirect: vi.fn(async () => {}),
    getActiveAccount: vi.fn(() => account),
    getAllAccounts: vi.fn(() => [account]),
    setActiveAccount: vi.fn(),
    acquireTokenSilent: vi.fn(async (r: { scopes: string[] }) => ({
      accessToken: `silent:${r.scopes.join(' ')}`,
      account,
    })),
    acquireTokenPopup: vi.fn(),
  };
  return { c, loadMsal: async () => c as unknown as Msal };
}

describe('browser host with Microsoft Entra ID (MSAL mocked at its boundary)', () => {
  it('without a redirect result, starts the MSAL redirect for the API scope with the login hint', async () => {
    const m = fakeMsal(null);
    const host = createBrowserHost({ entra: true, loadMsal: m.loadMsal });
    expect(await host.acquireToken({ loginHint: 'kim.knm@example.com' })).toBeUndefined();
    expect(m.c.initialize).toHaveBeenCalledTimes(1);
    expect(m.c.loginRedirect).toHaveBeenCalledWith({
      scopes: ['api://portal/access_as_user'],
      loginHint: 'kim.knm@example.com',
      prompt: 'select_account',
    });
  });

  it("back from Entra, the redirect's access token is the token to exchange", async () => {
    const m = fakeMsal({ accessToken: 'entra-token', account });
    const host = createBrowserHost({ entra: true, loadMsal: m.loadMsal });
    expect(await host.acquireToken({})).toBe('entra-token');
    expect(m.c.setActiveAccount).toHaveBeenCalledWith(account);
    expect(m.c.loginRedirect).not.toHaveBeenCalled();
  });

  it('an Entra error on the way back is a failed sign-in (a screen with a retry, no loop)', async () => {
    const m = fakeMsal(new Error('AADSTS50020: user account does not exist in tenant'));
    const host = createBrowserHost({ entra: true, loadMsal: m.loadMsal });
    await expect(host.acquireToken({})).rejects.toMatchObject({
      kind: 'failed',
      message: 'AADSTS50020: user account does not exist in tenant',
    });
  });

  it('signs out through MSAL (Entra logout)', async () => {
    const m = fakeMsal(null);
    const host = createBrowserHost({ entra: true, loadMsal: m.loadMsal });
    localStorage.setItem('portal.accessToken', 'x');
    host.signOut();
    await vi.waitFor(() => expect(m.c.logoutRedirect).toHaveBeenCalled());
    expect(localStorage.getItem('portal.accessToken')).toBeNull();
  });

  it('avatars come from Graph with the MSAL token for User.ReadBasic.All', async () => {
    let auth: string | null = null;
    server.use(
      http.post(`${GRAPH_BASE}/$batch`, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ responses: [{ id: '0', status: 404, headers: {}, body: {} }] });
      }),
    );
    const m = fakeMsal(null);
    localStorage.setItem('portal.accessToken', 'portal');
    const host = createBrowserHost({ entra: true, loadMsal: m.loadMsal });
    expect(await host.resolvePhoto({ name: 'Kim', email: 'kim.knm@example.com' })).toBeUndefined();
    expect(auth).toBe('Bearer silent:User.ReadBasic.All');
  });

  it('without Entra, avatars come from the portal photo endpoint (by login) with the portal token', async () => {
    let auth: string | null = null;
    server.use(
      http.get('/photos/by-login/:login', ({ request, params }) => {
        auth = request.headers.get('authorization');
        return params.login === 'ida.member'
          ? new HttpResponse(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png' } })
          : new HttpResponse(null, { status: 404 });
      }),
    );
    localStorage.setItem('portal.accessToken', 'portal-token');
    const created = vi.spyOn(URL, 'createObjectURL');
    const host = createBrowserHost({ entra: false });
    // the photo's bytes as a data: URL (no blob: URL to register in the browser process or to release)
    expect(await host.resolvePhoto({ name: 'Ida', login: 'ida.member' })).toBe('data:image/png;base64,AQID');
    expect(await host.resolvePhoto({ name: 'Nobody', login: 'no.body' })).toBeUndefined();
    expect(auth).toBe('Bearer portal-token');
    expect(created).not.toHaveBeenCalled();
    created.mockRestore();
  });

  it('asks for photos two at a time: a page of avatars leaves connections for the data a click needs', async () => {
    let inFlight = 0;
    let most = 0;
    server.use(
      http.get('/photos/by-login/:login', async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 20));
        inFlight -= 1;
        return new HttpResponse(new Uint8Array([1]), { headers: { 'content-type': 'image/png' } });
      }),
    );
    localStorage.setItem('portal.accessToken', 'portal-token');
    const host = createBrowserHost({ entra: false });
    const people = Array.from({ length: 8 }, (_, i) => ({ name: `P${i}`, login: `queue.p${i}` }));
    const urls = await Promise.all(people.map((p) => host.resolvePhoto(p)));
    expect(urls).toEqual(people.map(() => 'data:image/png;base64,AQ=='));
    expect(most).toBe(PHOTO_REQUESTS_AT_ONCE);
  });
});

describe('dataUrl', () => {
  it('encodes any bytes as base64, a photo larger than one chunk included', () => {
    expect(dataUrl('image/svg+xml', new ArrayBuffer(0))).toBe('data:image/svg+xml;base64,');
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7919) % 256);
    const url = dataUrl('image/jpeg', bytes.buffer);
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    const decoded = Uint8Array.from(atob(url.slice('data:image/jpeg;base64,'.length)), (c) =>
      c.charCodeAt(0),
    );
    expect(decoded).toEqual(bytes);
  });
});
