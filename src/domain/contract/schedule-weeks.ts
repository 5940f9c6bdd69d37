import { z } from 'zod';
import { IsoDate } from './common';

/**
 * A schedule week (002 §3 "The schedule-week list exists; its fields are not shown"; §7 GET /api/schedule-week):
 * a week of the one-page calendar — Monday to Sunday, as every one-page's initialDate / endDate — with its ISO
 * week number and the year that number belongs to.
 */
export const ScheduleWeek = z.object({
  id: z.int32(),
  startDate: z.string(),
  endDate: z.string(),
  week: z.int32(),
  year: z.int32(),
});
export type ScheduleWeek = z.infer<typeof ScheduleWeek>;

/** `?from=&to=` (YYYY-MM-DD): the weeks starting in that range; by default from 1 January of last year to this week. */
export const ScheduleWeekQuery = z.object({ from: IsoDate.optional(), to: IsoDate.optional() });
