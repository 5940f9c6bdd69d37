import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setup } from '@web/api/endpoints/setup';
import { api, apiPath } from '@web/api/endpoint';
import { projectKeys } from '@web/api/keys';
import { getHost } from '@web/host';

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
      return api(setup.uploadProposal, { params: { id: projectId }, body: form });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}

/** GET api/projects/{id}/proposal through the host (blob in the browser, a download link in Teams). */
export const downloadProposal = (projectId: number, name: string | null | undefined) =>
  getHost().download(apiPath(setup.proposal, { params: { id: projectId } }), name || 'proposal.pdf');
