import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RULES } from '@domain/rules';
import * as service from './service';

const tags = ['photos'];
/** A download link's token (`?access=`, POST /auth/download-link) may stand in for the bearer header. */
const Query = z.object({ access: z.string().max(4000).optional() });
const LoginParams = z.object({ login: z.string().min(1).max(200) });
const GuidParams = z.object({ guid: z.string().regex(/^[0-9a-f-]{36}$/i, 'must be a UUID') });

/**
 * The photo service for avatars (spec 000 §2.5: by login or by photo GUID): the uploaded photo when the
 * professional has one, otherwise generated initials. Requires the portal token like every data call.
 * Binary answers: no response schema.
 */
export default async function photosRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: RULES.signedIn };

  app.get(
    '/photos/by-login/:login',
    { config, schema: { tags, params: LoginParams, querystring: Query } },
    async (req, reply) => {
      const a = await service.avatar(app.db, { login: req.params.login });
      return reply.type(a.contentType).send(a.body);
    },
  );

  app.get(
    '/photos/:guid',
    { config, schema: { tags, params: GuidParams, querystring: Query } },
    async (req, reply) => {
      const a = await service.avatar(app.db, { guid: req.params.guid });
      return reply.type(a.contentType).send(a.body);
    },
  );
}
