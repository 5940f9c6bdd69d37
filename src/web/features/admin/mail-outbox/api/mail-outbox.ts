import { queryOptions, useQuery } from '@tanstack/react-query';
import { outbox } from '@web/api/endpoints/outbox';
import { api } from '@web/api/endpoint';

import type { OutboxMessage } from '@domain/contract';

export type { OutboxMessage };

/** GET /api/mail-outbox (Admin): newest first. */
export const mailOutboxQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'mail-outbox'] as const,
    queryFn: () => api(outbox.list, { query: { take: 500 } }),
  });
export const useMailOutbox = () => useQuery(mailOutboxQueryOptions());
