import { useNotify } from '@web/ui/toast';
import { useUploadClosureFile } from './api/files';
import type { ClosureFileKind } from './api/files';

/**
 * An upload of Closure Internal with the toasts of 002 §8: 'Please, select a file' without one, then
 * 'Uploading your file...', 'File uploaded' or 'Something went wrong...' (with the server's reason).
 */
export function useUpload(projectId: number, kind: ClosureFileKind) {
  const notify = useNotify();
  const upload = useUploadClosureFile(projectId, kind);
  const run = async (file: File | null | undefined) => {
    if (!file) {
      notify.error('Please, select a file');
      return;
    }
    notify.info('Uploading your file...');
    try {
      await upload.mutateAsync(file);
      notify.success('File uploaded');
    } catch (e) {
      notify.error('Something went wrong...', e instanceof Error ? e.message : undefined);
    }
  };
  return { run, busy: upload.isPending };
}
