import { useMutation, useQueryClient } from '@tanstack/react-query';
import { closureInternal } from '@web/api/endpoints/closure-internal';
import { api, apiPath } from '@web/api/endpoint';
import type { FileRef } from '@web/ui/file-download';
import { closureInternalKeys } from './keys';

/** The files of Closure Internal (002 §7): the sanitized references, the CRM file and the complete case. */
export type ClosureFileKind = 'sanitized-references' | 'crm' | 'complete-case';

/** Each kind's download and upload. */
const FILES = {
  'sanitized-references': {
    file: closureInternal.sanitizedReferences,
    upload: closureInternal.uploadSanitizedReferences,
  },
  crm: { file: closureInternal.crmFile, upload: closureInternal.uploadCrmFile },
  'complete-case': { file: closureInternal.completeCase, upload: closureInternal.uploadCompleteCase },
} as const;

/** GET api/projects/{id}/{sanitized-references | crm | close-out/complete-case}/file (blob, name from x-file-name). */
export const closureFile = (
  projectId: number,
  kind: ClosureFileKind,
  name: string | null | undefined,
): FileRef => ({
  path: apiPath(FILES[kind].file, { params: { id: projectId } }),
  name: name || `${kind}.pdf`,
});

/** GET api/projects/{id}/close-out/complete-case/template: the complete one-page case template. */
export const completeCaseTemplateFile = (projectId: number): FileRef => ({
  path: apiPath(closureInternal.completeCaseTemplate, { params: { id: projectId } }),
  name: 'complete-case-template.pdf',
});

/**
 * POST api/projects/{id}/{sanitized-references | crm | close-out/complete-case}/file (multipart field `file`). The
 * record is answered when the server sends it (into the cache), else read again.
 */
export function useUploadClosureFile(projectId: number, kind: ClosureFileKind) {
  const qc = useQueryClient();
  const key = closureInternalKeys.record(projectId);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api(FILES[kind].upload, { params: { id: projectId }, body: form });
    },
    onSuccess: (record) => {
      if (record && typeof record === 'object' && 'formStatus' in record) qc.setQueryData(key, record);
      else void qc.invalidateQueries({ queryKey: key });
    },
  });
}
