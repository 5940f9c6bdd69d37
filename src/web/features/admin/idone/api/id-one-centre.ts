import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { IdOneCentreRow } from '@domain/contract';
import { hasAnyScope } from '@domain/rules';
import { ADMIN_SCREEN_SCOPES } from '@domain/rules/admin';
import { idone } from '@web/api/endpoints/idone';
import { api } from '@web/api/endpoint';
import { currentUser } from '@web/api/session';

export type { IdOneCentreRow };

/** Whether the signed-in person may call the centre (Admin or IDOne): others never send it (a 403 signs out). */
export const mayUseIdOneCentre = () => hasAnyScope(currentUser(), ADMIN_SCREEN_SCOPES.idOneCentre);

/** GET /api/id-one-centre (002 §2.9): every project; the grid searches, filters and sorts them in the browser. */
export const idOneCentreQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'id-one-centre'] as const,
    queryFn: () => api(idone.centre),
  });

export const useIdOneCentre = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...idOneCentreQueryOptions(), ...options });

/** The page's prefetch (navigation tree): only for holders of Admin or IDOne. */
export function prefetchIdOneCentre(client: QueryClient) {
  if (mayUseIdOneCentre()) void client.prefetchQuery(idOneCentreQueryOptions());
}
