import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WeeklyStatusContent } from '@domain/contract';
import { weeklyStatus as E } from '@web/api/endpoints/weekly-status';
import { api } from '@web/api/endpoint';
import { removeById, upsertById } from '@web/api/cache';
import type { ContentBlock, ContentType } from './contents';
import { wsKeys } from './keys';

/** PUT /api/weekly-status-contents/{id} (If-Match; absent fields kept): one autosaved text of a block. */
export const putContent = (
  blockId: number,
  body: WeeklyStatusContent,
  opts: { version: number | null | undefined; keepalive?: boolean },
) => api(E.updateContent, { params: { id: blockId }, body, ...opts });

/** The cached section with a block as answered. */
export function useContentCache(id: number, type: ContentType) {
  const qc = useQueryClient();
  return (block: ContentBlock) =>
    qc.setQueryData<ContentBlock[]>(wsKeys.contents(id, type), (list) => upsertById(list, [block]));
}

/** DELETE /api/weekly-status-contents/{id} (If-Match). */
export function useDeleteContent(id: number, type: ContentType) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (block: ContentBlock) =>
      api(E.removeContent, { params: { id: block.id }, version: block.version }),
    onSuccess: (_a, block) =>
      qc.setQueryData<ContentBlock[]>(wsKeys.contents(id, type), (list) => removeById(list, block.id)),
    onError: () => void qc.invalidateQueries({ queryKey: wsKeys.contents(id, type) }),
  });
}
