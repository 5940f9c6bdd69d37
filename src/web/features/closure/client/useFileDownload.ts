import { useState } from 'react';
import { useNotify } from '@web/ui/toast';

/**
 * A download with the toasts of 002 §8: 'We are generating your file. It could take a while' then 'Your file is
 * ready'. Failures are "not shown" by the spec: we show 'Something went wrong...'.
 */
export function useFileDownload() {
  const notify = useNotify();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, download: () => Promise<unknown>) => {
    setBusy(key);
    notify.info('We are generating your file. It could take a while');
    try {
      await download();
      notify.success('Your file is ready');
    } catch {
      notify.error('Something went wrong...');
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
