import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

/**
 * A fake Bot Framework for the bot endpoint's tests and benchmark: an OpenID metadata document and its key set
 * (one RSA key endorsed for msteams) served on a loopback port, and tokens signed with that key — or, to be
 * refused, with another key under the same `kid`.
 */

export const BOT_ID = '00000000-0000-4000-8000-00000000b07a';
export const BOT_TENANT = '72f988bf-0000-4000-8000-000000000001';
export const BOT_ISSUER = 'https://api.botframework.com';
export const SERVICE_URL = 'https://smba.trafficmanager.net/amer/';
const KID = 'test-key-1';

export interface FakeBotFramework {
  /** BOT_OPENID_METADATA_URL of the fake. */
  metadataUrl: string;
  /** A token as the Bot Connector signs it (claims overridable; `exp` in seconds, or a negative offset). */
  token(claims?: Partial<JWTPayload> & { expiresIn?: number }): Promise<string>;
  /** A token with the right claims signed by a key that is not in the set (same kid). */
  forgedToken(): Promise<string>;
  /** Requests the fake answered (metadata and keys). */
  hits: { metadata: number; keys: number };
  close(): Promise<void>;
}

export async function startFakeBotFramework(): Promise<FakeBotFramework> {
  const key = await generateKeyPair('RS256', { extractable: true });
  const forger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(key.publicKey)), kid: KID, use: 'sig', endorsements: ['msteams'] };
  const hits = { metadata: 0, keys: 0 };
  let base = '';
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/v1/.well-known/openidconfiguration') {
      hits.metadata++;
      res.end(
        JSON.stringify({
          issuer: BOT_ISSUER,
          jwks_uri: `${base}/v1/.well-known/keys`,
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      );
    } else if (req.url === '/v1/.well-known/keys') {
      hits.keys++;
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign = (privateKey: CryptoKey, claims: Partial<JWTPayload> & { expiresIn?: number } = {}) => {
    const { expiresIn = 3600, ...rest } = claims;
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ serviceurl: SERVICE_URL, ...rest })
      .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
      .setIssuer(rest.iss ?? BOT_ISSUER)
      .setAudience(rest.aud ?? BOT_ID)
      .setIssuedAt(now - 60)
      .setNotBefore(now - 60)
      .setExpirationTime(now + expiresIn)
      .sign(privateKey);
  };
  return {
    metadataUrl: `${base}/v1/.well-known/openidconfiguration`,
    token: (claims) => sign(key.privateKey, claims),
    forgedToken: () => sign(forger.privateKey),
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The bot configuration pointing at the fake (config.teams.bot). */
export const botConfig = (
  fake: FakeBotFramework,
  over: Partial<{ tenantId: string | undefined; openIdMetadataUrl: string }> = {},
) => ({
  appId: BOT_ID,
  tenantId: BOT_TENANT as string | undefined,
  openIdMetadataUrl: fake.metadataUrl,
  issuer: BOT_ISSUER,
  ...over,
});

/** An activity as Teams sends it to the bot (invoke by default). */
export function activity(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'invoke',
    id: 'f:1234',
    timestamp: '2026-11-27T12:00:00.000Z',
    localTimestamp: '2026-11-27T09:00:00.000-03:00',
    channelId: 'msteams',
    serviceUrl: SERVICE_URL,
    from: { id: '29:1abc', name: 'Someone', aadObjectId: '11111111-2222-4333-8444-555555555555' },
    recipient: { id: `28:${BOT_ID}`, name: 'Project Portal' },
    conversation: { id: 'a:1xyz', conversationType: 'personal', tenantId: BOT_TENANT },
    channelData: { tenant: { id: BOT_TENANT }, source: { name: 'compose' } },
    locale: 'en-US',
    ...over,
  };
}

export const queryLink = (url: string, aadObjectId?: string, over: Record<string, unknown> = {}) =>
  activity({
    name: 'composeExtension/queryLink',
    value: { url },
    ...(aadObjectId ? { from: { id: '29:1abc', name: 'Someone', aadObjectId } } : {}),
    ...over,
  });

export const anonymousQueryLink = (url: string) =>
  activity({
    name: 'composeExtension/anonymousQueryLink',
    value: { url },
    from: { id: 'anonymous-user' },
    conversation: { id: 'a:anon', tenantId: BOT_TENANT },
  });

export const query = (text: string | undefined, aadObjectId?: string, commandId = 'findProject') =>
  activity({
    name: 'composeExtension/query',
    value: {
      commandId,
      parameters:
        text === undefined ? [{ name: 'initialRun', value: 'true' }] : [{ name: 'query', value: text }],
      queryOptions: { skip: 0, count: 25 },
    },
    ...(aadObjectId ? { from: { id: '29:1abc', name: 'Someone', aadObjectId } } : {}),
  });

/** The tenant and service URL of the Microsoft 365 Agents Playground's activities (scripts/teams-playground.yml). */
export const PLAYGROUND_TENANT = '00000000-0000-4000-8000-00000000f00d';
const PLAYGROUND_SERVICE_URL = 'http://localhost:56150/_connector';

/**
 * An activity as the Microsoft 365 Agents Playground 0.2.28 sends it (an invoke from its compose box, as recorded
 * from a run): `from.id` is the playground user's id — a DEMO login in our configuration — and it comes with no
 * Authorization header, only `x-ms-agents-playground: true` ({@link PLAYGROUND_HEADERS}).
 */
export function playgroundActivity(
  name: string,
  value: unknown,
  from: { id: string; name?: string; aadObjectId?: string },
  over: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    type: 'invoke',
    id: '20b91916-ad65-40bb-ac3c-7eee58839823',
    from: { name: from.id, aadObjectId: '00000000-0000-4000-8000-0000000000a1', ...from },
    timestamp: '2026-12-02T03:19:52.201Z',
    localTimestamp: '2026-12-02T03:19:52.201+00:00',
    localTimezone: 'UTC',
    serviceUrl: PLAYGROUND_SERVICE_URL,
    conversation: { conversationType: 'personal', tenantId: PLAYGROUND_TENANT, id: 'personal-chat' },
    recipient: { id: '00000000-0000-4000-8000-0000000b0700', name: 'Project Portal' },
    locale: 'en-US',
    entities: [{ type: 'clientInfo', locale: 'en-US', country: 'US', platform: 'Web', timezone: 'UTC' }],
    channelData: { source: { name: 'compose' }, tenant: { id: PLAYGROUND_TENANT } },
    value,
    name,
    channelId: 'msteams',
    ...over,
  };
}

/** The headers of the playground's requests: no token, its marker. */
export const PLAYGROUND_HEADERS = { 'x-ms-agents-playground': 'true' } as const;
