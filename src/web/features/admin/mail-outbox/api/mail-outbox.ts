import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/api/client';

import type { OutboxMessage } from '@domain/contract';

export type { OutboxMessage };

/** GET /api/mail-outbox (Admin): newest first. */
export const mailOutboxQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'mail-outbox'] as const,
    queryFn: () => apiGet<OutboxMessage[]>('/api/mail-outbox?take=500'),
  });
export const useMailOutbox = () => useQuery(mailOutboxQueryOptions());
