import crypto from 'node:crypto';
import type { DB } from '../../db';
import { sha256Hex } from '../../platform/secrets';
import { scimError } from './errors';
import * as repo from './repo';

/**
 * Who calls the SCIM endpoint: `Authorization: Bearer <token>` with a provisioning token created on the People
 * screen (stored as its SHA-256, revocable) or the configured SCIM_BEARER_TOKEN. Portal sign-in tokens are not
 * provisioning tokens. Every request is rate-limited per token.
 */

export interface ScimCaller {
  /** The token's name (the people history's actor, the request log's token). */
  name: string;
  tokenId?: number;
}

/** The name the configured secret has in the history and the request log. */
export const CONFIGURED_TOKEN_NAME = 'SCIM_BEARER_TOKEN';

/** What scim_tokens.token_hash stores of a token (the People screen stores it the same way). */
export const hashToken = sha256Hex;

function sameSecret(a: string, b: string) {
  const x = Buffer.from(hashToken(a), 'hex');
  const y = Buffer.from(hashToken(b), 'hex');
  return crypto.timingSafeEqual(x, y);
}

export async function authenticateScim(
  db: DB,
  authorization: string | undefined,
  configured: string | undefined,
): Promise<ScimCaller> {
  const m = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  if (!m)
    throw scimError(
      401,
      undefined,
      'Authentication required: send Authorization: Bearer <provisioning token>',
    );
  const token = m[1]!;
  if (token.length > 4096) throw scimError(401, undefined, 'The provisioning token is not valid');
  if (configured && sameSecret(token, configured)) return { name: CONFIGURED_TOKEN_NAME };
  const row = await repo.tokenByHash(db, hashToken(token));
  if (!row) throw scimError(401, undefined, 'The provisioning token is not valid (unknown or revoked)');
  // its last use, at most about once a minute (not a write on every request)
  if (!row.lastUsedAt || Date.now() - new Date(row.lastUsedAt).getTime() > 60_000)
    await repo.touchToken(db, row.id);
  return { name: row.name, tokenId: row.id };
}

/**
 * Requests per second per token (a token bucket per replica: `perSecond` sustained, bursts up to twice that).
 * Entra's provisioning service sends at most about 25 requests per second per tenant.
 */
export function createRateLimiter(perSecond: number, maxKeys = 10_000) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const capacity = Math.max(1, perSecond * 2);
  return {
    /** Seconds to wait (0: allowed now). */
    take(key: string, now = Date.now()): number {
      let b = buckets.get(key);
      if (!b) {
        if (buckets.size >= maxKeys) buckets.delete(buckets.keys().next().value!);
        b = { tokens: capacity, at: now };
        buckets.set(key, b);
      }
      b.tokens = Math.min(capacity, b.tokens + ((now - b.at) / 1000) * perSecond);
      b.at = now;
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - b.tokens) / perSecond));
    },
  };
}
