import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/api/client';

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  body: string;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
  attempts: number;
}

/** GET /api/mail-outbox (Admin): newest first. */
export const mailOutboxQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'mail-outbox'] as const,
    queryFn: () => apiGet<OutboxMessage[]>('/api/mail-outbox?take=500'),
  });
export const useMailOutbox = () => useQuery(mailOutboxQueryOptions());
