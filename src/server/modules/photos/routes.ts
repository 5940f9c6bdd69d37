import type { FastifyInstance } from 'fastify';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { on } from '../../platform/endpoint';
import * as service from './service';

const tags = ['photos'];
const E = endpoints.photos;

/**
 * The photo service for avatars (spec 000 §2.5: by login or by photo GUID): the uploaded photo when the
 * professional has one, otherwise generated initials. Requires the portal token like every data call (or a
 * download link's `?access=` token, POST /auth/download-link). Binary answers: no response schema.
 */
export default async function photosRoutes(app: FastifyInstance) {
  const config = { access: RULES.signedIn };

  on(app, E.byLogin, { tags, config }, async (req, reply) => {
    const a = await service.avatar(app.db, { login: req.params.login });
    return reply.type(a.contentType).send(a.body);
  });

  on(app, E.byGuid, { tags, config }, async (req, reply) => {
    const a = await service.avatar(app.db, { guid: req.params.guid });
    return reply.type(a.contentType).send(a.body);
  });
}
