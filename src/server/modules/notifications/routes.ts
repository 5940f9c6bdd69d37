import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NotificationEventParams,
  NotificationPreference,
  NotificationPreferenceBody,
  NotificationSettings,
} from '@domain/contract';
import { RULES } from '@domain/rules';
import * as settings from './settings';

const tags = ['notifications'];

/** The caller's notification choices (the "Notifications" page) and their latest notifications. */
export default async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/me/notifications',
    {
      config: { access: RULES.signedIn },
      schema: { tags, response: { 200: NotificationSettings } },
    },
    async (req) => settings.read(app.db, req.user.professionalId, app.notifications.teamsEnabled),
  );
  app.put(
    '/api/me/notifications/:event',
    {
      config: { access: RULES.signedIn },
      schema: {
        tags,
        params: NotificationEventParams,
        body: NotificationPreferenceBody,
        response: { 200: NotificationPreference },
      },
    },
    async (req) => settings.choose(app.db, req.user.professionalId, req.params.event, req.body.channel),
  );
}
