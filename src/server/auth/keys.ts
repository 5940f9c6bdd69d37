import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';

export interface AuthKeys {
  /** HS256 secret of the portal JWT. */
  portalSecret: Uint8Array;
  /** RS256 key pair of the development identity provider. */
  devIdp: { privateKey: CryptoKey; publicKey: CryptoKey; kid: string };
}

/**
 * Loads the signing keys from `<dataDir>/keys` (created on first start, so tokens survive a restart),
 * or creates throwaway keys when `dataDir` is 'memory://'. `PORTAL_JWT_SECRET` overrides the portal key
 * (every replica behind a load balancer must share it).
 */
export async function loadKeys(dataDir: string, jwtSecret?: string): Promise<AuthKeys> {
  const memory = dataDir === 'memory://';
  const dir = path.join(dataDir, 'keys');
  if (!memory) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });

  let portalSecret: Uint8Array;
  if (jwtSecret) portalSecret = new TextEncoder().encode(jwtSecret);
  else if (memory) portalSecret = crypto.randomBytes(32);
  else {
    const file = path.join(dir, 'portal-jwt.key');
    if (!fs.existsSync(file))
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { mode: 0o600 });
    portalSecret = Buffer.from(fs.readFileSync(file, 'utf8'), 'base64');
  }

  const file = path.join(dir, 'dev-idp.jwk.json');
  let jwks: { privateJwk: JWK; publicJwk: JWK } | undefined;
  if (!memory && fs.existsSync(file)) jwks = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!jwks) {
    const pair = await generateKeyPair('RS256', { extractable: true });
    jwks = { privateJwk: await exportJWK(pair.privateKey), publicJwk: await exportJWK(pair.publicKey) };
    const kid = crypto.randomUUID();
    jwks.privateJwk.kid = kid;
    jwks.publicJwk.kid = kid;
    if (!memory) fs.writeFileSync(file, JSON.stringify(jwks), { mode: 0o600 });
  }
  const privateKey = (await importJWK(jwks.privateJwk, 'RS256')) as CryptoKey;
  const publicKey = (await importJWK(jwks.publicJwk, 'RS256')) as CryptoKey;
  return { portalSecret, devIdp: { privateKey, publicKey, kid: jwks.publicJwk.kid! } };
}
