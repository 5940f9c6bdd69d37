import crypto from 'node:crypto';
import { sha256Hex } from '../../platform/secrets';

/**
 * Provisioning tokens (the secret Microsoft Entra ID's provisioning sends as `Authorization: Bearer …` to /scim/v2):
 * 32 random bytes in base64url behind a recognisable prefix, stored only as their SHA-256 (hex) — the SCIM module
 * finds a token by `hashToken` of what it receives, valid while `revoked_at` is null.
 */
export const TOKEN_PREFIX = 'pps_';

/** A new token's secret (shown once). */
export const newToken = () => `${TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;

/** What scim_tokens.token_hash stores of a token. */
export const hashToken = sha256Hex;
