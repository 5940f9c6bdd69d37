import { sql } from 'kysely';
import { onePageWeekOf } from '@domain/rules';
import type { Jobs } from '@server/adapters/jobs';
import type { DB } from '@server/db';
import * as repo from './repo';
import { NOTIFICATION_JOBS, type Notifications } from './service';

/**
 * The one-page reminders: this week's one-page of a project in During not submitted by Thursday
 * 12:00 in its office's time zone (the project's first office; PORTAL_TIME_ZONE when the office has none)
 * notifies the project's managers and partners; a second reminder goes Friday 12:00. Checked every minute by
 * one job on the queue (any replica); each reminder is one event (`one-page:<id>:reminder-<n>`), so a check
 * that runs twice, or late, sends nothing twice — a server down on Thursday sends Friday's reminder only.
 */
const CHECK_EVERY_SECONDS = 60;

const WEEKDAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** `now` in `timeZone`: the local date (YYYY-MM-DD), the ISO weekday (1 = Monday) and the hour. */
export function localTime(now: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAY[parts.weekday!] ?? 0,
    hour: Number(parts.hour),
  };
}

/**
 * Which reminder is due for the one-page of the week starting `initialDate` (a Monday) at `now` in
 * `timeZone`: 2 from Friday 12:00 to Sunday's end, 1 from Thursday 12:00 to Friday 12:00, 0 otherwise (and 0
 * when the local date is in another week than the one-page's — the hours around midnight on Sunday/Monday).
 */
export function reminderDue(now: Date, timeZone: string, initialDate: string): 0 | 1 | 2 {
  const local = localTime(now, timeZone);
  if (onePageWeekOf(new Date(`${local.date}T12:00:00Z`)).initialDate !== initialDate) return 0;
  if (local.weekday > 5 || (local.weekday === 5 && local.hour >= 12)) return 2;
  if ((local.weekday === 4 && local.hour >= 12) || local.weekday === 5) return 1;
  return 0;
}

/** Queues the reminders due at `now`; how many. */
export async function sendDueReminders(
  db: DB,
  notifications: Pick<Notifications, 'notify'>,
  defaultTimeZone: string,
  now = new Date(),
): Promise<number> {
  const week = onePageWeekOf(now).initialDate;
  const rows = await repo.unsubmittedOnePages(db, week);
  const due = rows
    .map((r) => ({ ...r, stage: reminderDue(now, r.timeZone ?? defaultTimeZone, week) }))
    .filter((r) => r.stage > 0)
    .map((r) => ({ ...r, key: `one-page:${r.id}:reminder-${r.stage}` }));
  const known = await repo.knownEvents(
    db,
    due.map((d) => d.key),
  );
  let sent = 0;
  for (const d of due) {
    if (known.has(d.key)) continue;
    await db.transaction().execute(async (trx) => {
      // a Friday reminder also stands for Thursday's when that one never went (the server was down)
      if (d.stage === 2) await repo.firstTimeOf(trx, `one-page:${d.id}:reminder-1`);
      await notifications.notify(trx, {
        event: 'onePageDue',
        projectId: d.projectId,
        actorId: null,
        key: d.key,
        path: `/project/${d.projectId}/during/one-page`,
        audience: 'managersAndPartners',
        detail:
          d.stage === 1
            ? "This week's one-page is due: please submit it by Friday."
            : "Second reminder: this week's one-page is still not submitted.",
      });
    });
    sent++;
  }
  return sent;
}

/** Starts the minute check on the queue (main.ts): a chain of deferred jobs, one pending at a time. */
export async function startReminders(
  jobs: Pick<Jobs, 'work' | 'send' | 'ensureQueue'>,
  db: DB,
  notifications: Pick<Notifications, 'notify'>,
  defaultTimeZone: string,
  log: { info(obj: object, msg?: string): void } = { info: () => undefined },
) {
  const name = NOTIFICATION_JOBS.reminders;
  await jobs.ensureQueue(name);
  const next = async () => {
    const pending = await sql<{ n: number }>`
      select count(*)::int as n from pgboss.job where name = ${name} and state in ('created', 'retry')`
      .execute(db)
      .then((r) => r.rows[0]?.n ?? 0)
      .catch(() => 0);
    if (pending === 0) await jobs.send(name, {}, { startAfter: CHECK_EVERY_SECONDS });
  };
  await jobs.work(name, async () => {
    try {
      const n = await sendDueReminders(db, notifications, defaultTimeZone);
      if (n) log.info({ reminders: n }, 'one-page reminders queued');
    } finally {
      await next();
    }
  });
  await next();
}
