import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DownloadLinkRequest, SignInRequest, type DownloadLinkResponse, type SessionUser } from '@domain/contract';
import { httpError, parseBody } from '../http';
import { DOWNLOAD_LINK_TTL_SECONDS, signDownloadToken, signPortalToken, verifyDownloadToken, verifyPortalToken } from './tokens';
import { devIdpVerifier, entraVerifier, type IdentityVerifier } from './identity';
import { devIdpRoutes } from './dev-idp';

function bearer(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1]?.trim();
}

/** Finds the professional of a verified identity and builds the spec's session user. */
export async function sessionUserForEmail(app: FastifyInstance, email: string): Promise<SessionUser | undefined> {
  const p = await app.db
    .selectFrom('professionals')
    .select(['id', 'name', 'email', 'login', 'scopes', 'comanagementId', 'practiceId', 'businessUnits', 'isActive'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
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

export interface AuthOptions {
  /** Overrides the identity verifier (tests). */
  identityVerifier?: IdentityVerifier;
}

/**
 * Sign-in and access: `POST /auth/signin` exchanges an identity-provider token for the portal JWT;
 * `app.authenticate` guards every /api, /master and /crm route; the development identity provider
 * is served under /dev-idp unless Entra ID is configured.
 */
export default fp(async function auth(app: FastifyInstance, opts: AuthOptions) {
  const { config, keys } = app;
  const verifyIdentity: IdentityVerifier =
    opts.identityVerifier ?? (config.entra ? entraVerifier(config.entra) : devIdpVerifier(keys, config.publicUrl));

  app.decorateRequest('user', null as unknown as SessionUser);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearer(request);
    const access = (request.query as Record<string, unknown> | undefined)?.access;
    if (!token && request.method === 'GET' && typeof access === 'string') {
      // a download link (POST /auth/download-link): valid for its one path, for a few minutes
      try {
        request.user = await verifyDownloadToken(access, keys.portalSecret, request.url.split('?')[0]!);
        return;
      } catch {
        throw httpError(401, 'Sign in required: the download link is invalid or expired');
      }
    }
    if (!token) throw httpError(401, 'Sign in required: missing bearer token');
    try {
      request.user = await verifyPortalToken(token, keys.portalSecret);
    } catch {
      throw httpError(401, 'Sign in required: the token is invalid or expired');
    }
  });

  app.post('/auth/signin', async (request) => {
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
    const user = await sessionUserForEmail(app, identity.email);
    if (!user) throw httpError(401, `Sign in failed: ${identity.email} is not an active professional of the portal`);
    const accessToken = await signPortalToken(user, keys.portalSecret, config.jwtTtlSeconds);
    return { accessToken, scopes: user.scopes };
  });

  /**
   * A link that downloads one file without headers (Teams opens files outside the tab with `app.openLink`):
   * `{ path: "/api/…" }` → `{ url: "/api/…?access=<token>", expiresAt }`, valid for GET of that path, 5 minutes.
   */
  app.post('/auth/download-link', { preHandler: app.authenticate }, async (request): Promise<DownloadLinkResponse> => {
    const { path } = parseBody(DownloadLinkRequest, request.body);
    const token = await signDownloadToken(request.user, path, keys.portalSecret, DOWNLOAD_LINK_TTL_SECONDS);
    return { url: `${path}?access=${encodeURIComponent(token)}`, expiresAt: new Date(Date.now() + DOWNLOAD_LINK_TTL_SECONDS * 1000).toISOString() };
  });

  if (!config.entra) await app.register(devIdpRoutes);
});
