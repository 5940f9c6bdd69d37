import { createQueryClient } from '@web/api/query';
import { preloadRoute } from '@web/app/preload';
import { hasTeamsFlag } from '@web/host/detect';

/**
 * The entry: small on purpose (the navigation tree, the API client and the query cache, no React DOM, no
 * Fluent). In the browser it starts the current screen's code and data requests at once, then loads the app,
 * which finds them in flight (same query cache, same modules). In Teams the path is known only once the host
 * has connected, so the app's router does it.
 */
const client = createQueryClient();
if (!hasTeamsFlag()) preloadRoute(client, window.location.pathname);
void import('./start').then((m) => m.start(client));
