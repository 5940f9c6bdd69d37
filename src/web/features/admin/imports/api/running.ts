import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportRecord } from '@domain/contract/imports';
import { imports } from '@web/api/endpoints/imports';
import { api } from '@web/api/endpoint';
import { importKeys } from './keys';

/**
 * GET /api/imports?kind=…&status=running&mine=true: the caller's run of the kind under way (its rows read, checked
 * and written), polled every second while the screen waits for a preview or a commit.
 */
export const runningImportQueryOptions = (kind: string) =>
  queryOptions({
    queryKey: importKeys.running(kind),
    queryFn: async (): Promise<ImportRecord | null> =>
      (await api(imports.list, { query: { kind, status: 'running', mine: 'true' } }))[0] ?? null,
  });

export const useRunningImport = (kind: string, enabled: boolean) =>
  useQuery({ ...runningImportQueryOptions(kind), enabled, refetchInterval: enabled ? 1000 : false });
