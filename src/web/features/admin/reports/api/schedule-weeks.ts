import { scheduleWeeks } from '@web/api/endpoints/schedule-weeks';
import { queryOf } from '@web/api/entity-query';
import { reportKeys } from './keys';

/** GET /api/schedule-week (002 §7): the one-page calendar's weeks, newest first (the One Page Summary's week). */
const scheduleWeeksQuery = queryOf(scheduleWeeks.list, reportKeys.scheduleWeeks(), {
  staleTime: 10 * 60_000,
});
export const scheduleWeeksQueryOptions = scheduleWeeksQuery.options;
export const useScheduleWeeks = scheduleWeeksQuery.useList;
