import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GettingStarted } from '@domain/contract';
import { gettingStarted } from '@web/api/endpoints/getting-started';
import { api } from '@web/api/endpoint';

export type { GettingStarted };

export const gettingStartedKeys = { all: ['admin', 'getting-started'] as const };

/** GET /api/admin/getting-started (Admin): what the empty portal still lacks; read again whenever the guide shows. */
export const gettingStartedQueryOptions = () =>
  queryOptions({
    queryKey: gettingStartedKeys.all,
    queryFn: () => api(gettingStarted.get),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export const useGettingStarted = () => useQuery(gettingStartedQueryOptions());
