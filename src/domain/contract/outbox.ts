import { z } from 'zod';
import { pagingQuery } from './query';

/** One message of the mail outbox (GET /api/mail-outbox, Admin): what the portal sent or still has to send. */
export const OutboxMessage = z.object({
  id: z.int32(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.int32(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** GET /api/mail-outbox?skip&take: newest first, at most 500 a page (the admin page asks for 500). */
export const OutboxQuery = pagingQuery(500, 100);
export type OutboxQuery = z.infer<typeof OutboxQuery>;
