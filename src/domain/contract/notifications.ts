import { z } from 'zod';
import { NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS } from '../rules/notifications';

/** One event's row on the "Notifications" page (GET /api/me/notifications). */
export const NotificationPreference = z.object({
  event: z.enum(NOTIFICATION_EVENTS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  /**
   * The event's e-mail is a step of its workflow (the CRM approval request, a weekly status's signing link):
   * it is always sent, and the choice is only whether Teams tells the person too ('both' or 'email').
   */
  workflowMail: z.boolean(),
});
export type NotificationPreference = z.infer<typeof NotificationPreference>;

/** A notification the person received (newest first, the latest 20). */
export const NotificationRecord = z.object({
  id: z.int32(),
  event: z.enum(NOTIFICATION_EVENTS),
  title: z.string(),
  path: z.string(),
  /** Where it went: e-mail (queued in the outbox) and / or Teams (pending, sent, not-installed, failed, off). */
  mailed: z.boolean(),
  teams: z.enum(['pending', 'sent', 'not-installed', 'failed', 'off']).nullable(),
  createdAt: z.string(),
});
export type NotificationRecord = z.infer<typeof NotificationRecord>;

export const NotificationSettings = z.object({
  /** Whether the portal can reach the Teams activity feed (Microsoft Graph configured). */
  teamsEnabled: z.boolean(),
  preferences: z.array(NotificationPreference),
  recent: z.array(NotificationRecord),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const NotificationEventParams = z.object({
  event: z.enum(NOTIFICATION_EVENTS, { message: `event: one of ${NOTIFICATION_EVENTS.join(', ')}` }),
});

/** PUT /api/me/notifications/{event}: where that event reaches the caller. */
export const NotificationPreferenceBody = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS, { message: `channel: one of ${NOTIFICATION_CHANNELS.join(', ')}` }),
});
export type NotificationPreferenceBody = z.infer<typeof NotificationPreferenceBody>;
