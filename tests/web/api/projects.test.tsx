import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { http, HttpResponse } from 'msw';
import { server } from '../msw-server';
import { projectsQueryOptions, useProjects } from '@web/api/projects';
import { pickableProjectsQueryOptions } from '@web/features/teams/config/api/pickable-projects';
import { useChangeStatus } from '@web/features/projects/api/lifecycle';

const row = (id: number, idStatus: number) => ({
  id,
  code: `P-${id}`,
  name: `Project ${id}`,
  idStatus,
  endDate: null,
  client: null,
  projectManager: null,
  projectPractices: [],
});

function wrapper(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('shared project queries', () => {
  it('the Teams picker and the project list share one cache entry', () => {
    expect(pickableProjectsQueryOptions().queryKey).toEqual(projectsQueryOptions().queryKey);
  });

  it('a status change writes the answer into the cached list without reloading it', async () => {
    let listCalls = 0;
    let detailCalls = 0;
    server.use(
      http.get('/api/projects', () => {
        listCalls++;
        return HttpResponse.json([row(1, 1), row(2, 3)]);
      }),
      http.get('/api/projects/:id', () => {
        detailCalls++;
        return HttpResponse.json({ ...row(1, 2), projectTeam: [] });
      }),
      http.put('/api/projects/1/status', () =>
        HttpResponse.json({ id: 1, idStatus: 2, statusName: 'Setup' }),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => ({ list: useProjects(), change: useChangeStatus() }), {
      wrapper: wrapper(client),
    });
    await waitFor(() => expect(result.current.list.data).toHaveLength(2));
    await client.prefetchQuery({
      queryKey: ['projects', 'detail', 1],
      queryFn: () => fetch('/api/projects/1').then((r) => r.json()),
    });
    await act(() => result.current.change.mutateAsync({ id: 1, idStatus: 2 }));
    await waitFor(() => expect(result.current.list.data?.[0]?.idStatus).toBe(2));
    expect(result.current.list.data?.[1]?.idStatus).toBe(3);
    // the project's own queries are invalidated (refetched when shown); the list is not
    expect(client.getQueryState(['projects', 'detail', 1])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['projects', 'list'])?.isInvalidated).toBe(false);
    expect(detailCalls).toBe(1);
    expect(listCalls).toBe(1);
  });
});
