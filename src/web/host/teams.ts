import type * as TeamsJs from '@microsoft/teams-js';
import { authConfig, SIGN_IN_PAGE, teamsConfig } from '@web/api/config';
import { clearSession } from '@web/api/session';
import { downloadLink } from '@web/api/client';
import { resolvePhotoWithToken } from './browser';
import { buildDeepLink, chatDeepLink, pinnedProjectId, portalPathFrom } from '@domain/rules/deep-link';
import { initializeWithTimeout, teamsTheme } from './detect';
import { createGraphPhotoResolver, GRAPH_PHOTO_SCOPES } from './graph';
import { needsInteraction, type Msal } from './msal';
import { SignInError, type FrameContext, type Host, type TabSettings, type ThemeName } from './types';

/** The parts of `@microsoft/teams-js` the portal uses (tests pass a fake of this shape). */
export type TeamsSdk = {
  app: Pick<
    typeof TeamsJs.app,
    | 'initialize'
    | 'getContext'
    | 'notifyAppLoaded'
    | 'notifySuccess'
    | 'notifyFailure'
    | 'registerOnThemeChangeHandler'
    | 'openLink'
    | 'FailedReason'
  >;
  authentication: Pick<typeof TeamsJs.authentication, 'getAuthToken'>;
  nestedAppAuth: Pick<typeof TeamsJs.nestedAppAuth, 'isNAAChannelRecommended'>;
  chat: Pick<typeof TeamsJs.chat, 'openChat' | 'isSupported'>;
  pages: {
    config: Pick<typeof TeamsJs.pages.config, 'registerOnSaveHandler' | 'setValidityState' | 'setConfig'>;
  };
  meeting: Pick<typeof TeamsJs.meeting, 'shareAppContentToStage'>;
};

type LoadMsal = (tenantId: string | undefined) => Promise<Msal>;

/** Teams SSO error texts that a consent (Teams' own prompt on a user's retry) can fix. */
const CONSENT =
  /resourceRequiresConsent|consent_required|interaction_required|invalid_grant|AADSTS65001|AADSTS65004/i;

/** Absolute URL for `app.openLink` (portal paths become deep links into the app, or portal URLs). */
function absolute(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  return new URL(url, window.location.origin).toString();
}

/** teams-js error codes (`ErrorCode`) a person can act on when sharing to the stage. */
const STAGE_ERRORS: Record<number, string> = {
  501: 'Sharing to the stage works only in a meeting.',
  1000: 'You are not allowed to share to the stage of this meeting.',
  5000: 'You are not allowed to share to the stage of this meeting.',
};

/**
 * Shares `path` to the meeting stage (`meeting.shareAppContentToStage`); the stage loads it as a Teams content
 * URL (`inTeams=1`). Rejects with a sentence for the person when Teams refuses or cannot.
 */
function shareToStage(sdk: TeamsSdk, path: string): Promise<void> {
  const url = new URL(path, window.location.origin);
  url.searchParams.set('inTeams', '1');
  return new Promise<void>((resolve, reject) => {
    const refuse = (code?: number) =>
      reject(
        new Error((code !== undefined && STAGE_ERRORS[code]) || 'Teams could not share it to the stage.'),
      );
    try {
      sdk.meeting.shareAppContentToStage((error, result) => {
        if (error) refuse(error.errorCode);
        else if (!result) refuse();
        else resolve();
      }, url.toString());
    } catch {
      // teams-js throws at once outside a meeting's side panel or stage
      refuse(501);
    }
  });
}

/**
 * Connects to Microsoft Teams: `app.initialize()` raced against `timeoutMs` (outside Teams it never answers),
 * then the context (theme, deep-linked subPageId, the frame context, the channel or meeting tab's project).
 * Resolves undefined when Teams did not answer, so the caller keeps the browser host.
 */
