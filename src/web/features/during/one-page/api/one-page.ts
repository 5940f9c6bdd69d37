import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OnePageFields } from '@domain/contract';
import { onePages } from '@web/api/endpoints/one-pages';
import { api, type VersionedWrite } from '@web/api/endpoint';
import { queryById } from '@web/api/entity-query';
import { projectKeys } from '@web/api/keys';
import { upsertById } from '@web/api/cache';
import { listRowOf, onePageKeys, type OnePageListRow, type OnePageRecord } from './keys';

/** One editable field of a one-page and its value (PATCH /api/one-pages/{id} sends exactly one). */
export type OnePageField = keyof typeof OnePageFields;
export type OnePageFieldBody = Partial<Record<OnePageField, unknown>>;

/** GET /api/one-pages/{id}: the one-page with its format and version (001 §7). */
const onePageQuery = queryById(onePages.get, onePageKeys.detail);
export const onePageQueryOptions = onePageQuery.options;
export const useOnePage = onePageQuery.useById;

/** A one-page answered by the server goes into its cache entry and the project's list row. */
export function storeOnePage(client: QueryClient, projectId: number, record: OnePageRecord | undefined) {
  if (!record || typeof record.id !== 'number') return;
  client.setQueryData<OnePageRecord>(onePageKeys.detail(record.id), (old) => ({ ...old, ...record }));
  client.setQueryData<OnePageListRow[]>(onePageKeys.list(projectId), (list) =>
    upsertById(list, [listRowOf(record)]),
  );
}

/**
 * PATCH /api/one-pages/{id} with one field and the one-page's version as If-Match (a stale save is a 412
 * carrying the current one-page; a submitted one-page answers 409). The saved one-page goes into the cache.
 */
export function usePatchOnePage(projectId: number, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (write: VersionedWrite<OnePageFieldBody>) =>
      api(onePages.update, { params: { id }, ...write }),
    onSuccess: (record) => storeOnePage(qc, projectId, record),
  });
}

/** After a submit or an undo the overview's "One Page Submitted" card reads again. */
export const refreshKpis = (client: QueryClient, projectId: number) =>
  void client.invalidateQueries({ queryKey: projectKeys.kpis(projectId) });
