/**
 * Where to go after sign-in: the page that sent the user to `/auth/signin` (kept for the browser tab's
 * session until a signed-in page shows).
 */
const KEY = 'portal.returnTo';

export function rememberReturnTo(path: string) {
  if (path.startsWith('/auth/')) return;
  sessionStorage.setItem(KEY, path);
}

/** The remembered path when it is a same-site path; else undefined. */
export function peekReturnTo(): string | undefined {
  const path = sessionStorage.getItem(KEY) ?? undefined;
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/auth/')) return undefined;
  return path;
}

export function clearReturnTo() {
  sessionStorage.removeItem(KEY);
}
