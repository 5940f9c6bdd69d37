import { SignJWT, jwtVerify } from 'jose';
import type { SessionUser } from '@domain/contract';

const PORTAL_ISSUER = 'project-portal';
const PORTAL_AUDIENCE = 'project-portal-api';

/** Signs the portal JWT carrying the spec's session user. */
export async function signPortalToken(user: SessionUser, secret: Uint8Array, ttlSeconds: number): Promise<string> {
  return new SignJWT({ ...user })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.professionalId))
    .setIssuer(PORTAL_ISSUER)
    .setAudience(PORTAL_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(secret);
}

/** Verifies a portal JWT; returns the session user or throws. */
export async function verifyPortalToken(token: string, secret: Uint8Array): Promise<SessionUser> {
  const { payload } = await jwtVerify(token, secret, {
    issuer: PORTAL_ISSUER,
    audience: PORTAL_AUDIENCE,
    algorithms: ['HS256'],
  });
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
