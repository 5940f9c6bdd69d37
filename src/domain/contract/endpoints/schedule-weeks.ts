import { z } from 'zod';
import { endpoint, type EndpointDef } from '../endpoint';
import { ScheduleWeek, ScheduleWeekQuery } from '../schedule-weeks';

/** The one-page calendar's weeks (002 §7), newest first: the admin screens pick weeks from it. */
export const scheduleWeeks = {
  list: endpoint({
    method: 'GET',
    path: '/api/schedule-week',
    query: ScheduleWeekQuery,
    response: z.array(ScheduleWeek),
  }),
} satisfies Record<string, EndpointDef>;
