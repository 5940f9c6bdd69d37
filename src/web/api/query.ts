// query-core, not react-query: the entry (main.tsx) creates the client before React has loaded
import { QueryClient } from '@tanstack/query-core';
import { ApiError } from './client';

/**
 * One QueryClient per app: 30 s fresh data; one retry except for client errors and a busy server's 503
 * (the HTTP client has already tried that read again after its Retry-After: more would add to the load).
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) =>
          !(error instanceof ApiError && (error.status < 500 || error.status === 503)) && count < 1,
      },
    },
  });
}
