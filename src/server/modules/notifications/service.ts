import { buildDeepLink } from '@domain/rules/deep-link';
import {
  DEFAULT_NOTIFICATION_CHANNEL,
  NOTIFICATION_EVENT_INFO,
  type NotificationChannel,
  type NotificationEvent,
} from '@domain/rules/notifications';
import type { DB } from '@server/db';
import type { Jobs, JobHandler, SendOptions } from '@server/adapters/jobs';
import { GraphCallError, type GraphApp } from '@server/adapters/graph';
import type { Config } from '@server/config';
import type { Mailer } from '@server/mail';
import { escapeHtml } from '@server/platform/html';
import * as repo from './repo';

/**
 * Notifications: every event is ONE job ('notifications.fanout') queued in the transaction of
 * the change that caused it. The job finds the recipients, reads each one's preference (Teams, e-mail, both
 * — the default — or none) and writes one `notifications` row per recipient (its `dedupe_key` makes the
 * notification once-only: a second run of the job, or another replica, inserts nothing), with
 * - the e-mail in the outbox (src/server/mail: delivered once by its own job), and
 * - when Teams is configured, a 'notifications.teams' job that posts the activity-feed notification through
 *   Microsoft Graph (src/server/adapters/graph). 429 / 5xx / Graph not reached: tried again after Retry-After
 *   or a backoff (5 tries in all); 403 / 404 (the app is not installed for that person) or a final failure:
 *   recorded, and the person gets the e-mail instead when they had chosen Teams only.
 *
 * Events whose e-mail is a step of a workflow (the CRM approval request, the signing link of a weekly status)
 * keep that e-mail as it is: the notification adds the Teams activity only (`workflowMail`).
 *
 * Without a job queue attached (tests, scripts) jobs wait in memory until `drain()`.
 */
export const NOTIFICATION_JOBS = {
  fanout: 'notifications.fanout',
  teams: 'notifications.teams',
  reminders: 'notifications.reminders',
} as const;

/** Tries of a Teams notification (the first one included). */
export const TEAMS_TRIES = 5;
/** Seconds before the next try when Graph gives no Retry-After: 5, 10, 20, 40. */
export const teamsBackoff = (attempt: number) => Math.min(300, 5 * 2 ** Math.max(0, attempt - 1));

/** Events whose e-mail is sent by their workflow (the notification adds Teams only). */
const workflowMail = (event: NotificationEvent) => NOTIFICATION_EVENT_INFO[event].workflowMail === true;

export type Audience =
  /** every team member */
  | 'team'
  /** managers and partners */
  | 'managersAndPartners'
  /** managers */
  | 'managers';

export interface NotifyInput {
  event: NotificationEvent;
  projectId: number;
  /** Who acted (not notified of their own action); null for the portal itself (reminders, signatures). */
  actorId: number | null;
  /** Unique per occurrence (e.g. `weekly-status:57:completed`): the notification's once-only key. */
  key: string;
  /** The portal page the notification opens (`/project/5/during/weekly-status`). */
  path: string;
  /** Named people (professional ids) and / or a part of the project's team. */
  recipients?: number[];
  audience?: Audience;
  /** A line for the e-mail and the preview (e.g. who declined and why). */
  detail?: string;
}

interface TeamsJob {
  id: number;
}

export interface Notifications {
  /** Queues the event's fan-out in `trx` (it happens only if `trx` commits). */
  notify(trx: DB, input: NotifyInput): Promise<void>;
  /** The job handlers (also run by `drain`). */
  readonly handlers: {
    fanout: JobHandler<NotifyInput>;
    teams: JobHandler<TeamsJob>;
  };
  /** Runs the jobs waiting in memory (no queue attached), including those they queue; how many ran. */
  drain(): Promise<number>;
  attachJobs(jobs: Jobs): Promise<void>;
  readonly teamsEnabled: boolean;
}

