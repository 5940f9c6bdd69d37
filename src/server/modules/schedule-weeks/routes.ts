import type { FastifyInstance } from 'fastify';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { on } from '../../platform/endpoint';
import * as service from './service';

const tags = ['master'];

/** GET /api/schedule-week (002 §7): any signed-in person, like the other master lists. */
export default async function scheduleWeekRoutes(app: FastifyInstance) {
  on(app, endpoints.scheduleWeeks.list, { tags, config: { access: RULES.signedIn } }, (req) =>
    service.list(app.db, req.query),
  );
}
