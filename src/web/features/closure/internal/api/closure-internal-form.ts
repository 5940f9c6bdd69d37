import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { REFERENCE_TOPICS } from '@domain/contract';
import type { EndpointBody } from '@domain/contract/endpoint';
import { closureInternal } from '@web/api/endpoints/closure-internal';
import { api, type VersionedWrite } from '@web/api/endpoint';
import type { ClosureInternal } from './closure-internal';
import { closureInternalKeys } from './keys';

export type ReferenceTopic = (typeof REFERENCE_TOPICS)[number];
export type ReferenceKey = 'Select' | 'Contact' | 'Comment';

/** One close-out form field and its value (ClosureInternalFormPatchBody: exactly one). */
export type FormPatchBody = EndpointBody<typeof closureInternal.updateForm>;

/** The body that changes one answer of a References topic: `{ references: { <Topic>: { <Key>: value } } }`. */
export const referencePatch = (topic: ReferenceTopic, key: ReferenceKey, value: unknown): FormPatchBody => ({
  references: { [topic]: { [key]: value } },
});

/**
 * PATCH /api/project-closure-internal/project/{id}/form: one close-out form field with the record's version as
 * If-Match (a stale save is a 412 carrying the current record); the saved record goes into the cache, its version
 * is the next If-Match (the autosaved fields share one RecordVersion).
 */
export function usePatchClosureInternalForm(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (write: VersionedWrite<FormPatchBody>) =>
      api(closureInternal.updateForm, { params: { id: projectId }, ...write }),
    onSuccess: (record) => {
      if (record && typeof record === 'object')
        qc.setQueryData<ClosureInternal>(closureInternalKeys.record(projectId), record);
    },
  });
}
