import { authConfig } from '@web/api/config';
import { clearSession, getToken } from '@web/api/session';
import type { Host, PhotoPerson, ThemeName } from './index';

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

/** Fetches an avatar from the portal's photo service with the token; cached for the session; undefined → initials. */
export function resolvePhotoWithToken(person: PhotoPerson): Promise<string | undefined> {
  const path = person.photoGUID
    ? `/photos/${encodeURIComponent(person.photoGUID)}`
    : person.login
      ? `/photos/by-login/${encodeURIComponent(person.login)}`
      : person.email
        ? `/photos/by-login/${encodeURIComponent(person.email.split('@')[0]!)}`
        : undefined;
  if (!path) return Promise.resolve(undefined);
  const cached = photoCache.get(path);
  if (cached) return cached;
  const p = (async () => {
    const token = getToken();
    if (!token) return undefined;
    try {
      const res = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) return undefined;
      return URL.createObjectURL(await res.blob());
    } catch {
      return undefined;
    }
  })();
  photoCache.set(path, p);
  return p;
}

const mql = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : undefined);

export const browserHost: Host = {
  kind: 'browser',
  signIn(loginHint) {
    window.location.assign(buildAuthorizeUrl(window.location.origin, loginHint));
  },
  signOut() {
    clearSession();
    window.location.assign(buildLogoutUrl(window.location.origin));
  },
  openLink(url) {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
  chatUrl(email) {
    return `https://teams.microsoft.com/l/chat/0/0?users=${encodeURIComponent(email)}`;
  },
  openChat(email) {
    window.open(this.chatUrl(email), '_blank', 'noopener,noreferrer');
  },
  resolvePhoto: resolvePhotoWithToken,
  theme(): ThemeName {
    return mql()?.matches ? 'dark' : 'light';
  },
  onThemeChange(fn) {
    const m = mql();
    if (!m) return () => {};
    const listener = () => fn(m.matches ? 'dark' : 'light');
    m.addEventListener?.('change', listener);
    return () => m.removeEventListener?.('change', listener);
  },
};
