import type { ThemeName } from './index';

/** Teams content URLs carry `inTeams=1` (appPackage/manifest.json); the flag is remembered for the session. */
export function hasTeamsFlag(location: Pick<Location, 'search'> = window.location, storage: Storage = sessionStorage): boolean {
  if (new URLSearchParams(location.search).get('inTeams') === '1') {
    storage.setItem('portal.inTeams', '1');
    return true;
  }
  return storage.getItem('portal.inTeams') === '1';
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
export function forgetTeamsFlag(storage: Storage = sessionStorage) {
  storage.removeItem('portal.inTeams');
}
