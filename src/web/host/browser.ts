import { photos } from '@web/api/endpoints/photos';
import { apiPath } from '@web/api/endpoint';
import { authConfig, teamsConfig } from '@web/api/config';
import { clearSession, getToken } from '@web/api/session';
import { apiBlob } from '@web/api/client';
import { downloadBlob } from '@web/ui/download';
import { buildDeepLink, chatDeepLink } from '@domain/rules/deep-link';
import { createGraphPhotoResolver, GRAPH_PHOTO_SCOPES } from './graph';
import { SignInError, type Host, type PhotoPerson, type ThemeName } from './types';
import type { Msal } from './msal';

export function buildAuthorizeUrl(origin: string, loginHint?: string): string {
  const params = new URLSearchParams({
    client_id: authConfig.clientId,
    redirect_uri: `${origin}/auth/signin`,
    response_type: 'token',
    response_mode: 'fragment',
    prompt: 'select_account',
    scope: authConfig.scope,
  });
  if (loginHint) params.set('login_hint', loginHint);
  return `${authConfig.authorizeUrl}?${params.toString()}`;
}

export function buildLogoutUrl(origin: string): string {
  return `${authConfig.logoutUrl}?${new URLSearchParams({ post_logout_redirect_uri: `${origin}/` })}`;
}

const photoCache = new Map<string, Promise<string | undefined>>();

/** Photo requests at once: a page of fifty avatars must not hold every connection a click's data request needs. */
export const PHOTO_REQUESTS_AT_ONCE = 2;
let photoRequests = 0;
const photoQueue: (() => void)[] = [];

/** Waits for the next frame to have painted (photos never delay a screen's first paint), then for a free slot. */
async function photoSlot(): Promise<() => void> {
  await new Promise<void>((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
    else setTimeout(resolve, 0);
  });
  if (photoRequests >= PHOTO_REQUESTS_AT_ONCE) await new Promise<void>((resolve) => photoQueue.push(resolve));
  photoRequests += 1;
  return () => {
    photoRequests -= 1;
    photoQueue.shift()?.();
  };
}

/** Bytes in one `String.fromCharCode` call: well under any engine's argument limit. */
const BASE64_CHUNK = 0x8000;

/**
 * A `data:` URL of a photo's bytes, as the Graph path gives them. Not a `blob:` URL: `res.blob()` and registering the
 * URL are round trips to the browser process on the page's main thread (in CPU profiles of the 150 ms after a first
 * keystroke typed while a page's avatars arrive, 15 ms a run against 3 for this encoding), and a blob URL is never
 * released while the session cache holds it. A data URL is a string, gone with the cache.
 */
export function dataUrl(contentType: string, bytes: ArrayBuffer): string {
  const u8 = new Uint8Array(bytes);
  let binary = '';
  for (let i = 0; i < u8.length; i += BASE64_CHUNK)
    binary += String.fromCharCode(...u8.subarray(i, i + BASE64_CHUNK));
  return `data:${contentType};base64,${btoa(binary)}`;
}

/**
 * Fetches an avatar from the portal's photo service with the token, after the screen has painted, two at a time
 * and at low priority; cached for the session (as a `data:` URL); undefined → initials.
 */
export function resolvePhotoWithToken(person: PhotoPerson): Promise<string | undefined> {
  const login = person.login || (person.email ? person.email.split('@')[0] : undefined);
  const path = person.photoGUID
    ? apiPath(photos.byGuid, { params: { guid: person.photoGUID } })
    : login
      ? apiPath(photos.byLogin, { params: { login } })
      : undefined;
  if (!path) return Promise.resolve(undefined);
  const cached = photoCache.get(path);
  if (cached) return cached;
  const p = (async () => {
    const release = await photoSlot();
    try {
      const token = getToken();
      if (!token) return undefined;
      const res = await fetch(path, { headers: { authorization: `Bearer ${token}` }, priority: 'low' });
      if (!res.ok) return undefined;
      return dataUrl(res.headers.get('content-type') || 'application/octet-stream', await res.arrayBuffer());
    } catch {
      return undefined;
    } finally {
      release();
    }
  })();
  photoCache.set(path, p);
  return p;
}

