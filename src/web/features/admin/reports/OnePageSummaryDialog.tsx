import { useEffect, useMemo } from 'react';
import { z } from 'zod';
import { formatWeek } from '@web/ui/dates';
import { FormSelect, useZodForm, type FormOption } from '@web/ui/form';
import { useScheduleWeeks } from './api/schedule-weeks';
import { FETCH_FAILED, FetchFailures, ReportFormDialog, type ReportDialogProps } from './ReportDialogs';

const WeekForm = z.object({ week: z.string() });

/**
 * One Page Summary (002 §2.11, §7 `one-page` with `week`): the one-pages of a week of the schedule-week list (this
 * week first, chosen by default). 'Failed to fetch schedule weeks.' when the list cannot be loaded (002 §8): no
 * week is sent then, which the server reads as this week.
 */
export function OnePageSummaryDialog(props: ReportDialogProps) {
  const weeks = useScheduleWeeks();
  const options = useMemo<FormOption[]>(
    () =>
      (weeks.data ?? []).map((w) => ({
        value: w.startDate,
        label: `Week ${w.week}, ${w.year}: ${formatWeek(w.startDate, w.endDate)}`,
      })),
    [weeks.data],
  );
  const form = useZodForm(WeekForm, { week: '' });
  const first = options[0]?.value;
  useEffect(() => {
    if (first !== undefined && !form.getValues('week')) form.setValue('week', String(first));
  }, [first, form]);
  return (
    <ReportFormDialog {...props} title="One Page Summary" report="one-page" form={form}>
      <FetchFailures messages={[weeks.isError ? FETCH_FAILED.scheduleWeeks : null]} />
      <FormSelect control={form.control} name="week" label="Week" options={options} />
    </ReportFormDialog>
  );
}
