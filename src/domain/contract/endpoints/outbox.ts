import { z } from 'zod';
import { endpoint } from '../endpoint';
import { OutboxMessage, OutboxQuery } from '../outbox';

/** The mail outbox (Admin). */
export const outbox = {
  /** Newest first; `x-total` = every message. */
  list: endpoint({
    method: 'GET',
    path: '/api/mail-outbox',
    query: OutboxQuery,
    response: z.array(OutboxMessage),
  }),
};
