import type { FastifyInstance } from 'fastify';
import { gettingStarted as E } from '@domain/contract/endpoints/getting-started';
import { RULES } from '@domain/rules';
import { on } from '../../platform/endpoint';
import * as service from './service';

const tags = ['getting-started'];

/** The first administrator's guide: what an empty portal still lacks (Admin). */
export default async function gettingStartedRoutes(app: FastifyInstance) {
  on(app, E.get, { tags, config: { access: RULES.admin } }, () =>
    service.gettingStarted(app.db, Boolean(app.config.people.scimBearerToken)),
  );
}
