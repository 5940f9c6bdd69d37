import { useRef } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Kpis } from '@domain/contract';
import { KPI_REFRESH_MS } from '@domain/constants';
import { apiGet, apiSend } from '@web/api/client';
import { projectKeys } from './keys';

/** GET /api/projects/{id}/kpis, polled every 5 s. */
export const kpisQueryOptions = (id: number) =>
  queryOptions({
    queryKey: projectKeys.kpis(id),
    queryFn: () => apiGet<Kpis>(`/api/projects/${id}/kpis`),
    refetchInterval: KPI_REFRESH_MS,
    staleTime: 0,
    enabled: id > 0,
  });
export const useKpis = (id: number) => useQuery(kpisQueryOptions(id));

export interface StatusHistoryEntry {
  id: number;
  fromStatus: number | null;
  toStatus: number;
  changedBy: string | null;
  changedAt: string;
}
export const statusHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...projectKeys.detail(id), 'status-history'],
    queryFn: () => apiGet<StatusHistoryEntry[]>(`/api/projects/${id}/status-history`),
  });
export const useStatusHistory = (id: number, enabled: boolean) =>
  useQuery({ ...statusHistoryQueryOptions(id), enabled });

/** PUT /api/projects/{id}/status; the project, the list and the KPIs reload afterwards. */
export function useChangeStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idStatus }: { id: number; idStatus: number }) =>
      apiSend('PUT', `/api/projects/${id}/status`, { idStatus }),
    onSettled: () => qc.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/**
 * PATCH /api/projects/{id}/training-development with one field, with If-Match from the loaded record's
 * version (then from each answer): a change by someone else meanwhile fails with 412 instead of being overwritten.
 */
export function usePatchTrainingDevelopment(id: number, loadedVersion?: number | null) {
  const qc = useQueryClient();
  const version = useRef(loadedVersion);
  return useMutation({
    mutationFn: async (body: { tdOportunity: boolean } | { text: string }) => {
      const saved = await apiSend<{ version?: number }>(
        'PATCH',
        `/api/projects/${id}/training-development`,
        body,
        'portal',
        { version: version.current },
      );
      if (saved && typeof saved.version === 'number') version.current = saved.version;
      return saved;
    },
    onSettled: () => qc.invalidateQueries({ queryKey: projectKeys.detail(id) }),
  });
}
