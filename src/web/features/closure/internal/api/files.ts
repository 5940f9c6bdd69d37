import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@web/api/client';
import { getHost } from '@web/host';
import type { ClosureInternal } from './closure-internal';
import { closureInternalKeys } from './keys';

/** The files of Closure Internal (002 §7): the sanitized references and the complete case. */
export type ClosureFileKind = 'sanitized-references' | 'complete-case';

export const closureFilePath = (projectId: number, kind: ClosureFileKind) =>
  kind === 'sanitized-references'
    ? `/api/projects/${projectId}/sanitized-references/file`
    : `/api/projects/${projectId}/close-out/complete-case/file`;
export const completeCaseTemplatePath = (projectId: number) =>
  `/api/projects/${projectId}/close-out/complete-case/template`;

/** GET api/projects/{id}/{sanitized-references | close-out/complete-case}/file (blob, name from x-file-name). */
export const downloadClosureFile = (
  projectId: number,
  kind: ClosureFileKind,
  name: string | null | undefined,
) => getHost().download(closureFilePath(projectId, kind), name || `${kind}.pdf`);

/** GET api/projects/{id}/close-out/complete-case/template: the complete one-page case template. */
export const downloadCompleteCaseTemplate = (projectId: number) =>
  getHost().download(completeCaseTemplatePath(projectId), 'complete-case-template.pdf');

/**
 * POST api/projects/{id}/{sanitized-references | close-out/complete-case}/file (multipart field `file`). The
 * record is answered when the server sends it (into the cache), else read again.
 */
export function useUploadClosureFile(projectId: number, kind: ClosureFileKind) {
  const qc = useQueryClient();
  const key = closureInternalKeys.record(projectId);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiSend<ClosureInternal | undefined>('POST', closureFilePath(projectId, kind), form);
    },
    onSuccess: (record) => {
      if (record && typeof record === 'object' && 'formStatus' in record) qc.setQueryData(key, record);
      else void qc.invalidateQueries({ queryKey: key });
    },
  });
}
