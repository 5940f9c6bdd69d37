import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { DB } from '../db';

export interface AuthKeys {
  /** HS256 secret of the portal JWT. */
  portalSecret: Uint8Array;
  /** RS256 key pair of the development identity provider. */
  devIdp: { privateKey: CryptoKey; publicKey: CryptoKey; kid: string };
}

interface DevIdpJwks {
  privateJwk: JWK;
  publicJwk: JWK;
}

const PORTAL_KEY = 'portal-jwt';
const DEV_IDP_KEY = 'dev-idp';

async function newDevIdpJwks(): Promise<DevIdpJwks> {
  const pair = await generateKeyPair('RS256', { extractable: true });
  const jwks = { privateJwk: await exportJWK(pair.privateKey), publicJwk: await exportJWK(pair.publicKey) };
  const kid = crypto.randomUUID();
  jwks.privateJwk.kid = kid;
  jwks.publicJwk.kid = kid;
  return jwks;
}

/**
 * A key every replica shares: the row `name` of `server_keys`. The first replica to start inserts its
 * candidate (`insert … on conflict do nothing`, atomic under the primary key) and every replica — that
 * one included — then uses the row as it is stored, so replicas starting at the same moment agree.
 */
async function sharedKey(db: DB, name: string, candidate: () => Promise<string> | string): Promise<string> {
  const read = () => db.selectFrom('serverKeys').select('value').where('name', '=', name).executeTakeFirst();
  const existing = await read();
  if (existing) return existing.value;
  await db
    .insertInto('serverKeys')
    .values({ name, value: await candidate() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error(`server_keys: the key ${name} could not be stored`);
  return stored.value;
}

/** The key file of an older data directory (keys lived in `<dataDir>/keys` before they moved to the database). */
function legacyFile(dataDir: string, file: string): string | undefined {
  if (dataDir === 'memory://') return undefined;
  const p = path.join(dataDir, 'keys', file);
  return fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : undefined;
}

/**
 * The signing keys.
 * - With `db` (what the server does, embedded database or PostgreSQL): kept in the table `server_keys`,
 *   created once by whichever replica starts first, so tokens survive restarts and every replica behind a
 *   load balancer accepts every other's tokens. Keys of an older data directory (`<dataDir>/keys`) are
 *   adopted on the first start after the upgrade, so signed-in people stay signed in.
 * - Without `db`: from `<dataDir>/keys` (created on first use), or throwaway keys for 'memory://'.
 * `PORTAL_JWT_SECRET` (`jwtSecret`) overrides the portal key either way.
 */
export async function loadKeys(dataDir: string, jwtSecret?: string, db?: DB): Promise<AuthKeys> {
  const memory = dataDir === 'memory://';
  let portalSecret: Uint8Array;
  let jwks: DevIdpJwks;
  if (db) {
    portalSecret = jwtSecret
      ? new TextEncoder().encode(jwtSecret)
      : Buffer.from(
          await sharedKey(
            db,
            PORTAL_KEY,
            () => legacyFile(dataDir, 'portal-jwt.key') ?? crypto.randomBytes(32).toString('base64'),
          ),
          'base64',
        );
    jwks = JSON.parse(
      await sharedKey(
        db,
        DEV_IDP_KEY,
        async () => legacyFile(dataDir, 'dev-idp.jwk.json') ?? JSON.stringify(await newDevIdpJwks()),
      ),
    ) as DevIdpJwks;
  } else {
    const dir = path.join(dataDir, 'keys');
    if (!memory) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (jwtSecret) portalSecret = new TextEncoder().encode(jwtSecret);
    else if (memory) portalSecret = crypto.randomBytes(32);
    else {
      const file = path.join(dir, 'portal-jwt.key');
      if (!fs.existsSync(file))
        fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { mode: 0o600 });
      portalSecret = Buffer.from(fs.readFileSync(file, 'utf8'), 'base64');
    }
    const file = path.join(dir, 'dev-idp.jwk.json');
    const stored = memory ? undefined : legacyFile(dataDir, 'dev-idp.jwk.json');
    if (stored) jwks = JSON.parse(stored) as DevIdpJwks;
    else {
      jwks = await newDevIdpJwks();
      if (!memory) fs.writeFileSync(file, JSON.stringify(jwks), { mode: 0o600 });
    }
  }
  const privateKey = (await importJWK(jwks.privateJwk, 'RS256')) as CryptoKey;
  const publicKey = (await importJWK(jwks.publicJwk, 'RS256')) as CryptoKey;
  return { portalSecret, devIdp: { privateKey, publicKey, kid: jwks.publicJwk.kid! } };
}
