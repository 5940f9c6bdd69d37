import { createRemoteJWKSet, jwtVerify, SignJWT, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../config';
import type { AuthKeys } from './keys';

/** What the sign-in exchange needs from an identity-provider token. */
export interface VerifiedIdentity {
  email: string;
  name?: string;
  /** The Microsoft Entra object id (`oid`): recorded on the professional for Teams (notifications, the bot). */
  objectId?: string;
  /** Entra ID only: the token's tenant (`tid`). */
  tenantId?: string;
  /** Entra ID only: the app roles the person holds in the portal's app registration (the `roles` claim). */
  roles?: string[];
  /**
   * Entra ID only: whether the person is a guest of the tenant (a B2B account: `#EXT#` in the user name, `acct` 1,
   * or an `idp` other than the tenant's own), who never becomes a professional on their own.
   */
  guest?: boolean;
}

/** Whether the token's person is a guest of `tenantId` rather than a member. */
export function isGuest(payload: JWTPayload, tenantId: string): boolean {
  const names = [payload.preferred_username, payload.upn, payload.unique_name, payload.email];
  if (names.some((n) => typeof n === 'string' && n.toUpperCase().includes('#EXT#'))) return true;
  if (payload.acct === 1 || payload.acct === '1') return true;
  const idp = payload.idp;
  if (typeof idp === 'string' && idp !== `https://sts.windows.net/${tenantId}/` && idp !== tenantId)
    return true;
  return false;
}

export type IdentityVerifier = (token: string) => Promise<VerifiedIdentity>;

export const DEV_IDP_AUDIENCE = 'portal';
export const devIdpIssuer = (publicUrl: string) => `${publicUrl}/dev-idp`;

function emailFrom(payload: JWTPayload): string {
  const candidate = payload.preferred_username ?? payload.upn ?? payload.email ?? payload.unique_name;
  if (typeof candidate !== 'string' || !candidate.includes('@')) throw new Error('token carries no e-mail');
  return candidate.trim().toLowerCase();
}

/** Development identity provider tokens: RS256, signed with the key in the data directory. */
export function devIdpVerifier(keys: AuthKeys, publicUrl: string): IdentityVerifier {
  return async (token) => {
    const { payload } = await jwtVerify(token, keys.devIdp.publicKey, {
      issuer: devIdpIssuer(publicUrl),
      audience: DEV_IDP_AUDIENCE,
      algorithms: ['RS256'],
    });
    return { email: emailFrom(payload), name: typeof payload.name === 'string' ? payload.name : undefined };
  };
}

export async function signDevIdpToken(
  keys: AuthKeys,
  publicUrl: string,
  person: { email: string; name: string; login: string },
): Promise<string> {
  return new SignJWT({ preferred_username: person.email, email: person.email, name: person.name })
    .setProtectedHeader({ alg: 'RS256', kid: keys.devIdp.kid, typ: 'JWT' })
    .setSubject(person.login)
    .setIssuer(devIdpIssuer(publicUrl))
    .setAudience(DEV_IDP_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(keys.devIdp.privateKey);
}

/**
 * Microsoft Entra ID tokens (Teams SSO, nested app auth or MSAL in the browser): RS256 signed by a key of
 * the tenant's JWKS, audience = our app (client id or its `api://` URI), issuer = the tenant's v2 (or v1) issuer.
 */
export function entraVerifier(entra: NonNullable<Config['entra']>, jwks?: JWTVerifyGetKey): IdentityVerifier {
  const keySet =
    jwks ??
    createRemoteJWKSet(
      new URL(entra.jwksUri ?? `https://login.microsoftonline.com/${entra.tenantId}/discovery/v2.0/keys`),
    );
  const issuers = entra.issuer
    ? [entra.issuer]
    : [
        `https://login.microsoftonline.com/${entra.tenantId}/v2.0`,
        `https://sts.windows.net/${entra.tenantId}/`,
      ];
  return async (token) => {
    const { payload } = await jwtVerify(token, keySet, {
      issuer: issuers,
      audience: [entra.audience, entra.clientId],
      algorithms: ['RS256'],
    });
    if (payload.tid && payload.tid !== entra.tenantId) throw new Error('token of another tenant');
    return {
      email: emailFrom(payload),
      name: typeof payload.name === 'string' ? payload.name : undefined,
      objectId: typeof payload.oid === 'string' ? payload.oid : undefined,
      tenantId: typeof payload.tid === 'string' ? payload.tid : entra.tenantId,
      roles: Array.isArray(payload.roles)
        ? payload.roles.filter((r): r is string => typeof r === 'string')
        : [],
      guest: isGuest(payload, entra.tenantId),
    };
  };
}