export async function connectTeams(
  sdk: TeamsSdk,
  opts: { timeoutMs?: number; loadMsal?: LoadMsal } = {},
): Promise<Host | undefined> {
  const ready = await initializeWithTimeout(() => sdk.app.initialize(), opts.timeoutMs ?? 3000);
  if (!ready) return undefined;
  sdk.app.notifyAppLoaded();
  const ctx = await sdk.app.getContext();
  const load: LoadMsal =
    opts.loadMsal ?? (async (tenantId) => (await import('./msal')).loadMsal('nestable', tenantId));

  let theme: ThemeName = teamsTheme(ctx.app.theme);
  const listeners = new Set<(t: ThemeName) => void>();
  sdk.app.registerOnThemeChangeHandler((name) => {
    theme = teamsTheme(name);
    for (const fn of listeners) fn(theme);
  });

  const tenantId = ctx.user?.tenant?.id;
  const loginHint = ctx.user?.loginHint ?? ctx.user?.userPrincipalName;
  const naa = (() => {
    try {
      return sdk.nestedAppAuth.isNAAChannelRecommended();
    } catch {
      return false;
    }
  })();
  let pca: Promise<Msal> | undefined;
  const nestable = () =>
    (pca ??= load(tenantId).then(async (c) => {
      await c.initialize();
      return c;
    }));

  /** A token for `scopes` through nested app authentication; silent unless `interactive`. */
  async function naaToken(scopes: string[], interactive: boolean): Promise<string> {
    const client = await nestable();
    const account = client.getActiveAccount() ?? client.getAllAccounts()[0];
    try {
      const r = await client.acquireTokenSilent(
        account ? { scopes, account } : ({ scopes, loginHint } as Parameters<Msal['acquireTokenSilent']>[0]),
      );
      if (r.account) client.setActiveAccount(r.account);
      return r.accessToken;
    } catch (err) {
      if (!needsInteraction(err)) throw err;
      if (!interactive) throw new SignInError('consent', 'Project Portal needs your consent to sign you in.');
      const r = await client.acquireTokenPopup({ scopes, loginHint });
      if (r.account) client.setActiveAccount(r.account);
      return r.accessToken;
    }
  }

  const page = ctx.page;
  const frameContext = page.frameContext as FrameContext | undefined;
  const inMeeting = Boolean(ctx.meeting?.id);
  const inChannelChatOrMeeting = Boolean(
    ctx.channel?.id || ctx.chat?.id || ctx.team?.internalId || inMeeting,
  );
  // a configurable tab — in a channel, a chat or a meeting (its tabs, side panel and stage) — shows its project
  const meetingSurface = frameContext === 'sidePanel' || frameContext === 'meetingStage';
  const scopedProjectId =
    (frameContext === 'content' && inChannelChatOrMeeting) || meetingSurface
      ? pinnedProjectId(page.id, window.location.pathname)
      : undefined;

  const graphPhotos = naa
    ? createGraphPhotoResolver({
        getToken: async () => {
          try {
            return await naaToken(GRAPH_PHOTO_SCOPES, false);
          } catch {
            return undefined;
          }
        },
        fallback: resolvePhotoWithToken,
      })
    : undefined;

  // the Teams app id: from the build, else from the context
  const appId = teamsConfig.appId ?? ctx.app.appId?.toString();
  let notified = false;
  const host: Host = {
    kind: 'teams',
    scopedProjectId,
    userHint: loginHint,
    initialPath: portalPathFrom(page.subPageId),
    frameContext,
    shareToStage: frameContext === 'sidePanel' ? (path) => shareToStage(sdk, path) : undefined,
    async acquireToken({ interactive = false }) {
      if (naa) {
        try {
          return await naaToken([authConfig.scope], interactive);
        } catch (err) {
          if (err instanceof SignInError) throw err;
          throw new SignInError(
            needsInteraction(err) ? 'consent' : 'failed',
            err instanceof Error ? err.message : String(err),
          );
        }
      }
      try {
        return await sdk.authentication.getAuthToken({ silent: !interactive });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        throw new SignInError(CONSENT.test(message) ? 'consent' : 'failed', message);
      }
    },
    signOut() {
      // Teams keeps the user signed in: the next load signs in again through SSO.
      clearSession();
      window.location.assign(SIGN_IN_PAGE);
    },
    openLink(url) {
      const isPortalPath = url.startsWith('/') && !url.startsWith('//');
      void sdk.app.openLink(isPortalPath && appId ? host.deepLink(url) : absolute(url)).catch(() => {
        window.open(absolute(url), '_blank', 'noopener,noreferrer');
      });
    },
    async download(path) {
      // the tab cannot hand a blob to the desktop: the system browser opens a link that needs no headers
      const url = await downloadLink(path);
      await sdk.app.openLink(url);
      return url;
    },
    chatUrl: chatDeepLink,
    openChat(email) {
      if (sdk.chat.isSupported()) {
        void sdk.chat.openChat({ user: email }).catch(() => sdk.app.openLink(chatDeepLink(email)));
      } else {
        void sdk.app.openLink(chatDeepLink(email));
      }
    },
    resolvePhoto: graphPhotos ?? resolvePhotoWithToken,
    deepLink(path) {
      return buildDeepLink({ origin: window.location.origin, path, teamsAppId: appId });
    },
    theme: () => theme,
    onThemeChange(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    tabConfig:
      page.frameContext === 'settings'
        ? {
            currentProjectId: pinnedProjectId(page.id, ''),
            inMeeting,
            setValid(valid) {
              sdk.pages.config.setValidityState(valid);
            },
            onSave(settings) {
              sdk.pages.config.registerOnSaveHandler((event) => {
                const s: TabSettings | undefined = settings();
                if (!s) {
                  event.notifyFailure('Pick a project first.');
                  return;
                }
                sdk.pages.config.setConfig(s).then(
                  () => event.notifySuccess(),
                  (err: unknown) => event.notifyFailure(err instanceof Error ? err.message : String(err)),
                );
              });
            },
          }
        : undefined,
    notifyReady() {
      if (notified) return;
      notified = true;
      void sdk.app.notifySuccess();
    },
  };
  return host;
}

/** Loads the Teams SDK (only when the content URL says we are in Teams). */
export async function loadTeamsSdk(): Promise<TeamsSdk> {
  return (await import('@microsoft/teams-js')) as unknown as TeamsSdk;
}
