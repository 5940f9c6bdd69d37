import { ApiError } from '@web/api/client';

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
