import type { QueryClient } from '@tanstack/react-query';
import type { IdOneCentreRow } from '@domain/contract';
import { hasAnyScope } from '@domain/rules';
import { ADMIN_SCREEN_SCOPES } from '@domain/rules/admin';
import { idone } from '@web/api/endpoints/idone';
import { queryOf } from '@web/api/entity-query';
import { currentUser } from '@web/api/session';
import { idOneCentreKeys } from './keys';

export type { IdOneCentreRow };

/** Whether the signed-in person may call the centre (Admin or IDOne): others never send it (a 403 signs out). */
export const mayUseIdOneCentre = () => hasAnyScope(currentUser(), ADMIN_SCREEN_SCOPES.idOneCentre);

/** GET /api/id-one-centre (002 §2.9): every project; the grid searches, filters and sorts them in the browser. */
const idOneCentreQuery = queryOf(idone.centre, idOneCentreKeys.all);
export const idOneCentreQueryOptions = idOneCentreQuery.options;
export const useIdOneCentre = idOneCentreQuery.useList;

/** The page's prefetch (navigation tree): only for holders of Admin or IDOne. */
export function prefetchIdOneCentre(client: QueryClient) {
  if (mayUseIdOneCentre()) void client.prefetchQuery(idOneCentreQueryOptions());
}
