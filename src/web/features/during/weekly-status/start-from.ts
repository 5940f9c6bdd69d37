import type { WeeklyStatus } from '@domain/contract';
import { formatDate } from '@web/ui';

/**
 * Start from the previous weekly status (create dialog, step 1): the weekly status a new one starts from is the
 * project's newest (by creation, as the list orders them), whatever its signed status.
 */
export function previousWeeklyStatus(list: readonly WeeklyStatus[] | undefined): WeeklyStatus | undefined {
  let newest: WeeklyStatus | undefined;
  for (const ws of list ?? [])
    if (
      !newest ||
      ws.createdAt > newest.createdAt ||
      (ws.createdAt === newest.createdAt && ws.id > newest.id)
    )
      newest = ws;
  return newest;
}

export const START_FROM = {
  label: 'Start from the previous weekly status',
  /** The hint when there is one: what is copied and what is not. */
  copies: (previous: WeeklyStatus) =>
    `Copies the sections and recipients of the weekly status created ${formatDate(previous.createdAt, 'dd MMM yyyy')}; the signature starts afresh.`,
  /** Why the option is disabled. */
  none: 'There is no previous weekly status to start from.',
} as const;
