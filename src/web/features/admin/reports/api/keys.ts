/** The Reports page's queries. */
export const reportKeys = {
  all: ['reports'] as const,
  scheduleWeeks: () => [...reportKeys.all, 'schedule-weeks'] as const,
};
