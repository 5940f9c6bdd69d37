import type { ScheduleWeek } from '@domain/contract';
import { isoWeekOf, onePageWeekOf } from '@domain/rules';
import type { DB } from '../../db';
import { toDateString } from '../../platform/dates';
import * as repo from './repo';

/**
 * Schedule weeks (002 §3, §7): the one-page calendar's weeks, Monday to Sunday. The weekly one-page job records
 * each week as it opens it (`ensureWeek`); the seed records the weeks around its day.
 */
export async function list(
  db: DB,
  query: { from?: string; to?: string },
  now = new Date(),
): Promise<ScheduleWeek[]> {
  const from = query.from ?? `${now.getUTCFullYear() - 1}-01-01`;
  const to = query.to ?? onePageWeekOf(now).initialDate;
  return (await repo.listWeeks(db, from, to)).map((w) => {
    const startDate = toDateString(w.startDate)!;
    return { id: w.id, startDate, endDate: toDateString(w.endDate)!, ...isoWeekOf(startDate) };
  });
}

/** The week of `now` in the calendar (the weekly one-page job, each Monday and at start). */
export const ensureWeekOf = (db: DB, now: Date) => {
  const { initialDate, endDate } = onePageWeekOf(now);
  return repo.ensureWeek(db, initialDate, endDate);
};
