import { useState } from 'react';
import { useNotify } from '@web/ui';

/**
 * A download with the toasts of 002 §8: 'We are generating your file. It could take a while' then 'Your file is
 * ready'; a failure (not shown by the spec) says 'Something went wrong...'.
 */
export function useFileDownload() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async (download: () => Promise<unknown>) => {
    setBusy(true);
    notify.info('We are generating your file. It could take a while');
    try {
      await download();
      notify.success('Your file is ready');
    } catch {
      notify.error('Something went wrong...');
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
