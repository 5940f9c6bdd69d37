import type { Page, BrowserContext, FrameLocator } from '@playwright/test';

/**
 * A small stand-in for the Teams client: a page that frames the portal and answers the teams-js
 * message protocol (postMessage `{ id, uuidAsString, func, args }` → `{ id, uuidAsString, args }`), so the
 * in-Teams code path runs with the unmodified SDK. It answers `initialize` (frame context, client type,
 * SDK version, runtime config), `getContext` (a Teams context with subEntityId, entity id, channel, meeting and
 * its chat, theme, user), `authentication.getAuthToken` (the token it was given), `executeDeepLink`,
 * `settings.setSettings`, `meeting.shareAppContentToStage` (recorded; refused with `shareError`), and
 * answers MSAL's nested-app-auth bridge (`nestedAppAuth.execute`: GetInitContext, GetToken, GetTokenPopup) when
 * `naa` is set, records every call; `window.__teams.send(func, args)` sends host events (theme change, settings save).
 * The frame context may be a meeting's `sidePanel` or `meetingStage`.
 * It is served by the test (page.route) on the portal's origin, never by the portal.
 */
const HOST_HTML = String.raw`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Teams test host</title>
<style>body{margin:0;font-family:system-ui}header{padding:4px 8px;background:#464775;color:#fff}iframe{border:0;width:100vw;height:calc(100vh - 28px)}</style></head>
<body><header>Teams test host</header><iframe id="app" title="Project Portal tab"></iframe>
<script>
const q = new URLSearchParams(location.search);
const cfg = JSON.parse(q.get('cfg'));
const frame = document.getElementById('app');
const state = { calls: [], settings: [], links: [], naa: [], stage: [], theme: cfg.theme || 'default' };
window.__teams = state;
const runtime = {
  apiVersion: 4,
  hostVersionsInfo: { adaptiveCardSchemaVersion: { majorVersion: 1, minorVersion: 5 } },
  isNAAChannelRecommended: !!cfg.naa,
  isLegacyTeams: false,
  supports: {
    app: {}, appEntity: {}, appInstallDialog: {}, authentication: {}, chat: {}, dialog: { card: {}, url: {}, update: {} },
    pages: { appButton: {}, backStack: {}, config: {}, currentApp: {}, fullTrust: {}, tabs: {} },
    meeting: {}, permissions: {}, profile: {}, sharing: {}, teamsCore: {}, teams: { fullTrust: {} },
    ...(cfg.naa ? { nestedAppAuth: {} } : {}),
  },
};
const b64url = (o) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const oid = '00000000-0000-0000-0000-0000000000aa', tid = '00000000-0000-0000-0000-0000000000bb';
const account = { homeAccountId: oid + '.' + tid, environment: 'login.microsoftonline.com', tenantId: tid, username: cfg.upn, localAccountId: oid, name: cfg.upn };
/** Answers MSAL's nested-app-auth bridge (the JSON envelopes teams-js relays as nestedAppAuth.execute). */
function naa(req) {
  state.naa.push(req.method + (req.tokenParams ? ' ' + req.tokenParams.scope : ''));
  const base = { messageType: 'NestedAppAuthResponse', requestId: req.requestId, success: true };
  if (req.method === 'GetInitContext') return { ...base, initContext: { sdkName: 'e2e-host', sdkVersion: '1.0', capabilities: { queryAccount: false }, accountContext: { homeAccountId: account.homeAccountId, environment: account.environment, tenantId: tid } } };
  const scope = (req.tokenParams && req.tokenParams.scope) || '';
  const now = Math.floor(Date.now() / 1000);
  const idToken = b64url({ alg: 'none', typ: 'JWT' }) + '.' + b64url({ aud: 'portal', iss: 'https://login.microsoftonline.com/' + tid + '/v2.0', iat: now, nbf: now, exp: now + 3600, oid, tid, sub: oid, name: cfg.upn, preferred_username: cfg.upn }) + '.sig';
  const access = /User\.ReadBasic\.All/.test(scope) ? 'graph-token-e2e' : cfg.token;
  return { ...base, token: { access_token: access, expires_in: 3600, id_token: idToken, scope, token_type: 'Bearer' }, account };
}
function context() {
  return {
    locale: 'en-us', theme: state.theme, frameContext: cfg.frameContext, hostClientType: 'web', hostName: 'Teams',
    entityId: cfg.entityId, subEntityId: cfg.subEntityId, channelId: cfg.channelId, teamId: cfg.channelId ? '19:team' : undefined,
    meetingId: cfg.meetingId || undefined, chatId: cfg.chatId || undefined,
    userPrincipalName: cfg.upn, loginHint: cfg.upn, userObjectId: '00000000-0000-0000-0000-0000000000aa', tid: '00000000-0000-0000-0000-0000000000bb',
    appSessionId: 'e2e-session',
  };
}
window.addEventListener('message', (e) => {
  if (e.source !== frame.contentWindow) return;
  const m = e.data;
  if (!m || typeof m.func !== 'string') return;
  state.calls.push(m.func);
  const reply = (args) => frame.contentWindow.postMessage({ id: m.id, uuidAsString: m.uuidAsString, args }, '*');
  switch (m.func) {
    // current hosts answer [frame context, client type, supported SDK version, runtime config] (teams-js
    // reads the nested-app-auth support from the fourth)
    case 'initialize': return reply([cfg.frameContext, 'web', '2.58.0', JSON.stringify(runtime)]);
    case 'getContext': return reply([context()]);
    case 'authentication.getAuthToken': return cfg.token ? reply([true, cfg.token]) : reply([false, 'resourceRequiresConsent']);
    case 'executeDeepLink': state.links.push(m.args[0]); return reply([true]);
    case 'settings.setSettings': state.settings.push(m.args[0]); return reply([true]);
    case 'meeting.shareAppContentToStage':
      state.stage.push(m.args[0]);
      return cfg.shareError ? reply([{ errorCode: cfg.shareError }, null]) : reply([null, true]);
    case 'nestedAppAuth.execute': return frame.contentWindow.postMessage({ args: [undefined, JSON.stringify(naa(JSON.parse(m.data)))] }, '*');
    default: return;
  }
});
window.__teams.send = (func, args) => frame.contentWindow.postMessage({ func, args }, '*');
frame.src = cfg.content;
</script></body></html>`;

