import type { FastifyInstance, FastifyReply } from 'fastify';
import { createHash } from 'node:crypto';

const PALETTE = ['#8c1c2b', '#0f6cbd', '#107c10', '#8764b8', '#c239b3', '#ca5010', '#038387', '#4f6bed', '#986f0b', '#5c2e91'];

/** An initials avatar (SVG) in a colour derived from the name. */
export function initialsSvg(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const initials = ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? parts[parts.length - 1]![0] : '')).toUpperCase();
  const colour = PALETTE[createHash('md5').update(name).digest()[0]! % PALETTE.length];
  const safe = initials.replace(/[<>&"']/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${safe}"><rect width="96" height="96" fill="${colour}"/><text x="48" y="50" dy=".35em" text-anchor="middle" font-family="Segoe UI, sans-serif" font-size="38" fill="#fff">${safe}</text></svg>`;
}

/**
 * The photo service for avatars (spec 000 §2.5: by login or by photo GUID): the uploaded photo when the
 * professional has one, otherwise generated initials. Requires the portal token like every data call.
 */
export default async function photosModule(app: FastifyInstance) {
  app.addHook('preHandler', app.authenticate);

  async function send(reply: FastifyReply, p: { name: string; photo: Buffer | null; photoContentType: string | null } | undefined) {
    if (!p) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'No such person' });
    reply.header('cache-control', 'private, max-age=3600');
    if (p.photo && p.photoContentType) return reply.type(p.photoContentType).send(p.photo);
    return reply.type('image/svg+xml').send(initialsSvg(p.name));
  }

  app.get('/photos/by-login/:login', async (request, reply) => {
    const { login } = request.params as { login: string };
    const p = await app.db
      .selectFrom('professionals')
      .select(['name', 'photo', 'photoContentType'])
      .where('login', '=', login.toLowerCase())
      .executeTakeFirst();
    return send(reply, p);
  });

  app.get('/photos/:guid', async (request, reply) => {
    const { guid } = request.params as { guid: string };
    if (!/^[0-9a-f-]{36}$/i.test(guid)) return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: 'Invalid request: guid must be a UUID' });
    const p = await app.db
      .selectFrom('professionals')
      .select(['name', 'photo', 'photoContentType'])
      .where('photoGuid', '=', guid)
      .executeTakeFirst();
    return send(reply, p);
  });
}
