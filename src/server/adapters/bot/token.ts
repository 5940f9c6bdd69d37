import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type RemoteJWKSet } from 'jose';
import { HttpError, httpError } from '../../http';

/**
 * The Bot Framework token of a request to the bot endpoint (`POST /api/messages`), verified with `jose`.
 *
 * Why not the Agents SDK's own check (`authorizeJWT`, which `CloudAdapter.authorizeRequest` runs): it picks the
 * key set from the token's issuer with fixed addresses (`buildJwksUri`: api.botframework.com →
 * login.botframework.com/v1/.well-known/keys), so it cannot take the key set named by BOT_OPENID_METADATA_URL
 * (tests and national clouds serve their own); it also accepts `https://api.botframework.com` as a second
 * audience, lets a request without a token through as "anonymous" when no client id is configured outside
 * NODE_ENV=production, and answers `{ "jwt-auth-error": … }` instead of the portal's error shape. So the token is
 * checked here, before the activity reaches the SDK, the way the Bot Framework authentication spec describes
 * a Bot Connector → bot request:
 * - `Authorization: Bearer <JWT>`, RS256, signed by a key of the set whose `jwks_uri` the OpenID metadata
 *   document names (read once, again every day; the key set itself is cached and re-read on an unknown `kid`);
 * - issuer = BOT_ISSUER (default https://api.botframework.com), audience = BOT_ID, not expired / not before
 *   (five minutes of clock skew, as the spec allows);
 * - the signing key's `endorsements` (when the set lists them) must include the activity's channel, and the
 *   token's `serviceurl` claim must match the activity's `serviceUrl`: both need the body, so the route checks
 *   them with {@link checkEndorsement} / {@link checkServiceUrl} once it is parsed.
 */

export interface BotTokenOptions {
  /** BOT_ID: the audience. */
  appId: string;
  /** BOT_ISSUER. */
  issuer: string;
  /** BOT_OPENID_METADATA_URL: the OpenID metadata document whose `jwks_uri` lists the signing keys. */
  openIdMetadataUrl: string;
  /** Seconds of clock skew allowed on `exp` / `nbf` (default 300, the Bot Framework spec's five minutes). */
  clockToleranceSeconds?: number;
  /** How long the metadata document is kept before it is read again (default a day). */
  metadataMaxAgeMs?: number;
}

/** A verified caller: the token's claims and the endorsements of the key that signed it (undefined: none listed). */
export interface BotIdentity {
  claims: JWTPayload;
  endorsements: string[] | undefined;
}

export interface BotTokenVerifier {
  /** Verifies the `Authorization` header; throws an HttpError (401, or 503 when the key set cannot be read). */
  verify(authorization: string | undefined): Promise<BotIdentity>;
}

const INVALID = 'The Bot Framework token is not valid';

/** The 401 (or 503) of a failed verification, with a message saying which check failed. */
function refusal(error: unknown, opts: BotTokenOptions): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof errors.JWTExpired) return httpError(401, `${INVALID}: it has expired`);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return httpError(401, `${INVALID}: it was issued for another bot (audience)`);
    if (error.claim === 'iss') return httpError(401, `${INVALID}: its issuer is not ${opts.issuer}`);
    if (error.claim === 'nbf') return httpError(401, `${INVALID}: it is not valid yet`);
    return httpError(401, `${INVALID}: its "${error.claim}" claim is missing or wrong`);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return httpError(401, `${INVALID}: its signature does not verify`);
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys)
    return httpError(401, `${INVALID}: it is not signed by a key of the Bot Framework key set`);
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported)
    return httpError(401, `${INVALID}: it must be signed with RS256`);
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid)
    return httpError(401, `${INVALID}: it is not a well-formed JWT`);
  // the metadata or the key set could not be read (network, timeout, a broken document): not the caller's fault
  return httpError(503, 'The Bot Framework key set cannot be read right now: try again later');
}

export function createBotTokenVerifier(opts: BotTokenOptions): BotTokenVerifier {
  const maxAge = opts.metadataMaxAgeMs ?? 24 * 3600_000;
  let keySet: { jwks: Promise<RemoteJWKSet>; at: number } | undefined;

  /** The remote key set named by the metadata document (one read shared by concurrent requests). */
  function currentKeySet(): Promise<RemoteJWKSet> {
    if (!keySet || Date.now() - keySet.at > maxAge) {
      const loading = (async () => {
        const res = await fetch(opts.openIdMetadataUrl, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(5000),
        });
        if (!res.ok) throw new Error(`OpenID metadata answered ${res.status}`);
        const metadata = (await res.json()) as { jwks_uri?: unknown };
        if (typeof metadata.jwks_uri !== 'string') throw new Error('OpenID metadata names no jwks_uri');
        return createRemoteJWKSet(new URL(metadata.jwks_uri));
      })();
      const entry = { jwks: loading, at: Date.now() };
      keySet = entry;
      // a failed read is forgotten at once: the next request tries again
      loading.catch(() => {
        if (keySet === entry) keySet = undefined;
      });
    }
    return keySet.jwks;
  }

  return {
    async verify(authorization) {
      try {
        const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
        if (!m)
          throw httpError(
            401,
            authorization
              ? 'The Authorization header is not "Bearer <Bot Framework token>"'
              : 'The request carries no Bot Framework token (Authorization: Bearer …)',
          );
        const jwks = await currentKeySet();
        const { payload, protectedHeader } = await jwtVerify(m[1]!, jwks, {
          issuer: opts.issuer,
          audience: opts.appId,
          algorithms: ['RS256'],
          clockTolerance: opts.clockToleranceSeconds ?? 300,
          requiredClaims: ['exp'],
        });
        const key = jwks.jwks()?.keys.find((k) => k.kid === protectedHeader.kid);
        const listed = (key as { endorsements?: unknown } | undefined)?.endorsements;
        const endorsements = Array.isArray(listed)
          ? listed.filter((e): e is string => typeof e === 'string')
          : undefined;
        return { claims: payload, endorsements };
      } catch (error) {
        throw refusal(error, opts);
      }
    },
  };
}

/** The signing key must be endorsed for the activity's channel (when the key set lists endorsements). */
export function checkEndorsement(identity: BotIdentity, channelId: string) {
  if (identity.endorsements && !identity.endorsements.includes(channelId))
    throw httpError(401, `${INVALID}: its signing key is not endorsed for the channel ${channelId}`);
}

const normalisedUrl = (u: string) => u.trim().replace(/\/+$/, '').toLowerCase();

/** The token's `serviceurl` claim, when present, must name the activity's `serviceUrl`. */
export function checkServiceUrl(identity: BotIdentity, serviceUrl: string | undefined) {
  const claim = identity.claims.serviceurl;
  if (typeof claim !== 'string') return;
  if (!serviceUrl || normalisedUrl(claim) !== normalisedUrl(serviceUrl))
    throw httpError(401, `${INVALID}: it was issued for another service URL than the activity's`);
}
