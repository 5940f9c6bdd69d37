import { apiOf, pathOf, type EndpointBody, type EndpointResponse } from '@domain/contract/endpoint';
import { auth } from '@web/api/endpoints/auth';
import { apiConfig, type ApiBase } from './config';
import { clearSession, getToken } from './session';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    /** The error body (on 412: `current`, the record as the server has it now). */
    public readonly body?: unknown,
    /** On 503 / 429: how long the server asked us to wait (its `Retry-After`), in ms. */
    public readonly retryAfterMs?: number,
  ) {
    super(message);
  }
  /** Someone else changed the record since it was loaded (412); `current` is theirs. */
  get isConflict() {
    return this.status === 412;
  }
  /** On 412: the record as the server has it now (the error body's `current`), else undefined. */
  get current(): unknown {
    const body = this.body;
    return this.isConflict && body && typeof body === 'object'
      ? (body as { current?: unknown }).current
      : undefined;
  }
}

/** The most a `keepalive` request may carry (the Fetch standard's 64 KiB); a larger body goes as a normal request. */
export const KEEPALIVE_MAX_BYTES = 64 * 1024;

/** The If-Match header of a loaded record's version (writes never overwrite a newer record silently). */
export const ifMatch = (version: number | null | undefined): Record<string, string> =>
  typeof version === 'number' ? { 'if-match': `"${version}"` } : {};

/** A read answered 503 / 429 is tried again after its Retry-After: at most this many times… */
export const READ_RETRIES = 3;
/** …and while the waits add up to no more than this; then the error surfaces. */
export const READ_RETRY_BUDGET_MS = 10_000;
/** The wait when a 503 / 429 names none. */
const DEFAULT_RETRY_AFTER_MS = 1000;

/** `Retry-After` in ms: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let onUnauthorized: () => void = () => {
  window.location.assign('/');
};
/** Registers what happens after a 401/403 (the router navigates to /). */
export function setUnauthorizedHandler(fn: () => void) {
  onUnauthorized = fn;
}

async function request(
  base: ApiBase,
  method: string,
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const url = `${apiConfig[base]}${path.startsWith('/') ? path : `/${path}`}`;
  if (init.keepalive && payload !== undefined && !fitsKeepalive(payload))
    init = { ...init, keepalive: false };
  const send = () =>
    fetch(url, {
      ...init,
      method,
      headers: { ...headers, ...(init.headers as Record<string, string>) },
      body: payload,
    });
  let res = await send();
  // Server busy (503) or too many requests (429): a read is tried again after the Retry-After it names
  // (a little later, so that refused clients do not all come back at once), within READ_RETRIES and
  // READ_RETRY_BUDGET_MS. Writes are not re-sent here: the autosave keeps the edit and retries it.
  let waited = 0;
  for (let retry = 0; method === 'GET' && (res.status === 503 || res.status === 429); retry++) {
    const wait =
      (parseRetryAfter(res.headers.get('retry-after')) ?? DEFAULT_RETRY_AFTER_MS) * (1 + Math.random() / 5);
    if (retry >= READ_RETRIES || waited + wait > READ_RETRY_BUDGET_MS) break;
    await res.body?.cancel().catch(() => undefined);
    await sleep(wait);
    waited += wait;
    res = await send();
  }
  if (res.status === 401 || res.status === 403) {
    clearSession();
    onUnauthorized();
  }
  if (!res.ok) {
    let message = `${res.status} ${res.statusText}`;
    let data: unknown;
    try {
      data = await res.clone().json();
      if (data && typeof (data as { message?: unknown }).message === 'string')
        message = (data as { message: string }).message;
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, message, data, parseRetryAfter(res.headers.get('retry-after')));
  }
  return res;
}

function fitsKeepalive(payload: BodyInit): boolean {
  if (typeof payload === 'string') return new TextEncoder().encode(payload).length <= KEEPALIVE_MAX_BYTES;
  return false; // FormData and streams: size unknown up front
}

/** GET returning JSON. `base` picks the portal, integration or CRM API. */
export async function apiGet<T>(path: string, base: ApiBase = 'portal'): Promise<T> {
  return (await request(base, 'GET', path)).json() as Promise<T>;
}

/** GET returning JSON and the response headers (supervision counters). */
export async function apiGetWithHeaders<T>(
  path: string,
  base: ApiBase = 'portal',
): Promise<{ data: T; headers: Headers }> {
  const res = await request(base, 'GET', path);
  return { data: (await res.json()) as T, headers: res.headers };
}

/**
 * POST/PUT/PATCH/DELETE with an optional JSON or FormData body; returns JSON or undefined. `version`
 * (the loaded record's) is sent as If-Match: a stale write fails with ApiError 412 carrying `current`.
 * `keepalive` lets the request outlive the page (pagehide); a JSON body over 64 KiB goes as a normal request.
 */
export async function apiSend<T = unknown>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  base: ApiBase = 'portal',
  opts: { version?: number | null; keepalive?: boolean } = {},
): Promise<T> {
  const res = await request(base, method, path, body, {
    headers: ifMatch(opts.version),
    ...(opts.keepalive ? { keepalive: true } : {}),
  });
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** GET as a blob with its download name (x-file-name). */
export async function apiBlob(path: string, base: ApiBase = 'portal'): Promise<Response> {
  return request(base, 'GET', path, undefined, { headers: { accept: '*/*' } });
}

/**
 * The sign-in exchange (integration API, `auth.signin`): identity-provider token → portal token. Its own request:
 * the bearer is the identity provider's token, not the portal's, and a refusal is no session to clear.
 */
export async function exchangeSignIn(idpToken: string): Promise<EndpointResponse<typeof auth.signin>> {
  const body: EndpointBody<typeof auth.signin> = { scopes: ['portal'] };
  const res = await fetch(`${apiConfig[apiOf(auth.signin.path)]}${pathOf(auth.signin)}`, {
    method: auth.signin.method,
    headers: {
      authorization: `Bearer ${idpToken}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new ApiError(res.status, 'Error on sign in');
  return res.json();
}

/** A short-lived link that downloads one portal-API file without headers (`auth.downloadLink`); absolute URL. */
export async function downloadLink(path: string): Promise<string> {
  const body: EndpointBody<typeof auth.downloadLink> = { path };
  const { url } = await apiSend<EndpointResponse<typeof auth.downloadLink>>(
    auth.downloadLink.method,
    pathOf(auth.downloadLink),
    body,
    apiOf(auth.downloadLink.path),
  );
  return new URL(`${apiConfig.portal}${url}`, window.location.origin).toString();
}
