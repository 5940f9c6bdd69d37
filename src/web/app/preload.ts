import type { QueryClient } from '@tanstack/react-query';
import { currentUser } from '@web/api/session';
import { matchPage } from './navigation';

/**
 * Starts the code and the queries of the screen at `pathname` (what its route loader does, before the router
 * and React have loaded). Signed-out visitors only get the code: their data requests would be refused.
 */
export function preloadRoute(client: QueryClient, pathname: string) {
  const match = matchPage(pathname);
  if (!match) return;
  match.page.load().catch(() => undefined); // the screen shows the failure when it renders
  if (!match.page.publicOnly && currentUser()) match.page.prefetch?.(client, match.params);
}
