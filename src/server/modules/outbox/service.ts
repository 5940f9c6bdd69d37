import type { OutboxMessage } from '@domain/contract';
import type { DB } from '../../db';
import { toIso } from '../../platform/dates';
import * as repo from './repo';

/** One page of the mail outbox (newest first) and the number of messages in it. */
export async function list(
  db: DB,
  skip: number,
  take: number,
): Promise<{ rows: OutboxMessage[]; total: number }> {
  const [rows, total] = await Promise.all([repo.listMessages(db, skip, take), repo.countMessages(db)]);
  return {
    total,
    rows: rows.map((m) => ({
      id: m.id,
      to: m.toAddress,
      subject: m.subject,
      body: m.body,
      createdAt: toIso(m.createdAt)!,
      sentAt: toIso(m.sentAt),
      error: m.error,
      attempts: m.attempts,
    })),
  };
}