export interface NotificationDeps {
  db: DB;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'teams'>;
  /** Microsoft Graph, app-only; undefined = Teams notifications off (e-mail only). */
  graph: GraphApp | undefined;
  log?: { warn(obj: object, msg?: string): void; info?(obj: object, msg?: string): void };
}

const FANOUT_RETRY: SendOptions = { retryLimit: 5, retryDelay: 5, retryBackoff: true, retryDelayMax: 600 };

/** The activity-feed title: the manifest's templateText with its parameters filled. */
export function notificationText(event: NotificationEvent, params: Record<string, string>): string {
  return NOTIFICATION_EVENT_INFO[event].templateText.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');
}

export function createNotifications(deps: NotificationDeps): Notifications {
  const { db, mailer, config, graph } = deps;
  let jobs: Jobs | undefined;
  const waiting: { name: 'fanout' | 'teams'; data: NotifyInput | TeamsJob; startAfter?: number }[] = [];

  async function queue(trx: DB, name: 'fanout' | 'teams', data: NotifyInput | TeamsJob, startAfter?: number) {
    if (jobs)
      await jobs.send(NOTIFICATION_JOBS[name], data, {
        ...(name === 'fanout' ? FANOUT_RETRY : { retryLimit: 2, retryDelay: 5 }),
        ...(startAfter ? { startAfter } : {}),
        trx,
      });
    else waiting.push({ name, data, startAfter });
  }

  const link = (path: string) => `${config.publicUrl}${path}`;
  const deepLink = (path: string) =>
    buildDeepLink({ origin: config.publicUrl, path, teamsAppId: config.teams.appId });

  function mailOf(event: NotificationEvent, title: string, path: string, detail?: string) {
    const info = NOTIFICATION_EVENT_INFO[event];
    return {
      subject: title,
      body: [
        `<p>${escapeHtml(title)}.</p>`,
        detail ? `<p>${escapeHtml(detail)}</p>` : '',
        `<p><a href="${escapeHtml(link(path))}">Open in the portal</a>` +
          (config.teams.appId ? ` · <a href="${escapeHtml(deepLink(path))}">Open in Teams</a>` : '') +
          '</p>',
        `<p style="color:#616161">${escapeHtml(info.label)} — you can choose how you are told of it on the portal's Notifications page: ${escapeHtml(link('/notifications'))}</p>`,
      ].join(''),
    };
  }

  const fanout: JobHandler<NotifyInput> = async (input) => {
    await db.transaction().execute(async (trx) => {
      const project = await repo.project(trx, input.projectId);
      if (!project) return; // deleted meanwhile
      const ids = new Set(input.recipients ?? []);
      if (input.audience)
        for (const id of await repo.teamOf(trx, input.projectId, input.audience)) ids.add(id);
      if (input.actorId !== null) ids.delete(input.actorId);
      if (ids.size === 0) return;
      const people = await repo.activePeople(trx, [...ids]);
      const prefs = await repo.preferencesOf(trx, input.event, [...ids]);
      const actor = input.actorId !== null ? await repo.personName(trx, input.actorId) : undefined;
      const params = { project: `${project.code} — ${project.name}`, person: actor ?? 'Project Portal' };
      const title = notificationText(input.event, params);
      const byWorkflow = workflowMail(input.event);
      for (const p of people) {
        const channel = (prefs.get(p.id) ?? DEFAULT_NOTIFICATION_CHANNEL) as NotificationChannel;
        if (channel === 'none') continue;
        const wantsTeams = channel === 'teams' || channel === 'both';
        const wantsMail = channel === 'email' || channel === 'both';
        // Teams chosen but not configured: the e-mail instead, so nobody misses it
        const teamsStatus = wantsTeams ? (graph ? 'pending' : 'off') : null;
        const mail = !byWorkflow && (wantsMail || (wantsTeams && !graph));
        const row = await repo.insertNotification(trx, {
          event: input.event,
          dedupeKey: `${input.key}:${p.id}`,
          professionalId: p.id,
          projectId: input.projectId,
          channel,
          title,
          path: input.path,
          parameters: JSON.stringify(params),
          teamsStatus,
        });
        if (!row) continue; // sent already (a retry of this job, or another replica)
        if (mail) {
          const mailId = await mailer.enqueue(
            { to: p.email, ...mailOf(input.event, title, input.path, input.detail) },
            trx,
          );
          await repo.setMail(trx, row.id, mailId);
        }
        if (teamsStatus === 'pending') await queue(trx, 'teams', { id: row.id });
      }
    });
  };

  const teams: JobHandler<TeamsJob> = async ({ id }) => {
    if (!graph) return;
    await db.transaction().execute(async (trx) => {
      // the row's lock makes the send once-only: another run waits for (or skips) the one under way
      const n = await repo.lockPendingTeams(trx, id);
      if (!n) return;
      const attempt = n.teamsAttempts + 1;
      const params = n.parameters as Record<string, string>;
      try {
        await graph.sendActivityNotification(n.entraObjectId ?? n.email, {
          topic: { source: 'text', value: params.project ?? n.title, webUrl: deepLink(n.path) },
          activityType: n.event,
          previewText: { content: n.title.slice(0, 150) },
          ...(config.teams.appId ? { teamsAppId: config.teams.appId } : {}),
          templateParameters: Object.entries(params).map(([name, value]) => ({ name, value })),
        });
        await repo.teamsDone(trx, id, { status: 'sent', attempts: attempt, error: null });
      } catch (e) {
        const err = e instanceof GraphCallError ? e : new GraphCallError(0, (e as Error).message);
        const notInstalled = err.status === 403 || err.status === 404;
        if (err.transient && attempt < TEAMS_TRIES) {
          await repo.teamsRetry(trx, id, attempt, err.message);
          await queue(trx, 'teams', { id }, err.retryAfterSeconds ?? teamsBackoff(attempt));
          return;
        }
        await repo.teamsDone(trx, id, {
          status: notInstalled ? 'not-installed' : 'failed',
          attempts: attempt,
          error: err.message.slice(0, 500),
        });
        deps.log?.warn({ notification: id, status: err.status, attempt }, 'Teams notification not delivered');
        // chose Teams only: the e-mail instead (a workflow event's e-mail went already)
        if (n.mailId === null && !workflowMail(n.event as NotificationEvent)) {
          const mailId = await mailer.enqueue(
            { to: n.email, ...mailOf(n.event as NotificationEvent, n.title, n.path) },
            trx,
          );
          await repo.setMail(trx, id, mailId);
        }
      }
    });
  };

  const handlers = { fanout, teams };

  return {
    teamsEnabled: graph !== undefined,
    handlers,
    async notify(trx, input) {
      // an event known already (a job run twice, a reminder checked again) queues nothing
      if (await repo.firstTimeOf(trx, input.key)) await queue(trx, 'fanout', input);
    },
    async drain() {
      let ran = 0;
      while (waiting.length) {
        const job = waiting.shift()!;
        if (job.name === 'fanout')
          await fanout(job.data as NotifyInput, { id: `local-${ran}`, retryCount: 0 });
        else await teams(job.data as TeamsJob, { id: `local-${ran}`, retryCount: 0 });
        ran++;
      }
      return ran;
    },
    async attachJobs(j) {
      await j.ensureQueue(NOTIFICATION_JOBS.fanout);
      await j.ensureQueue(NOTIFICATION_JOBS.teams);
      await j.work<NotifyInput>(NOTIFICATION_JOBS.fanout, fanout, { concurrency: 2 });
      await j.work<TeamsJob>(NOTIFICATION_JOBS.teams, teams, { concurrency: 2 });
      jobs = j;
      while (waiting.length) {
        const job = waiting.shift()!;
        await j.send(NOTIFICATION_JOBS[job.name], job.data, FANOUT_RETRY);
      }
    },
  };
}
