import type { ThemeName } from './index';

/** Teams content URLs carry `inTeams=1` (appPackage/manifest.json); the flag is remembered for the session. */
export function hasTeamsFlag(
  location: Pick<Location, 'search'> = window.location,
  storage?: Storage,
): boolean {
  const store = storage ?? safeSessionStorage();
  if (new URLSearchParams(location.search).get('inTeams') === '1') {
    try {
      store?.setItem('portal.inTeams', '1');
    } catch {
      // storage refused (private mode, blocked third-party storage): the URL flag still says it
    }
    return true;
  }
  try {
    return store?.getItem('portal.inTeams') === '1';
  } catch {
    return false;
  }
}

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Teams' theme names → the portal's. */
export function teamsTheme(name: string | undefined): ThemeName {
  if (name === 'dark') return 'dark';
  if (name === 'contrast') return 'contrast';
  return 'light';
}

/** `app.initialize()` waits 60 s in a foreign iframe: race it against a short timeout. */
export async function initializeWithTimeout(initialize: () => Promise<void>, ms = 3000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      initialize().then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Forgets the flag (the page was opened with it but Teams did not answer). */
export function forgetTeamsFlag(storage?: Storage) {
  try {
    (storage ?? safeSessionStorage())?.removeItem('portal.inTeams');
  } catch {
    // nothing remembered
  }
}
