import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@web/api/client';
import { projectKeys } from '@web/api/projects';
import { getHost } from '@web/host';

export const proposalPath = (projectId: number) => `/api/projects/${projectId}/proposal`;

/**
 * POST api/projects/{id}/proposal (multipart field `file`). The project's proposalFilename and version
 * change with it: the project is loaded again.
 */
export function useUploadProposal(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiSend<{ fileName: string; size: number }>('POST', proposalPath(projectId), form);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}

/** GET api/projects/{id}/proposal through the host (blob in the browser, a download link in Teams). */
export const downloadProposal = (projectId: number, name: string | null | undefined) =>
  getHost().download(proposalPath(projectId), name || 'proposal.pdf');
