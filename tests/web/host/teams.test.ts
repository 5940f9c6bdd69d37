import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../msw-server';
import { connectTeams, type TeamsSdk } from '@web/host/teams';
import { SignInError } from '@web/host';
import { GRAPH_BASE } from '@web/host/graph';
import type { Msal } from '@web/host/msal';

/** A fake of the teams-js surface the portal uses: the SDK mocked at its boundary. */
function fakeSdk(
  opts: {
    context?: Record<string, unknown>;
    naa?: boolean;
    chat?: boolean;
    initialize?: () => Promise<void>;
    authToken?: () => Promise<string>;
  } = {},
) {
  let themeHandler: ((t: string) => void) | undefined;
  let saveHandler: ((e: { notifySuccess(): void; notifyFailure(r?: string): void }) => void) | undefined;
  const sdk = {
    app: {
      initialize: vi.fn(opts.initialize ?? (async () => {})),
      getContext: vi.fn(async () => ({
        app: { theme: 'default', host: { clientType: 'web' } },
        page: { id: 'projects', frameContext: 'content' },
        user: { loginHint: 'ida.member@example.com', tenant: { id: 'tid-1' } },
        ...opts.context,
      })),
      notifyAppLoaded: vi.fn(),
      notifySuccess: vi.fn(async () => ({ hasFinishedSuccessfully: true })),
      notifyFailure: vi.fn(),
      registerOnThemeChangeHandler: vi.fn((h: (t: string) => void) => {
        themeHandler = h;
      }),
      openLink: vi.fn(async () => {}),
      FailedReason: { Other: 'Other' },
    },
    authentication: { getAuthToken: vi.fn(opts.authToken ?? (async () => 'sso-token')) },
    nestedAppAuth: { isNAAChannelRecommended: vi.fn(() => opts.naa ?? false) },
    chat: { openChat: vi.fn(async () => {}), isSupported: vi.fn(() => opts.chat ?? true) },
    pages: {
      config: {
        registerOnSaveHandler: vi.fn((h: typeof saveHandler) => {
          saveHandler = h;
        }),
        setValidityState: vi.fn(),
        setConfig: vi.fn(async () => {}),
      },
    },
  };
  return {
    sdk,
    asSdk: sdk as unknown as TeamsSdk,
    theme: (t: string) => themeHandler?.(t),
    save: () => {
      const e = { notifySuccess: vi.fn(), notifyFailure: vi.fn() };
      saveHandler?.(e);
      return e;
    },
  };
}

/** A fake nestable MSAL client. */
function fakeMsal(silent: (scopes: string[]) => Promise<string>) {
  const account = {
    homeAccountId: 'h',
    environment: 'e',
    tenantId: 'tid-1',
    username: 'ida.member@example.com',
    localAccountId: 'l',
  };
  const c = {
    initialize: vi.fn(async () => {}),
    getActiveAccount: vi.fn(() => null),
    getAllAccounts: vi.fn(() => [account]),
    setActiveAccount: vi.fn(),
    acquireTokenSilent: vi.fn(async (r: { scopes: string[] }) => ({
      accessToken: await silent(r.scopes),
      account,
    })),
    acquireTokenPopup: vi.fn(async (r: { scopes: string[] }) => ({
      accessToken: `popup:${r.scopes[0]}`,
      account,
    })),
    handleRedirectPromise: vi.fn(),
    loginRedirect: vi.fn(),
    logoutRedirect: vi.fn(),
  };
  return { client: c, load: vi.fn(async () => c as unknown as Msal) };
}

