import { ApiError } from '@web/api/client';
import type { DownloadMessages } from '@web/ui/file-download';

/** The spec's generic failure (001 §8) unless the server gave a reason (a 400 / 404 / 409 `message`). */
export const failureText = (e: unknown): string =>
  e instanceof ApiError && [400, 404, 409].includes(e.status) && e.message
    ? e.message
    : 'Something went wrong...';

export const TOASTS = {
  submitting: 'Submitting...',
  submitted: 'Submitted',
  failed: 'Something went wrong...',
  generating: 'We are generating your file. It could take a while',
  ready: 'Your file is ready',
  resending: 'Resending your file...',
  sent: 'Sent!',
  uploading: 'Uploading your file...',
} as const;

/** A weekly status file's download (001 §8): the file toasts, the server's reason when it gave one. */
export const FILE_TOASTS: DownloadMessages = {
  generating: TOASTS.generating,
  ready: TOASTS.ready,
  failed: failureText,
};
