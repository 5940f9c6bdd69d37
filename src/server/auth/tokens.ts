import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { SessionUser } from '@domain/contract';

const PORTAL_ISSUER = 'project-portal';
const PORTAL_AUDIENCE = 'project-portal-api';

/** Signs a portal-issued JWT for one audience (HS256, the portal secret). */
function sign(
  claims: Record<string, unknown>,
  subject: number,
  audience: string,
  secret: Uint8Array,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(subject))
    .setIssuer(PORTAL_ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(secret);
}

/** Signs the portal JWT carrying the spec's session user. */
export async function signPortalToken(
  user: SessionUser,
  secret: Uint8Array,
  ttlSeconds: number,
): Promise<string> {
  return sign({ ...user }, user.professionalId, PORTAL_AUDIENCE, secret, ttlSeconds);
}

function sessionUserOf(payload: JWTPayload): SessionUser {
  return {
    userName: String(payload.userName ?? ''),
    email: String(payload.email ?? ''),
    scopes: Array.isArray(payload.scopes) ? (payload.scopes as string[]) : [],
    comanagementId: (payload.comanagementId as number | null) ?? null,
    login: String(payload.login ?? ''),
    professionalId: Number(payload.professionalId),
    practiceId: (payload.practiceId as number | null) ?? null,
    businessUnits: Array.isArray(payload.businessUnits) ? (payload.businessUnits as string[]) : [],
  };
}

/** Tokens verified already, per secret: token → its user and expiry (seconds since the epoch). */
const verified = new WeakMap<Uint8Array, Map<string, { user: SessionUser; exp: number }>>();
/** Tokens remembered per secret (the oldest forgotten first). */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Verifies a portal JWT; returns the session user or throws. A token verified once is remembered until it expires
 * (a pure function of the token and the secret: its signature cannot change; every request of a session sends the
 * same token, and an HMAC check costs more than the KPI poll's SQL). The person's current state is still read by
 * the directory check on every request (src/server/auth/index.ts).
 */
export async function verifyPortalToken(token: string, secret: Uint8Array): Promise<SessionUser> {
  let cache = verified.get(secret);
  const hit = cache?.get(token);
  if (hit && hit.exp > Date.now() / 1000)
    return { ...hit.user, scopes: [...hit.user.scopes], businessUnits: [...hit.user.businessUnits] };
  const { payload } = await jwtVerify(token, secret, {
    issuer: PORTAL_ISSUER,
    audience: PORTAL_AUDIENCE,
    algorithms: ['HS256'],
  });
  const user = sessionUserOf(payload);
  if (typeof payload.exp === 'number') {
    if (!cache) verified.set(secret, (cache = new Map()));
    if (hit) cache.delete(token);
    cache.set(token, {
      user: { ...user, scopes: [...user.scopes], businessUnits: [...user.businessUnits] },
      exp: payload.exp,
    });
    if (cache.size > VERIFIED_TOKENS_KEPT) cache.delete(cache.keys().next().value!);
  }
  return user;
}

const DOWNLOAD_AUDIENCE = 'project-portal-download';
/** Download links live this long: enough to open, useless when shared later. */
export const DOWNLOAD_LINK_TTL_SECONDS = 300;

/** A short-lived token that lets a link without headers GET one path as the user (Teams opens files with `app.openLink`). */
export async function signDownloadToken(
  user: SessionUser,
  path: string,
  secret: Uint8Array,
  ttlSeconds = DOWNLOAD_LINK_TTL_SECONDS,
): Promise<string> {
  return sign({ ...user, path }, user.professionalId, DOWNLOAD_AUDIENCE, secret, ttlSeconds);
}

/** Verifies a download token for `path`; returns the session user or throws. */
export async function verifyDownloadToken(
  token: string,
  secret: Uint8Array,
  path: string,
): Promise<SessionUser> {
  const { payload } = await jwtVerify(token, secret, {
    issuer: PORTAL_ISSUER,
    audience: DOWNLOAD_AUDIENCE,
    algorithms: ['HS256'],
  });
  if (payload.path !== path) throw new Error('download token of another path');
  return sessionUserOf(payload);
}