describe('connecting to Teams', () => {
  it('is undefined when app.initialize does not answer in time (not in Teams)', async () => {
    const f = fakeSdk({ initialize: () => new Promise(() => {}) });
    expect(await connectTeams(f.asSdk, { timeoutMs: 30 })).toBeUndefined();
    expect(f.sdk.app.notifyAppLoaded).not.toHaveBeenCalled();
  });

  it('tells Teams the app loaded, then succeeded once the first screen shows (once)', async () => {
    const f = fakeSdk();
    const host = (await connectTeams(f.asSdk))!;
    expect(host.kind).toBe('teams');
    expect(f.sdk.app.notifyAppLoaded).toHaveBeenCalledTimes(1);
    expect(f.sdk.app.notifySuccess).not.toHaveBeenCalled();
    host.notifyReady();
    host.notifyReady();
    expect(f.sdk.app.notifySuccess).toHaveBeenCalledTimes(1);
  });

  it("follows Teams' theme and its change handler", async () => {
    const f = fakeSdk({ context: { app: { theme: 'dark' } } });
    const host = (await connectTeams(f.asSdk))!;
    expect(host.theme()).toBe('dark');
    const seen: string[] = [];
    const off = host.onThemeChange((t) => seen.push(t));
    f.theme('contrast');
    f.theme('default');
    off();
    f.theme('dark');
    expect(seen).toEqual(['contrast', 'light']);
    expect(host.theme()).toBe('dark');
  });

  it('a deep link opens its subPageId; only same-site paths', async () => {
    expect(
      (await connectTeams(
        fakeSdk({
          context: {
            page: { id: 'projects', frameContext: 'content', subPageId: '/project/5/during/one-page' },
          },
        }).asSdk,
      ))!.initialPath,
    ).toBe('/project/5/during/one-page');
    expect(
      (await connectTeams(
        fakeSdk({
          context: {
            page: { id: 'projects', frameContext: 'content', subPageId: 'https://evil.example.com' },
          },
        }).asSdk,
      ))!.initialPath,
    ).toBeUndefined();
  });

  it('a channel tab is scoped to its project (entity id, else the content URL path); the personal tab is not', async () => {
    const channel = { page: { id: 'project-5', frameContext: 'content' }, channel: { id: '19:abc' } };
    expect((await connectTeams(fakeSdk({ context: channel }).asSdk))!.scopedProjectId).toBe(5);
    window.history.replaceState(null, '', '/project/8/home?inTeams=1');
    const noEntity = { page: { id: 'other', frameContext: 'content' }, chat: { id: '19:chat' } };
    expect((await connectTeams(fakeSdk({ context: noEntity }).asSdk))!.scopedProjectId).toBe(8);
    expect((await connectTeams(fakeSdk().asSdk))!.scopedProjectId).toBeUndefined();
    window.history.replaceState(null, '', '/');
  });
});

describe('sign-in in Teams', () => {
  it('without nested app auth: authentication.getAuthToken, silent first, interactive on retry', async () => {
    const f = fakeSdk();
    const host = (await connectTeams(f.asSdk))!;
    expect(await host.acquireToken({})).toBe('sso-token');
    expect(f.sdk.authentication.getAuthToken).toHaveBeenLastCalledWith({ silent: true });
    await host.acquireToken({ interactive: true });
    expect(f.sdk.authentication.getAuthToken).toHaveBeenLastCalledWith({ silent: false });
  });

  it.each([
    ['resourceRequiresConsent', 'consent'],
    ['AADSTS65001: The user has not consented', 'consent'],
    ['FailedToOpenWindow', 'failed'],
    ['CancelledByUser', 'failed'],
  ])('getAuthToken error "%s" → %s', async (message, kind) => {
    const f = fakeSdk({ authToken: async () => Promise.reject(new Error(message)) });
    const host = (await connectTeams(f.asSdk))!;
    const err = await host.acquireToken({}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SignInError);
    expect(err).toMatchObject({ kind, message });
  });

  it('with nested app auth: MSAL nestable client for the tenant, silent token for the API scope', async () => {
    const f = fakeSdk({ naa: true });
    const m = fakeMsal(async (scopes) => `naa:${scopes.join(' ')}`);
    const host = (await connectTeams(f.asSdk, { loadMsal: m.load }))!;
    expect(await host.acquireToken({})).toBe('naa:api://portal/access_as_user');
    expect(m.load).toHaveBeenCalledWith('tid-1');
    expect(f.sdk.authentication.getAuthToken).not.toHaveBeenCalled();
  });

  it('with nested app auth: consent needed → consent state; the retry (a click) opens the popup', async () => {
    const f = fakeSdk({ naa: true });
    const m = fakeMsal(async () => {
      throw Object.assign(new Error('consent_required'), {
        name: 'InteractionRequiredAuthError',
        errorCode: 'consent_required',
      });
    });
    const host = (await connectTeams(f.asSdk, { loadMsal: m.load }))!;
    await expect(host.acquireToken({})).rejects.toMatchObject({ kind: 'consent' });
    expect(m.client.acquireTokenPopup).not.toHaveBeenCalled();
    expect(await host.acquireToken({ interactive: true })).toBe('popup:api://portal/access_as_user');
  });

  it('with nested app auth: other errors → failed', async () => {
    const f = fakeSdk({ naa: true });
    const m = fakeMsal(async () => {
      throw Object.assign(new Error('network_error'), { errorCode: 'network_error' });
    });
    const host = (await connectTeams(f.asSdk, { loadMsal: m.load }))!;
    await expect(host.acquireToken({ interactive: true })).rejects.toMatchObject({
      kind: 'failed',
      message: 'network_error',
    });
  });
});

