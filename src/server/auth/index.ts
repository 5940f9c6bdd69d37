import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  DownloadLinkRequest,
  SignInRequest,
  type DownloadLinkResponse,
  type SessionUser,
} from '@domain/contract';
import { endpoints } from '@domain/contract/endpoints';
import { RULES } from '@domain/rules';
import { httpError, parseBody } from '../http';
import { on } from '../platform/endpoint';
import {
  DOWNLOAD_LINK_TTL_SECONDS,
  signDownloadToken,
  signPortalToken,
  verifyDownloadToken,
  verifyPortalToken,
} from './tokens';
import { devIdpVerifier, entraVerifier, type IdentityVerifier } from './identity';
import { devIdpRoutes } from './dev-idp';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db';
import type { Database } from '../db/schema';
import {
  applyTokenRoles,
  createJustInTime,
  findIdentityProfessional,
  mayJoinJustInTime,
} from './first-sign-in';

function bearer(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1]?.trim();
}

/**
 * Records the person's Entra object id (Teams notifications are addressed to it; the bot maps Teams users
 * with it). An id another professional holds moves to this one (the directory is the authority).
 */
async function rememberObjectId(db: DB, professionalId: number, objectId: string) {
  const current = await db
    .selectFrom('professionals')
    .select('entraObjectId')
    .where('id', '=', professionalId)
    .executeTakeFirst();
  if (current?.entraObjectId?.toLowerCase() === objectId.toLowerCase()) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('professionals')
      .set({ entraObjectId: null })
      .where(sql<string>`lower(entra_object_id)`, '=', objectId.toLowerCase())
      .where('id', '<>', professionalId)
      .execute();
    await trx
      .updateTable('professionals')
      .set({ entraObjectId: objectId })
      .where('id', '=', professionalId)
      .execute();
  });
}

/** Finds the professional of an e-mail address and builds the spec's session user (undefined when inactive). */
export const sessionUserForEmail = (app: FastifyInstance, email: string) =>
  sessionUser(app, (eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));

/** The spec's session user of a professional (undefined when inactive). */
export const sessionUserForId = (app: FastifyInstance, id: number) =>
  sessionUser(app, (eb) => eb('id', '=', id));

async function sessionUser(
  app: FastifyInstance,
  which: (eb: ExpressionBuilder<Database, 'professionals'>) => Expression<SqlBool>,
): Promise<SessionUser | undefined> {
  const p = await app.db
    .selectFrom('professionals')
    .select([
      'id',
      'name',
      'email',
      'login',
      'scopes',
      'comanagementId',
      'practiceId',
      'businessUnits',
      'isActive',
    ])
    .where(which)
    .executeTakeFirst();
  if (!p || !p.isActive) return undefined;
  return {
    userName: p.name,
    email: p.email,
    scopes: p.scopes ?? [],
    comanagementId: p.comanagementId ?? null,
    login: p.email.split('@')[0]!,
    professionalId: p.id,
    practiceId: p.practiceId ?? null,
    businessUnits: p.businessUnits ?? [],
  };
}

const tags = ['auth'];

/** How long a person's directory record (active, scopes) is trusted before it is read again. */
export const DIRECTORY_CACHE_MS = 30_000;

export interface AuthOptions {
  /** Overrides the identity verifier (tests). */
  identityVerifier?: IdentityVerifier;
}

/**
 * Sign-in and access: `POST /auth/signin` exchanges an identity-provider token for the portal JWT;
 * `app.authenticate` guards every /api, /master and /crm route; the development identity provider
 * is served under /dev-idp only when `config.devIdp` (PORTAL_DEV_IDP=true, or a loopback-bound server) and
 * Entra ID is not configured.
 */
