import type { FastifyInstance } from 'fastify';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { on } from '@server/platform/endpoint';
import * as settings from './settings';

const tags = ['notifications'];
const E = endpoints.notifications;

/** The caller's notification choices (the "Notifications" page) and their latest notifications. */
export default async function notificationRoutes(app: FastifyInstance) {
  on(app, E.settings, { tags, config: { access: RULES.signedIn } }, (req) =>
    settings.read(app.db, req.user.professionalId, app.notifications.teamsEnabled),
  );
  on(app, E.choose, { tags, config: { access: RULES.signedIn } }, (req) =>
    settings.choose(app.db, req.user.professionalId, req.params.event, req.body.channel),
  );
}