describe('photos, chats and links in Teams', () => {
  it('with nested app auth, avatars come from Graph with its token ($batch)', async () => {
    let auth: string | null = null;
    server.use(
      http.post(`${GRAPH_BASE}/$batch`, async ({ request }) => {
        auth = request.headers.get('authorization');
        const body = (await request.json()) as { requests: { id: string }[] };
        return HttpResponse.json({
          responses: body.requests.map((r) => ({
            id: r.id,
            status: 200,
            headers: { 'Content-Type': 'image/png' },
            body: 'AAAA',
          })),
        });
      }),
    );
    const f = fakeSdk({ naa: true });
    const m = fakeMsal(async (scopes) => `graph:${scopes.join(' ')}`);
    const host = (await connectTeams(f.asSdk, { loadMsal: m.load }))!;
    expect(await host.resolvePhoto({ name: 'Ida', email: 'ida.member@example.com' })).toBe(
      'data:image/png;base64,AAAA',
    );
    expect(auth).toBe('Bearer graph:User.ReadBasic.All');
  });

  it('an avatar opens a chat with chat.openChat; without chat support, the chat deep link', async () => {
    const f = fakeSdk();
    (await connectTeams(f.asSdk))!.openChat('ida.member@example.com');
    expect(f.sdk.chat.openChat).toHaveBeenCalledWith({ user: 'ida.member@example.com' });
    const g = fakeSdk({ chat: false });
    (await connectTeams(g.asSdk))!.openChat('ida.member@example.com');
    expect(g.sdk.app.openLink).toHaveBeenCalledWith(
      'https://teams.microsoft.com/l/chat/0/0?users=ida.member%40example.com',
    );
  });

  it('links that leave the app go through app.openLink (mailto, absolute and portal URLs)', async () => {
    const f = fakeSdk();
    const host = (await connectTeams(f.asSdk))!;
    host.openLink('mailto:support@example.com');
    host.openLink('https://www.youtube.com/watch?v=1');
    host.openLink('/project/3/during/dashboard-archive');
    expect(f.sdk.app.openLink.mock.calls.map((c) => (c as unknown[])[0])).toEqual([
      'mailto:support@example.com',
      'https://www.youtube.com/watch?v=1',
      `${window.location.origin}/project/3/during/dashboard-archive`,
    ]);
  });
});

describe('files in Teams', () => {
  it('a PDF opens outside the tab through app.openLink with a short-lived download link', async () => {
    let body: unknown;
    server.use(
      http.post('/auth/download-link', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          url: '/api/support/documents/ambience?access=tok',
          expiresAt: '2026-11-23T10:05:00Z',
        });
      }),
    );
    const f = fakeSdk();
    const host = (await connectTeams(f.asSdk))!;
    const url = await host.download('/api/support/documents/ambience', 'Ambience.pdf');
    expect(body).toEqual({ path: '/api/support/documents/ambience' });
    expect(url).toBe(`${window.location.origin}/api/support/documents/ambience?access=tok`);
    expect(f.sdk.app.openLink).toHaveBeenCalledWith(url);
  });
});