const media = (q: string) =>
  typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(q) : undefined;

/** The system's preference: high contrast (forced colours), dark, else light. */
export function systemTheme(): ThemeName {
  if (media('(forced-colors: active)')?.matches) return 'contrast';
  return media('(prefers-color-scheme: dark)')?.matches ? 'dark' : 'light';
}

/** Reads `#access_token=` left by the identity provider's redirect, and removes it from the address bar. */
function tokenFromFragment(): string | undefined {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const token = fragment.get('access_token') ?? undefined;
  if (token) window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return token;
}

/**
 * The browser: sign-in by redirect — MSAL against Microsoft Entra ID when a tenant is configured
 * (`VITE_AUTH_TENANT_ID`), the development identity provider otherwise. Photos from Microsoft Graph
 * with MSAL's token, else from the portal's photo service. Links open in new windows.
 */
export function createBrowserHost(deps: { loadMsal?: () => Promise<Msal>; entra?: boolean } = {}): Host {
  const entra = deps.entra ?? Boolean(authConfig.tenantId);
  const load = deps.loadMsal ?? (async () => (await import('./msal')).loadMsal('standard'));
  let pca: Promise<Msal> | undefined;
  const msal = () =>
    (pca ??= load().then(async (c) => {
      await c.initialize();
      return c;
    }));

  const graphPhotos = entra
    ? createGraphPhotoResolver({
        getToken: async () => {
          if (!getToken()) return undefined;
          const { silentToken } = await import('./msal');
          return silentToken(await msal(), GRAPH_PHOTO_SCOPES);
        },
        fallback: resolvePhotoWithToken,
      })
    : undefined;

  return {
    kind: 'browser',
    async acquireToken({ loginHint }) {
      if (!entra) {
        const token = tokenFromFragment();
        if (token) return token;
        window.location.assign(buildAuthorizeUrl(window.location.origin, loginHint));
        return undefined;
      }
      const client = await msal();
      let result;
      try {
        result = await client.handleRedirectPromise();
      } catch (err) {
        throw new SignInError('failed', err instanceof Error ? err.message : String(err));
      }
      if (result?.accessToken) {
        if (result.account) client.setActiveAccount(result.account);
        return result.accessToken;
      }
      await client.loginRedirect({ scopes: [authConfig.scope], loginHint, prompt: 'select_account' });
      return undefined;
    },
    signOut() {
      clearSession();
      if (entra) void msal().then((c) => c.logoutRedirect());
      else window.location.assign(buildLogoutUrl(window.location.origin));
    },
    openLink(url) {
      window.open(url, '_blank', 'noopener,noreferrer');
    },
    async download(path, fallbackName) {
      return downloadBlob(await apiBlob(path), fallbackName);
    },
    chatUrl: chatDeepLink,
    openChat(email) {
      window.open(chatDeepLink(email), '_blank', 'noopener,noreferrer');
    },
    resolvePhoto: graphPhotos ?? resolvePhotoWithToken,
    deepLink(path) {
      return buildDeepLink({ origin: window.location.origin, path, teamsAppId: teamsConfig.appId });
    },
    theme(): ThemeName {
      return systemTheme();
    },
    onThemeChange(fn) {
      const queries = [media('(prefers-color-scheme: dark)'), media('(forced-colors: active)')].filter(
        (m): m is MediaQueryList => Boolean(m),
      );
      const listener = () => fn(systemTheme());
      for (const m of queries) m.addEventListener?.('change', listener);
      return () => {
        for (const m of queries) m.removeEventListener?.('change', listener);
      };
    },
    notifyReady() {},
  };
}

export const browserHost: Host = createBrowserHost();
