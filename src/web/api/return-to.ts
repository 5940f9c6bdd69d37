/**
 * Where to go after sign-in: the page that sent the user to the sign-in page (kept for the browser tab's
 * session until a signed-in page shows).
 */
const KEY = 'portal.returnTo';
/** The app's sign-in pages (under /auth/): never a page to come back to. */
const SIGN_IN_PAGES = /^\/auth\//;

export function rememberReturnTo(path: string) {
  if (SIGN_IN_PAGES.test(path)) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // storage refused: sign-in then lands on /
  }
}

/** The remembered path when it is a same-site path; else undefined. */
export function peekReturnTo(): string | undefined {
  let path: string | undefined;
  try {
    path = sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
  if (!path || !path.startsWith('/') || path.startsWith('//') || SIGN_IN_PAGES.test(path)) return undefined;
  return path;
}

export function clearReturnTo() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing remembered
  }
}
