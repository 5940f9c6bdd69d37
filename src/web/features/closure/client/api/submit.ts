import { useMutation, useQueryClient } from '@tanstack/react-query';
import { closureExternal } from '@web/api/endpoints/closure-external';
import { api } from '@web/api/endpoint';
import { closureClientKeys } from './keys';

/**
 * POST api/project-closure-external/project/{projectId}/submit (multipart field `file`): type 2 sends the PDF to
 * sign, type 3 stores the already signed PDF (002 §2.4). The answered record goes into the cache; the
 * recipients are read again (their signing codes are set by the send).
 */
export function useSubmitLegalDocument(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api(closureExternal.submit, { params: { projectId }, body: form });
    },
    onSuccess: (record) => qc.setQueryData(closureClientKeys.record(projectId), record),
    onSettled: () => qc.invalidateQueries({ queryKey: closureClientKeys.recipients(projectId) }),
  });
}
