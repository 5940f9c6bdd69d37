import type { DB } from '../../db';

/** One page of the outbox, newest first. */
export const listMessages = (db: DB, skip: number, take: number) =>
  db
    .selectFrom('mailOutbox')
    .select(['id', 'toAddress', 'subject', 'body', 'createdAt', 'sentAt', 'error', 'attempts'])
    .orderBy('id', 'desc')
    .limit(take)
    .offset(skip)
    .execute();

export async function countMessages(db: DB): Promise<number> {
  const r = await db
    .selectFrom('mailOutbox')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