describe('deep links in Teams', () => {
  it("use the app id from Teams' context; a portal path opened from a grid opens inside Teams", async () => {
    const f = fakeSdk({ context: { app: { theme: 'default', appId: { toString: () => 'app-42' } } } });
    const host = (await connectTeams(f.asSdk))!;
    const link = new URL(host.deepLink('/project/3/home'));
    expect(link.pathname).toBe('/l/entity/app-42/projects');
    expect(JSON.parse(link.searchParams.get('context')!)).toEqual({ subEntityId: '/project/3/home' });
    host.openLink('/project/3/during/dashboard-archive');
    expect(
      new URL((f.sdk.app.openLink.mock.calls[0] as unknown[])[0] as string).searchParams.get('webUrl'),
    ).toBe(`${window.location.origin}/project/3/during/dashboard-archive`);
  });
});

describe('the channel tab configuration handshake', () => {
  it('only in the settings frame: validity follows the pick; Save stores the settings and tells Teams', async () => {
    expect((await connectTeams(fakeSdk().asSdk))!.tabConfig).toBeUndefined();
    const f = fakeSdk({ context: { page: { id: '', frameContext: 'settings' }, channel: { id: '19:abc' } } });
    const host = (await connectTeams(f.asSdk))!;
    expect(host.tabConfig!.currentProjectId).toBeUndefined();
    const again = (await connectTeams(
      fakeSdk({ context: { page: { id: 'project-7', frameContext: 'settings' }, channel: { id: '19:abc' } } })
        .asSdk,
    ))!;
    expect(again.tabConfig!.currentProjectId).toBe(7);
    const picked: { id?: number } = {};
    host.tabConfig!.onSave(() =>
      picked.id
        ? { entityId: `project-${picked.id}`, contentUrl: 'c', websiteUrl: 'w', suggestedDisplayName: 'P' }
        : undefined,
    );
    host.tabConfig!.setValid(false);
    expect(f.sdk.pages.config.setValidityState).toHaveBeenLastCalledWith(false);
    const early = f.save();
    expect(early.notifyFailure).toHaveBeenCalledWith('Pick a project first.');
    picked.id = 4;
    host.tabConfig!.setValid(true);
    const e = f.save();
    await vi.waitFor(() => expect(e.notifySuccess).toHaveBeenCalled());
    expect(f.sdk.pages.config.setConfig).toHaveBeenCalledWith({
      entityId: 'project-4',
      contentUrl: 'c',
      websiteUrl: 'w',
      suggestedDisplayName: 'P',
    });
  });
});

