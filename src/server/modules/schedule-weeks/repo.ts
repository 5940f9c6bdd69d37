import type { DB } from '../../db';

/** The weeks starting between `from` and `to` (inclusive), newest first. */
export const listWeeks = (db: DB, from: string, to: string) =>
  db
    .selectFrom('scheduleWeeks')
    .select(['id', 'startDate', 'endDate'])
    .where('startDate', '>=', from)
    .where('startDate', '<=', to)
    .orderBy('startDate', 'desc')
    .execute();

/** Records a week of the one-page calendar (natural key: its Monday); nothing when it is there already. */
export const ensureWeek = (db: DB, startDate: string, endDate: string) =>
  db
    .insertInto('scheduleWeeks')
    .values({ startDate, endDate })
    .onConflict((oc) => oc.column('startDate').doNothing())
    .execute();
