import type { QueryClient } from '@tanstack/react-query';
import { onePages } from '@web/api/endpoints/one-pages';
import { queryById } from '@web/api/entity-query';
import { projectQueryOptions } from '@web/api/project';
import { currentUser } from '@web/api/session';
import { onePageRights } from '../access';
import { onePageKeys, validId } from './keys';

/** GET /api/one-pages/project/{projectId}: the project's one-pages, newest first (001 §2, §7). */
const onePagesQuery = queryById(onePages.list, onePageKeys.list, { param: 'projectId' });
export const useOnePages = onePagesQuery.useById;

/**
 * The navigation tree's prefetch of /project/{id}/during/one-page: the list, once the project shows that the
 * person may list one-pages (a refused call would end the session), and the form's code.
 */
export const prefetchOnePages = (client: QueryClient, params: Record<string, string | undefined>) => {
  const id = Number(params.id);
  if (!validId(id)) return;
  void client
    .fetchQuery(projectQueryOptions(id))
    .then((project) => {
      if (onePageRights(currentUser(), project).canList) void client.prefetchQuery(onePagesQuery.options(id));
    })
    .catch(() => undefined);
};