describe('meetings: the frame context and sharing to the stage', () => {
  const meeting = { meeting: { id: 'meeting-1' }, chat: { id: '19:meeting_chat' } };
  /** The fake with teams-js `meeting.shareAppContentToStage` answering `answer` (or throwing `thrown`). */
  function withStage(
    f: ReturnType<typeof fakeSdk>,
    answer: [{ errorCode: number; message?: string } | null, boolean | null],
    thrown?: Error,
  ) {
    const shareAppContentToStage = vi.fn(
      (callback: (error: { errorCode: number } | null, result: boolean | null) => void, _url: string) => {
        if (thrown) throw thrown;
        callback(...answer);
      },
    );
    Object.assign(f.sdk, { meeting: { shareAppContentToStage } });
    return shareAppContentToStage;
  }

  it('reports the frame context; the side panel and the stage are scoped to the tab’s project', async () => {
    const panel = (await connectTeams(
      fakeSdk({ context: { page: { id: 'project-4', frameContext: 'sidePanel' }, ...meeting } }).asSdk,
    ))!;
    expect(panel.frameContext).toBe('sidePanel');
    expect(panel.scopedProjectId).toBe(4);
    // shared to the stage: the entity id, else the stage URL's path names the project
    window.history.replaceState(null, '', '/project/6/session/stage?inTeams=1');
    const stage = (await connectTeams(
      fakeSdk({ context: { page: { id: '', frameContext: 'meetingStage' }, ...meeting } }).asSdk,
    ))!;
    expect(stage.frameContext).toBe('meetingStage');
    expect(stage.scopedProjectId).toBe(6);
    window.history.replaceState(null, '', '/');
    // the meeting's chat and details tabs (content) are scoped like a channel tab
    const tab = (await connectTeams(
      fakeSdk({ context: { page: { id: 'project-4', frameContext: 'content' }, meeting: { id: 'm' } } })
        .asSdk,
    ))!;
    expect(tab.frameContext).toBe('content');
    expect(tab.scopedProjectId).toBe(4);
    expect(tab.shareToStage).toBeUndefined();
  });

  it('the configuration page knows it is adding the tab to a meeting', async () => {
    const inMeeting = (await connectTeams(
      fakeSdk({ context: { page: { id: '', frameContext: 'settings' }, ...meeting } }).asSdk,
    ))!;
    expect(inMeeting.frameContext).toBe('settings');
    expect(inMeeting.tabConfig!.inMeeting).toBe(true);
    const inChannel = (await connectTeams(
      fakeSdk({ context: { page: { id: '', frameContext: 'settings' }, channel: { id: '19:abc' } } }).asSdk,
    ))!;
    expect(inChannel.tabConfig!.inMeeting).toBe(false);
  });

  it('shareToStage (side panel only) shares the page as a Teams content URL through meeting.shareAppContentToStage', async () => {
    const f = fakeSdk({ context: { page: { id: 'project-4', frameContext: 'sidePanel' }, ...meeting } });
    const share = withStage(f, [null, true]);
    const host = (await connectTeams(f.asSdk))!;
    await expect(host.shareToStage!('/project/4/session/stage')).resolves.toBeUndefined();
    expect(share).toHaveBeenCalledTimes(1);
    expect(share.mock.calls[0]![1]).toBe(`${window.location.origin}/project/4/session/stage?inTeams=1`);
    const stage = (await connectTeams(
      fakeSdk({ context: { page: { id: 'project-4', frameContext: 'meetingStage' }, ...meeting } }).asSdk,
    ))!;
    expect(stage.shareToStage).toBeUndefined();
  });

  it.each([
    [{ errorCode: 1000 }, 'You are not allowed to share to the stage of this meeting.'],
    [{ errorCode: 501 }, 'Sharing to the stage works only in a meeting.'],
    [{ errorCode: 500, message: 'internal' }, 'Teams could not share it to the stage.'],
  ])('a refusal (%o) rejects with a sentence for the person', async (error, message) => {
    const f = fakeSdk({ context: { page: { id: 'project-4', frameContext: 'sidePanel' }, ...meeting } });
    withStage(f, [error, null]);
    const host = (await connectTeams(f.asSdk))!;
    await expect(host.shareToStage!('/project/4/session/stage')).rejects.toThrow(message);
  });

  it('teams-js refusing the call outside a meeting surface, or no result, rejects too', async () => {
    const f = fakeSdk({ context: { page: { id: 'project-4', frameContext: 'sidePanel' }, ...meeting } });
    withStage(f, [null, null], new Error('This call is only allowed in following contexts: ["sidePanel"]'));
    const host = (await connectTeams(f.asSdk))!;
    await expect(host.shareToStage!('/project/4/session/stage')).rejects.toThrow(
      'Sharing to the stage works only in a meeting.',
    );
    const g = fakeSdk({ context: { page: { id: 'project-4', frameContext: 'sidePanel' }, ...meeting } });
    withStage(g, [null, false]);
    await expect((await connectTeams(g.asSdk))!.shareToStage!('/p')).rejects.toThrow(
      'Teams could not share it to the stage.',
    );
  });
});
