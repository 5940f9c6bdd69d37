import { useState } from 'react';
import { getHost } from '@web/host';
import { useNotify } from './toast';

/** A file of the API to save: its path (`apiPath(…)`) and the name used when the answer gives none. */
export interface FileRef {
  path: string;
  name: string;
}

/** The toasts of a download: at the start, when saved, on a failure (a text, or one made from the error). */
export interface DownloadMessages {
  generating: string;
  ready: string;
  failed: string | ((e: unknown) => string);
}

/**
 * The §8 toasts of a file download (001 and 002): 'We are generating your file. It could take a while' then
 * 'Your file is ready'. Failures are "not shown" by the spec: 'Something went wrong...'.
 */
export const FILE_DOWNLOAD_MESSAGES: DownloadMessages = {
  generating: 'We are generating your file. It could take a while',
  ready: 'Your file is ready',
  failed: 'Something went wrong...',
};

/**
 * Downloads a file of the API through the host (`host.download(path, name)`: a blob in the browser, a short-lived
 * link in Teams) with the toasts of `messages`. `busy` is the key of the download under way (a page with several
 * download buttons disables them all, or shows which one is working), null when none is.
 */
export function useFileDownload(messages: DownloadMessages = FILE_DOWNLOAD_MESSAGES) {
  const notify = useNotify();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (file: FileRef, key: string = file.path) => {
    setBusy(key);
    notify.info(messages.generating);
    try {
      await getHost().download(file.path, file.name);
      notify.success(messages.ready);
    } catch (e) {
      notify.error(typeof messages.failed === 'function' ? messages.failed(e) : messages.failed);
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
