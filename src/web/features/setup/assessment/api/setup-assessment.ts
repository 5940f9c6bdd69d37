import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetupAssessment, SetupAssessmentOwn } from '@domain/contract';
import { setupAssessment } from '@web/api/endpoints/setup-assessment';
import { api, type VersionedWrite } from '@web/api/endpoint';
import { queryById } from '@web/api/entity-query';
import { setupAssessmentKeys } from './keys';

export type { SetupAssessmentOwn };
/** One field of the assessment (PATCH sends exactly one). */
export type SetupAssessmentField = Partial<SetupAssessment>;

/** GET /api/project-setup-assessments/project/{id}: the caller's own assessment (version 1 with nulls before any save). */
const ownQuery = queryById(setupAssessment.own, setupAssessmentKeys.own);
export const useSetupAssessment = ownQuery.useById;
/** The navigation tree's prefetch of /project/{id}/setup/assessment. */
export const prefetchSetupAssessment = ownQuery.prefetch;

/**
 * PATCH one field with the record's version as If-Match (a stale save is a 412 carrying the current record);
 * resolves to the saved record, which goes into the cache (its version is the next If-Match).
 */
export function usePatchSetupAssessment(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (write: VersionedWrite<SetupAssessmentField>) =>
      api(setupAssessment.patchOwn, { params: { id: projectId }, ...write }),
    onSuccess: (record) => {
      if (record && typeof record.version === 'number')
        qc.setQueryData<SetupAssessmentOwn>(setupAssessmentKeys.own(projectId), record);
    },
  });
}
