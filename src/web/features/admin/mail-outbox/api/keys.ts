/** Query keys of the mail outbox (Admin). */
export const mailOutboxKeys = {
  all: ['admin', 'mail-outbox'] as const,
};
