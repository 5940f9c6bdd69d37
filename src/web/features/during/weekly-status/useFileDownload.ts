import { useState } from 'react';
import { useNotify } from '@web/ui';
import { downloadWeeklyStatusFile } from './api/file';
import { TOASTS, failureText } from './messages';

/**
 * A weekly status file download with the toasts of 001 §8 ("We are generating your file. It could take a
 * while", then "Your file is ready"); `generating` drives the generating-file notice.
 */
export function useFileDownload() {
  const notify = useNotify();
  const [generating, setGenerating] = useState(false);
  const download = async (id: number, signed: boolean) => {
    setGenerating(true);
    notify.info(TOASTS.generating);
    try {
      await downloadWeeklyStatusFile(id, signed);
      notify.success(TOASTS.ready);
    } catch (e) {
      notify.error(failureText(e));
    } finally {
      setGenerating(false);
    }
  };
  return { generating, download };
}
