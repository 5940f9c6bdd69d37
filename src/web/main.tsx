import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '@web/api/query';
import { AppProviders } from '@web/app/providers';
import { App } from '@web/app/App';
import { getHost, setHost } from '@web/host';
import { BROWSER_THEMES, loadTeamsThemes } from '@web/app/themes';
import { forgetTeamsFlag, hasTeamsFlag } from '@web/host/detect';

/**
 * In Teams (the content URL carries `inTeams=1`) the Teams SDK is loaded and connected before the first
 * render; everywhere else — and when Teams does not answer — the browser host stays.
 */
async function connectHost() {
  if (!hasTeamsFlag()) return;
  let sdk: Awaited<ReturnType<typeof import('@web/host/teams').startTeamsHost>>['sdk'] | undefined;
  try {
    const teams = await import('@web/host/teams');
    const started = await teams.startTeamsHost();
    sdk = started.sdk;
    if (!started.host) {
      forgetTeamsFlag();
      return;
    }
    setHost(started.host);
    // a deep link's subPageId (the personal tab opens at `/`): go to that page
    if (started.host.initialPath && window.location.pathname === '/') window.history.replaceState(null, '', started.host.initialPath);
  } catch (err) {
    sdk?.app.notifyFailure({ reason: sdk.app.FailedReason.Other, message: err instanceof Error ? err.message : String(err) });
    throw err;
  }
}

void connectHost()
  .catch(() => undefined)
  .then(async () => {
    const themes = getHost().kind === 'teams' ? await loadTeamsThemes().catch(() => BROWSER_THEMES) : BROWSER_THEMES;
    const client = createQueryClient();
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <AppProviders client={client} themes={themes}>
          <App />
        </AppProviders>
      </StrictMode>,
    );
  });