export interface HostConfig {
  /** The content URL the tab loads (with `inTeams=1`). */
  content: string;
  frameContext?: 'content' | 'settings' | 'sidePanel' | 'meetingStage';
  entityId?: string;
  subEntityId?: string;
  channelId?: string;
  /** A meeting's id (its tabs, side panel and stage) and its chat's. */
  meetingId?: string;
  chatId?: string;
  /** `meeting.shareAppContentToStage` fails with this teams-js error code (e.g. 1000 permission denied). */
  shareError?: number;
  theme?: 'default' | 'dark' | 'contrast';
  upn?: string;
  /** The SSO token getAuthToken (and nested app auth, for the API scope) answers; without it, getAuthToken fails with resourceRequiresConsent. */
  token?: string;
  /** Recommend nested app authentication and answer MSAL's bridge. */
  naa?: boolean;
}

/** A token of the development identity provider for `login` (what Teams SSO would hand the tab). */
export async function idpToken(context: BrowserContext, login: string): Promise<string> {
  const res = await context.request.get(`/dev-idp/authorize?login_hint=${login}`, { maxRedirects: 0 });
  const location = res.headers()['location'] ?? '';
  const token = new URLSearchParams(location.split('#')[1] ?? '').get('access_token');
  if (!token) throw new Error(`no token for ${login}: ${res.status()} ${location}`);
  return token;
}

/** Opens the portal inside the test host; returns the tab's frame. */
export async function openInTeams(page: Page, cfg: HostConfig): Promise<FrameLocator> {
  await page.route('**/__teams-host**', (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: HOST_HTML }),
  );
  const full = {
    frameContext: 'content',
    entityId: 'projects',
    subEntityId: '',
    channelId: '',
    theme: 'default',
    upn: '',
    ...cfg,
  };
  await page.goto(`/__teams-host?cfg=${encodeURIComponent(JSON.stringify(full))}`);
  return page.frameLocator('#app');
}

export const hostCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __teams: { calls: string[] } }).__teams.calls);
export const hostState = <T>(page: Page, key: 'settings' | 'links' | 'naa' | 'stage') =>
  page.evaluate((k) => (window as unknown as { __teams: Record<string, T[]> }).__teams[k], key);
export const hostSend = (page: Page, func: string, args: unknown[]) =>
  page.evaluate(
    ([f, a]) =>
      (window as unknown as { __teams: { send(f: string, a: unknown[]): void } }).__teams.send(
        f as string,
        a as unknown[],
      ),
    [func, args] as const,
  );
