import type { DB } from '../../db';
import type { Mailer } from '../../mail';
import { escapeHtml } from '../../platform/html';
import { deferNextRun, type WeeklyJobs } from '../../platform/weekly-jobs';
import { formatDay, lightLabel } from './pdf';
import * as repo from './repo';

/**
 * The weekly dashboard e-mail (spec 002 §1 "directors and partners who receive dashboard e-mails",
 * §2.5): every Monday 07:00 UTC, each project's dashboards built since the last run go to the active
 * professionals on its access list — one mail per person per project, an HTML summary of each dashboard and a
 * link to the project's Dashboard Archive. Each dashboard is mailed once: the run locks the unmailed rows
 * (`for update skip locked`), writes the mails to the outbox and sets `mailed_at` in one transaction, so a
 * retry, a second run or another replica sends nothing again. Dashboards of a project with nobody on its list
 * are marked too (nobody was to be told). Not run at start: mail goes out on Mondays only.
 */
export const DASHBOARD_MAIL_QUEUE = 'dashboards.weekly-mail';
/** Every Monday at 07:00 UTC. */
export const DASHBOARD_MAIL_CRON = '0 7 * * 1';

export const archiveUrl = (publicUrl: string, projectId: number) =>
  `${publicUrl.replace(/\/$/, '')}/project/${projectId}/during/dashboard-archive`;

const pct = (v: unknown) => (v == null ? '—' : `${Number(v)}%`);
const cell = (v: string | number | null | undefined) => escapeHtml(v == null || v === '' ? '—' : String(v));

/** The HTML body of one project's mail. */
export function dashboardMailBody(
  rows: repo.UnmailedRow[],
  recipientName: string,
  publicUrl: string,
): { subject: string; body: string } {
  const p = rows[0]!;
  const link = archiveUrl(publicUrl, p.projectId);
  const n = rows.length;
  const subject = `[${p.projectCode}] ${n === 1 ? 'New dashboard' : `${n} new dashboards`}: ${p.projectName}`;
  const blocks = rows.map((d) => {
    const week = d.opInitialDate
      ? `Week of ${formatDay(String(d.opInitialDate))} – ${formatDay(String(d.opEndDate))}`
      : 'Dashboard';
    const items: [string, string][] = [
      ['Problem level', lightLabel(d.opProblemLevel)],
      ['Environment status', lightLabel(d.opEnvironmentStatus)],
      ['Current Week', pct(d.currentWeek)],
      ['First Allocation', pct(d.firstAllocation)],
      ['Sales Margin', pct(d.initial)],
      ['Target', pct(d.target)],
      ['Setup status', d.setupStatus ?? '—'],
      [
        'Last / next Professional DNA',
        `${formatDay(d.lastProfessionalDna) ?? '—'} / ${formatDay(d.nextProfessionalDna) ?? '—'}`,
      ],
      ['Last project session', formatDay(d.lastProjectSession) ?? '—'],
      ['Weekly status', formatDay(d.weeklyStatusDate) ?? '—'],
      ['Stakeholders (critical)', `${d.totalStakeholders ?? 0} (${d.criticalStakeholders ?? 0})`],
      ['Key message', d.opKeyMessage ?? '—'],
    ];
    return (
      `<h3>${escapeHtml(week)}</h3><table cellpadding="4" style="border-collapse:collapse">` +
      items.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${cell(v)}</td></tr>`).join('') +
      '</table>'
    );
  });
  const body =
    `<p>Hello ${escapeHtml(recipientName)},</p>` +
    `<p>${n === 1 ? 'A new dashboard was' : `${n} new dashboards were`} published for the project ` +
    `<strong>${escapeHtml(p.projectName)}</strong> (${escapeHtml(p.projectCode)}).</p>` +
    blocks.join('') +
    `<p><a href="${escapeHtml(link)}">Open the Dashboard Archive</a></p>` +
    '<p>You receive this e-mail because you are on the dashboard e-mail list of this project.</p>';
  return { subject, body };
}

/** The job's function: mails every unmailed dashboard to its project's list, once. Returns what it did. */
export async function sendDashboardMails(
  db: DB,
  mailer: Pick<Mailer, 'enqueue'>,
  publicUrl: string,
  now = new Date(),
) {
  return db.transaction().execute(async (trx) => {
    const rows = await repo.lockUnmailed(trx);
    const byProject = new Map<number, repo.UnmailedRow[]>();
    for (const r of rows) byProject.set(r.projectId, [...(byProject.get(r.projectId) ?? []), r]);
    const recipients = await repo.activeRecipients(trx, [...byProject.keys()]);
    let mails = 0;
    for (const person of recipients) {
      const { subject, body } = dashboardMailBody(byProject.get(person.projectId)!, person.name, publicUrl);
      await mailer.enqueue({ to: person.email, subject, body }, trx);
      mails++;
    }
    await repo.markMailed(
      trx,
      rows.map((r) => r.id),
      now,
    );
    return { dashboards: rows.length, projects: byProject.size, mails };
  });
}

/** The next Monday 07:00 UTC strictly after `now`. */
export function nextDashboardMailRun(now: Date): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 7));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7)); // this week's Monday 07:00
  if (d.getTime() <= now.getTime()) d.setUTCDate(d.getUTCDate() + 7);
  return d;
}

/** Without a cron schedule on the adapter: the next Monday's run, a deferred job (platform/weekly-jobs.ts). */
const deferMailRun = (jobs: WeeklyJobs, db: DB, now: Date) =>
  deferNextRun(jobs, db, DASHBOARD_MAIL_QUEUE, nextDashboardMailRun(now), { retryLimit: 3, retryDelay: 300 });

/**
 * Starts the weekly dashboard e-mail on the queue (main.ts, after `jobs.start()`): the worker and the Monday
 * 07:00 UTC schedule (a cron when the adapter offers one, otherwise a chain of deferred jobs). No run now.
 */
export async function startDashboardMail(
  jobs: WeeklyJobs,
  db: DB,
  mailer: Pick<Mailer, 'enqueue'>,
  log: { info(obj: object, msg?: string): void } = { info: () => undefined },
  opts: { publicUrl?: string } = {},
) {
  const publicUrl = opts.publicUrl ?? 'http://localhost:53000';
  await jobs.work(DASHBOARD_MAIL_QUEUE, async () => {
    const now = new Date();
    const r = await sendDashboardMails(db, mailer, publicUrl, now);
    log.info(r, 'dashboard e-mails sent');
    if (!jobs.schedule) await deferMailRun(jobs, db, now);
  });
  if (jobs.schedule) await jobs.schedule(DASHBOARD_MAIL_QUEUE, DASHBOARD_MAIL_CRON, {});
  else await deferMailRun(jobs, db, new Date());
}
