import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { KnmChecklistRow } from '@domain/contract';
import { closureCheck } from '@web/api/endpoints/closure-check';
import { api } from '@web/api/endpoint';
import { knmChecklistKeys } from './keys';

export type { KnmChecklistRow };

/** GET /api/knm-checklist: the projects in Closure or Closed with their client (the Project Check List grid). */
export const knmChecklistQueryOptions = () =>
  queryOptions({
    queryKey: knmChecklistKeys.list(),
    queryFn: () => api(closureCheck.list),
  });
export const useKnmChecklist = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...knmChecklistQueryOptions(), ...(options.enabled === false ? { enabled: false } : {}) });

/** The navigation tree's prefetch of /admin/knm-checklist. */
export const prefetchKnmChecklist = (client: QueryClient) =>
  void client.prefetchQuery(knmChecklistQueryOptions());
