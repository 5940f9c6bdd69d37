import type { QueryClient } from '@tanstack/react-query';
import { hasAnyScope } from '@domain/rules/access';
import { currentUser } from '@web/api/session';
import { matchPage, type PageNode } from './navigation';

/**
 * Whether a screen's data may be prefetched for the signed-in user: not for signed-out visitors, public pages, or
 * a user without the page's scopes (the server would answer 403, and a 403 signs the user out — spec 000).
 */
export function mayPrefetch(page: PageNode): boolean {
  if (page.publicOnly || page.public) return false;
  const user = currentUser();
  return !!user && (!page.scopes || hasAnyScope(user, page.scopes));
}

/**
 * Starts the code and the queries of the screen at `pathname` (what its route loader does, before the router
 * and React have loaded). Signed-out visitors and users without the page's scopes only get the code.
 */
export function preloadRoute(client: QueryClient, pathname: string) {
  const match = matchPage(pathname);
  if (!match) return;
  // the data requests first: over HTTP/1.1's six connections they would otherwise queue behind the screen's
  // dozen script requests (and the main thread's work of starting them)
  if (mayPrefetch(match.page)) match.page.prefetch?.(client, match.params);
  match.page.load().catch(() => undefined); // the screen shows the failure when it renders
}
