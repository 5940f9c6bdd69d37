import { queryOptions, useQuery } from '@tanstack/react-query';
import { outbox } from '@web/api/endpoints/outbox';
import { api } from '@web/api/endpoint';
import { mailOutboxKeys } from './keys';
import type { OutboxMessage } from '@domain/contract';

export type { OutboxMessage };

/** GET /api/mail-outbox (Admin): newest first. */
export const mailOutboxQueryOptions = () =>
  queryOptions({
    queryKey: mailOutboxKeys.all,
    queryFn: () => api(outbox.list, { query: { take: 500 } }),
  });
export const useMailOutbox = () => useQuery(mailOutboxQueryOptions());
