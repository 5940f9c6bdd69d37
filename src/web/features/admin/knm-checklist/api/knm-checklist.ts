import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { KnmChecklistRow } from '@domain/contract';
import { apiGet } from '@web/api/client';
import { knmChecklistKeys } from './keys';

export type { KnmChecklistRow };

/** GET /api/knm-checklist: the projects in Closure or Closed with their client (the Project Check List grid). */
export const knmChecklistQueryOptions = () =>
  queryOptions({
    queryKey: knmChecklistKeys.list(),
    queryFn: () => apiGet<KnmChecklistRow[]>('/api/knm-checklist'),
  });
export const useKnmChecklist = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...knmChecklistQueryOptions(), ...(options.enabled === false ? { enabled: false } : {}) });

/** The navigation tree's prefetch of /admin/knm-checklist. */
export const prefetchKnmChecklist = (client: QueryClient) =>
  void client.prefetchQuery(knmChecklistQueryOptions());
