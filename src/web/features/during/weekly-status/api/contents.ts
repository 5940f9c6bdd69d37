import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VersionedWeeklyStatusContent, WeeklyStatusContent } from '@domain/contract';
import { weeklyStatus as E } from '@web/api/endpoints/weekly-status';
import { api } from '@web/api/endpoint';
import { validId, wsKeys } from './keys';

/** A content block as the server answers it (with its id and version). */
export type ContentBlock = VersionedWeeklyStatusContent;
export type ContentType = 1 | 2 | 3 | 4 | 5;

/** GET /api/weekly-status-contents/weekly-status/{id}/type/{1..5}: a section's blocks, by orderPosition. */
export const contentsQueryOptions = (id: number, type: ContentType) =>
  queryOptions({
    queryKey: wsKeys.contents(id, type),
    queryFn: () => api(E.contents, { params: { id, type } }),
    enabled: validId(id),
  });
export const useContents = (id: number, type: ContentType) => useQuery(contentsQueryOptions(id, type));

/** POST …/type/{type}: a new block at the end of the section; the answer is appended to the cached section. */
export function useCreateContent(id: number, type: ContentType) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WeeklyStatusContent) => api(E.createContent, { params: { id, type }, body }),
    onSuccess: (block) =>
      qc.setQueryData<ContentBlock[]>(wsKeys.contents(id, type), (list) =>
        list ? [...list, block] : [block],
      ),
  });
}
