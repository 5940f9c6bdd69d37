import type { NotificationPreference, NotificationSettings } from '@domain/contract';
import {
  DEFAULT_NOTIFICATION_CHANNEL,
  NOTIFICATION_EVENTS,
  NOTIFICATION_EVENT_INFO,
  channelsFor,
  type NotificationChannel,
  type NotificationEvent,
} from '@domain/rules/notifications';
import type { DB } from '@server/db';
import { httpError } from '@server/http';
import * as repo from './repo';

const RECENT = 20;

/** The caller's choice per event (the default where none is stored) and their latest notifications. */
export async function read(
  db: DB,
  professionalId: number,
  teamsEnabled: boolean,
): Promise<NotificationSettings> {
  const [stored, recent] = await Promise.all([
    repo.preferences(db, professionalId),
    repo.recent(db, professionalId, RECENT),
  ]);
  const chosen = new Map(stored.map((p) => [p.event, p.channel as NotificationChannel]));
  return {
    teamsEnabled,
    preferences: NOTIFICATION_EVENTS.map((event) => ({
      event,
      channel: chosen.get(event) ?? DEFAULT_NOTIFICATION_CHANNEL,
      workflowMail: NOTIFICATION_EVENT_INFO[event].workflowMail === true,
    })),
    recent: recent.map((r) => ({
      id: r.id,
      event: r.event as NotificationEvent,
      title: r.title,
      path: r.path,
      mailed: r.mailId !== null,
      teams: r.teamsStatus as NotificationSettings['recent'][number]['teams'],
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** Stores where `event` reaches the person; 400 for a channel the event does not offer. */
export async function choose(
  db: DB,
  professionalId: number,
  event: NotificationEvent,
  channel: NotificationChannel,
): Promise<NotificationPreference> {
  const info = NOTIFICATION_EVENT_INFO[event];
  if (!channelsFor(event).includes(channel))
    throw httpError(
      400,
      `Invalid request: channel: "${info.label}" always sends its e-mail; choose both (Teams and e-mail) or email`,
    );
  await repo.setPreference(db, professionalId, event, channel);
  return { event, channel, workflowMail: info.workflowMail === true };
}
