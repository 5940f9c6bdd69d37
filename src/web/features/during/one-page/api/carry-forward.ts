import { useQueryClient } from '@tanstack/react-query';
import type { OnePageCarryForward, OnePageFieldName } from '@domain/contract';
import { onePages } from '@web/api/endpoints/one-pages';
import { ApiError } from '@web/api/client';
import { api } from '@web/api/endpoint';
import { useNotifyingMutation } from '@web/ui/mutation';
import { onePageKeys, type OnePageRecord } from './keys';
import { storeOnePage } from './one-page';

/** A write of the one-page's marks with the version it is based on (If-Match). */
type Versioned<T> = T & { version: number | null | undefined };

/**
 * After a refused write: a stale one (412) takes the server's one-page into the cache (the form shows it), a
 * submitted one (409) reads it again (the form turns read-only).
 */
function onRefused(qc: ReturnType<typeof useQueryClient>, projectId: number, id: number, e: unknown) {
  if (!(e instanceof ApiError)) return;
  if (e.isConflict) storeOnePage(qc, projectId, e.current as OnePageRecord | undefined);
  else if (e.status === 409) void qc.invalidateQueries({ queryKey: onePageKeys.detail(id) });
}

/**
 * POST /api/one-pages/{id}/carry-forward ("Start from last week"): the fields of the one-page `sourceId` onto this
 * draft, filled fields kept or replaced (`replace`), with the one-page's version as If-Match. "Saved"; the answer
 * (values and carried marks) goes into the cache.
 */
export function useCarryForward(projectId: number, id: number) {
  const qc = useQueryClient();
  return useNotifyingMutation({
    mutationFn: ({ version, ...body }: Versioned<OnePageCarryForward>) =>
      api(onePages.carryForward, { params: { id }, body, version }),
    success: 'Saved',
    onSuccess: (record) => storeOnePage(qc, projectId, record),
    onError: (e) => onRefused(qc, projectId, id, e),
  });
}

/**
 * PATCH /api/one-pages/{id}/confirm-carried: the "From last week" marks of `fields` go (every mark without
 * fields); the values stay. "Saved"; the answer goes into the cache.
 */
export function useConfirmCarried(projectId: number, id: number) {
  const qc = useQueryClient();
  return useNotifyingMutation({
    mutationFn: ({ version, fields }: Versioned<{ fields?: OnePageFieldName[] }>) =>
      api(onePages.confirmCarried, { params: { id }, body: fields ? { fields } : {}, version }),
    success: 'Saved',
    onSuccess: (record) => storeOnePage(qc, projectId, record),
    onError: (e) => onRefused(qc, projectId, id, e),
  });
}
