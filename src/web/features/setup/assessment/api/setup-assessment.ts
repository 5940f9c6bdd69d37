import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SetupAssessment, SetupAssessmentOwn } from '@domain/contract';
import { setupAssessment } from '@web/api/endpoints/setup-assessment';
import { api } from '@web/api/endpoint';

export type { SetupAssessmentOwn };
/** One field of the assessment (PATCH sends exactly one). */
export type SetupAssessmentField = Partial<SetupAssessment>;

export const setupAssessmentKeys = {
  own: (projectId: number) => ['setup-assessment', projectId, 'own'] as const,
};

/** GET /api/project-setup-assessments/project/{id}: the caller's own assessment (version 1 with nulls before any save). */
export const setupAssessmentQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: setupAssessmentKeys.own(projectId),
    queryFn: () => api(setupAssessment.own, { params: { id: projectId } }),
  });
export const useSetupAssessment = (projectId: number, options: { enabled?: boolean } = {}) =>
  useQuery({
    ...setupAssessmentQueryOptions(projectId),
    enabled: options.enabled !== false && Number.isInteger(projectId) && projectId > 0,
  });

/** The navigation tree's prefetch of /project/{id}/setup/assessment. */
export const prefetchSetupAssessment = (client: QueryClient, params: Record<string, string | undefined>) => {
  const id = Number(params.id);
  if (Number.isInteger(id) && id > 0) void client.prefetchQuery(setupAssessmentQueryOptions(id));
};

/**
 * PATCH one field with the record's version as If-Match (a stale save is a 412 carrying the current record);
 * resolves to the saved record, which goes into the cache (its version is the next If-Match).
 */
export function usePatchSetupAssessment(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      body,
      version,
      keepalive,
    }: {
      body: SetupAssessmentField;
      version?: number | null;
      keepalive?: boolean;
    }) => api(setupAssessment.patchOwn, { params: { id: projectId }, body, version, keepalive }),
    onSuccess: (record) => {
      if (record && typeof record.version === 'number')
        qc.setQueryData<SetupAssessmentOwn>(setupAssessmentKeys.own(projectId), record);
    },
  });
}
