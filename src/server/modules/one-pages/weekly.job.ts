import { onePageWeekOf } from '@domain/rules';
import type { DB } from '../../db';
import { deferNextRun, type WeeklyJobs } from '../../platform/weekly-jobs';
import { ensureWeekOf } from '../schedule-weeks/service';
import * as repo from './repo';

/**
 * The weekly one-page: every Monday 00:05 UTC, and once at server start, each project in During
 * (idStatus 3) without a one-page for the current week gets its draft — checklist format (2), initialDate the
 * Monday, endDate the Sunday (UTC) — with an allocation suggestion for every active professional of its team,
 * copying that professional's suggestion of the previous week (this week's days and the next two), or 0.
 * The week is recorded in the schedule-week list. Idempotent: the unique index (project_id, initial_date) and
 * `on conflict do nothing` (migration 0006).
 */
export const WEEKLY_ONE_PAGES_QUEUE = 'one-pages.weekly';
/** Every Monday at 00:05 UTC. */
export const WEEKLY_ONE_PAGES_CRON = '5 0 * * 1';

/** The job's function: opens `now`'s week for every project in During that lacks it. */
export async function openWeeklyOnePages(db: DB, now = new Date()) {
  const { initialDate, endDate } = onePageWeekOf(now);
  const previous = new Date(`${initialDate}T00:00:00Z`);
  previous.setUTCDate(previous.getUTCDate() - 7);
  return db.transaction().execute(async (trx) => {
    await ensureWeekOf(trx, now); // the week joins the schedule-week list (002 §7)
    const created = await repo.openWeek(trx, initialDate, endDate);
    await repo.suggestForWeek(
      trx,
      created.map((c) => c.id),
      previous.toISOString().slice(0, 10),
    );
    return { week: initialDate, created: created.length };
  });
}

/** The next Monday 00:05 UTC strictly after `now`. */
export function nextWeeklyRun(now: Date): Date {
  const { initialDate } = onePageWeekOf(now);
  const run = new Date(`${initialDate}T00:05:00Z`);
  if (run.getTime() <= now.getTime()) run.setUTCDate(run.getUTCDate() + 7);
  return run;
}

/**
 * Starts the weekly job on the queue (main.ts, after `jobs.start()`): the worker, the Monday 00:05 UTC
 * schedule and one run now. Returns when all three are registered.
 */
export async function startWeeklyOnePages(
  jobs: WeeklyJobs,
  db: DB,
  log: { info(obj: object, msg?: string): void } = { info: () => undefined },
) {
  await jobs.work(WEEKLY_ONE_PAGES_QUEUE, async () => {
    const now = new Date();
    const r = await openWeeklyOnePages(db, now);
    log.info(r, 'weekly one-pages opened');
    if (!jobs.schedule) await deferNextRun(jobs, db, WEEKLY_ONE_PAGES_QUEUE, nextWeeklyRun(now));
  });
  if (jobs.schedule) await jobs.schedule(WEEKLY_ONE_PAGES_QUEUE, WEEKLY_ONE_PAGES_CRON, {});
  await jobs.send(WEEKLY_ONE_PAGES_QUEUE, { reason: 'start' }, { retryLimit: 3, retryDelay: 30 });
}
