import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WeeklyStatusContent } from '@domain/contract';
import { apiSend } from '@web/api/client';
import { removeById, upsertById } from '@web/api/cache';
import type { ContentBlock, ContentType } from './contents';
import { wsKeys } from './keys';

const url = (blockId: number) => `/api/weekly-status-contents/${blockId}`;

/** PUT /api/weekly-status-contents/{id} (If-Match; absent fields kept): one autosaved text of a block. */
export const putContent = (
  blockId: number,
  body: WeeklyStatusContent,
  opts: { version: number | null | undefined; keepalive?: boolean },
) => apiSend<ContentBlock>('PUT', url(blockId), body, 'portal', opts);

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
      apiSend('DELETE', url(block.id), undefined, 'portal', { version: block.version }),
    onSuccess: (_a, block) =>
      qc.setQueryData<ContentBlock[]>(wsKeys.contents(id, type), (list) => removeById(list, block.id)),
    onError: () => void qc.invalidateQueries({ queryKey: wsKeys.contents(id, type) }),
  });
}