export default fp(async function auth(app: FastifyInstance, opts: AuthOptions) {
  const { config, keys } = app;
  const verifyIdentity: IdentityVerifier =
    opts.identityVerifier ??
    (config.entra
      ? entraVerifier(config.entra)
      : config.devIdp
        ? devIdpVerifier(keys, config.publicUrl)
        : () => Promise.reject(new Error('no identity provider is configured')));

  app.decorateRequest('user', null as unknown as SessionUser);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearer(request);
    const access = (request.query as Record<string, unknown> | undefined)?.access;
    if (!token && request.method === 'GET' && typeof access === 'string') {
      // a download link (POST /auth/download-link): valid for its one path, for a few minutes
      try {
        request.user = await verifyDownloadToken(access, keys.portalSecret, request.url.split('?')[0]!);
      } catch {
        throw httpError(401, 'Sign in required: the download link is invalid or expired');
      }
      return followDirectory(request);
    }
    if (!token) throw httpError(401, 'Sign in required: missing bearer token');
    try {
      request.user = await verifyPortalToken(token, keys.portalSecret);
    } catch {
      throw httpError(401, 'Sign in required: the token is invalid or expired');
    }
    await followDirectory(request);
  });

  /**
   * Sessions follow the directory: a token is only as good as its person's current record. Whether the
   * professional is still active, and their current scopes, are read from the database and kept for
   * DIRECTORY_CACHE_MS (so a person made inactive loses access within that time, on every replica).
   */
  const directory = new Map<
    number,
    { at: number; entry: { isActive: boolean; scopes: string[] } | undefined }
  >();
  async function followDirectory(request: FastifyRequest) {
    const id = request.user.professionalId;
    const now = Date.now();
    let cached = directory.get(id);
    if (!cached || now - cached.at > DIRECTORY_CACHE_MS) {
      const row = await app.db
        .selectFrom('professionals')
        .select(['isActive', 'scopes'])
        .where('id', '=', id)
        .executeTakeFirst();
      cached = { at: now, entry: row ? { isActive: row.isActive, scopes: row.scopes ?? [] } : undefined };
      directory.set(id, cached);
      if (directory.size > 10_000) directory.delete(directory.keys().next().value!);
    }
    if (!cached.entry?.isActive)
      throw httpError(401, 'Sign in required: your access to the portal has ended');
    request.user = { ...request.user, scopes: cached.entry.scopes };
  }
  app.decorate('forgetDirectoryCache', () => directory.clear());

  on(app, endpoints.auth.signin, { tags, config: { access: 'public' } }, async (request) => {
    // JSON scopes or no body at all; a body of another type (a form, a file) is refused, never ignored
    const type = request.headers['content-type'];
    if (type !== undefined && !/^application\/json\s*(;|$)/i.test(type))
      throw httpError(
        415,
        `Unsupported media type ${type.split(';')[0]}: send the scopes as application/json, or no body`,
      );
    parseBody(SignInRequest, request.body ?? { scopes: ['portal'] });
    const token = bearer(request);
    if (!token) throw httpError(401, 'Sign in failed: missing identity-provider token');
    let identity;
    try {
      identity = await verifyIdentity(token);
    } catch (e) {
      request.log.info({ err: (e as Error).message }, 'identity token refused');
      throw httpError(401, 'Sign in failed: the identity-provider token is invalid or expired');
    }
    let found = await findIdentityProfessional(app.db, identity);
    if (!found && mayJoinJustInTime(config, identity))
      found = { id: await createJustInTime(app.db, identity), isActive: true };
    if (!found?.isActive)
      throw httpError(401, `Sign in failed: ${identity.email} is not an active professional of the portal`);
    if (identity.objectId) await rememberObjectId(app.db, found.id, identity.objectId);
    if (config.people.rolesFromToken && identity.roles) await applyTokenRoles(app.db, found.id, identity);
    const user = await sessionUserForId(app, found.id);
    if (!user)
      throw httpError(401, `Sign in failed: ${identity.email} is not an active professional of the portal`);
    const accessToken = await signPortalToken(user, keys.portalSecret, config.jwtTtlSeconds);
    return { accessToken, scopes: user.scopes };
  });

  /**
   * A link that downloads one file without headers (Teams opens files outside the tab with `app.openLink`):
   * `{ path: "/api/…" }` → `{ url: "/api/…?access=<token>", expiresAt }`, valid for GET of that path, 5 minutes.
   */
  on(
    app,
    endpoints.auth.downloadLink,
    { tags, config: { access: RULES.signedIn } },
    async (request): Promise<DownloadLinkResponse> => {
      const { path } = parseBody(DownloadLinkRequest, request.body);
      const token = await signDownloadToken(request.user, path, keys.portalSecret, DOWNLOAD_LINK_TTL_SECONDS);
      return {
        url: `${path}?access=${encodeURIComponent(token)}`,
        expiresAt: new Date(Date.now() + DOWNLOAD_LINK_TTL_SECONDS * 1000).toISOString(),
      };
    },
  );

  // only where it was asked for (PORTAL_DEV_IDP=true) or nobody else can reach the server (loopback);
  // never beside Entra ID (src/server/config.ts refuses the other starts)
  if (config.devIdp && !config.entra) await app.register(devIdpRoutes);
});
