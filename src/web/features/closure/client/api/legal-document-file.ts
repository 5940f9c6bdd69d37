import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClosureExternal } from '@domain/contract';
import { closureExternal } from '@web/api/endpoints/closure-external';
import { api, apiPath } from '@web/api/endpoint';
import type { FileRef } from '@web/ui/file-download';
import { closureClientKeys } from './keys';

/** GET api/projects/{id}/legal-documents/file (the signed document when there is one, else the one sent). */
export const legalDocumentFile = (projectId: number, name: string | null | undefined): FileRef => ({
  path: apiPath(closureExternal.file, { params: { id: projectId } }),
  name: name || 'legal-closure-document.pdf',
});

/**
 * DELETE api/projects/{id}/legal-documents/file — "Remove Document": the file goes, an open signature is voided and
 * the wizard is editable again (to resend, remove the document and upload it again). The record and recipients
 * are read again (the answer has no body).
 */
export function useRemoveLegalDocument(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api(closureExternal.removeFile, {
        params: { id: projectId },
        version: qc.getQueryData<ClosureExternal>(closureClientKeys.record(projectId))?.version,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: closureClientKeys.all(projectId) }),
  });
}
