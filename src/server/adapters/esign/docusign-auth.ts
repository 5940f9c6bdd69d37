import type { ApiClient } from 'docusign-esign';
import fs from 'node:fs';
import type { DocusignConfig } from '@server/config';
import { docusignError } from './docusign-errors';

/** DocuSign's JWT grant: the private key, the consent URL, the access token cached and shared by callers. */

export const DOCUSIGN_SCOPES = ['signature', 'impersonation'];
/** Lifetime asked for the JWT assertion (DocuSign accepts at most one hour). */
const ASSERTION_SECONDS = 3600;
/** A token is renewed this long before it expires. */
export const TOKEN_MARGIN_MS = 5 * 60_000;

/** The private key's PEM text: DOCUSIGN_PRIVATE_KEY is the PEM itself (`\n` escapes allowed) or a path to a .pem file. */
export function resolvePrivateKey(value: string): string {
  const text = value.includes('-----BEGIN') ? value : readKeyFile(value);
  return text.replace(/\\n/g, '\n');
}

function readKeyFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    throw new Error(`DOCUSIGN_PRIVATE_KEY is neither a PEM key nor a readable .pem file: ${file}`);
  }
}

/** The consent URL the DocuSign user opens once so the app may impersonate them (JWT grant). */
export function consentUrl(
  config: Pick<DocusignConfig, 'oauthHost' | 'integrationKey'>,
  redirectUri: string,
): string {
  const q = new URLSearchParams({
    response_type: 'code',
    scope: DOCUSIGN_SCOPES.join(' '),
    client_id: config.integrationKey,
    redirect_uri: redirectUri,
  });
  return `https://${oauthHostOf(config.oauthHost)}/oauth/auth?${q.toString().replace(/\+/g, '%20')}`;
}

export const oauthHostOf = (host: string) => host.replace(/^https?:\/\//, '').replace(/\/+$/, '');

/**
 * The access token of the JWT grant (RS256 assertion for the integration key impersonating DOCUSIGN_USER_ID):
 * kept until `TOKEN_MARGIN_MS` before it expires, one request shared by concurrent callers; `drop` forgets it
 * (after a 401, so the next call asks for a fresh one).
 */
export function jwtTokens(
  client: ApiClient,
  config: Pick<DocusignConfig, 'integrationKey' | 'userId'>,
  privateKey: string,
  now: () => number,
) {
  let token: { value: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function requestToken(): Promise<string> {
    try {
      const res = await client.requestJWTUserToken(
        config.integrationKey,
        config.userId,
        DOCUSIGN_SCOPES,
        privateKey,
        ASSERTION_SECONDS,
      );
      const seconds = Number(res.body.expires_in ?? 3600) || 3600;
      token = { value: res.body.access_token, renewAt: now() + seconds * 1000 - TOKEN_MARGIN_MS };
      return token.value;
    } catch (e) {
      throw await docusignError(e, 'OAuth token');
    }
  }

  function accessToken(): Promise<string> {
    if (token && now() < token.renewAt) return Promise.resolve(token.value);
    pending ??= requestToken().finally(() => (pending = undefined));
    return pending;
  }

  return {
    accessToken,
    drop() {
      token = undefined;
    },
  };
}
