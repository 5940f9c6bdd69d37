import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '@web/app/providers';
import { App } from '@web/app/App';
import { getHost, setHost } from '@web/host';
import { dropForeignSession } from '@web/api/session';
import { forgetTeamsFlag, hasTeamsFlag } from '@web/host/detect';
import { loadBrowserThemes, loadTeamsThemes } from '@web/app/themes';
import { matchPage } from '@web/app/navigation';
import { preloadRoute } from '@web/app/preload';

/**
 * The app (React, Fluent, the router), loaded by main.tsx once the first screen's code and data are on their
 * way. In Teams the app renders after the host has connected and set the path.
 */
export function start(client: QueryClient) {
  const root = createRoot(document.getElementById('root')!);
  void connectHost()
    .catch(() => 'ok' as const)
    .then(async (state) => {
      if (state === 'failed') {
        root.render(<StartFailed />);
        return;
      }
      // in Teams the path is known only now: the screen's code and data start here (in the browser main.tsx has
      // started them already; a second call finds them in flight)
      preloadRoute(client, window.location.pathname);
      // a light browser starts with the light theme alone (the others load if the host switches); a dark or
      // high-contrast browser, and Teams, wait for their palettes rather than flash the light one
      const host = getHost();
      const [themes] = await Promise.all([
        host.kind === 'teams'
          ? loadTeamsThemes().catch(() => undefined)
          : host.theme() === 'light'
            ? undefined
            : loadBrowserThemes().catch(() => undefined),
        // the first screen renders once its code is here: a lazy screen would show a Suspense fallback first, and
        // React holds the content that replaces a fallback back by up to 300 ms
        matchPage(window.location.pathname)
          ?.page.load()
          .catch(() => undefined),
      ]);
      root.render(
        <StrictMode>
          <AppProviders client={client} themes={themes}>
            <App />
          </AppProviders>
        </StrictMode>,
      );
    });
}

/**
 * In Teams (the content URL carries `inTeams=1`) the Teams SDK is loaded and connected before the first
 * render; everywhere else — and when Teams does not answer — the browser host stays. When Teams answers
 * but the app cannot start, Teams is told (`notifyFailure`) and the tab says so: never a browser sign-in
 * redirect inside the Teams frame.
 */
async function connectHost(): Promise<'ok' | 'failed'> {
  if (!hasTeamsFlag()) return 'ok';
  const teams = await import('@web/host/teams');
  const sdk = await teams.loadTeamsSdk();
  try {
    const host = await teams.connectTeams(sdk);
    if (!host) {
      forgetTeamsFlag();
      return 'ok';
    }
    setHost(host);
    // the stored session must be the Teams user's (a shared machine, another account)
    dropForeignSession(host.userHint);
    // a deep link's subPageId (the personal tab opens at `/`): go to that page
    if (host.initialPath && window.location.pathname === '/')
      window.history.replaceState(null, '', host.initialPath);
    return 'ok';
  } catch (err) {
    sdk.app.notifyFailure({
      reason: sdk.app.FailedReason.Other,
      message: err instanceof Error ? err.message : String(err),
    });
    return 'failed';
  }
}

function StartFailed() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32 }} role="alert">
      <h1 style={{ fontSize: 20 }}>Project Portal could not start in Teams</h1>
      <p>
        Reload the tab. If it keeps failing, open the portal in your browser and tell the portal
        administrators.
      </p>
    </main>
  );
}
