import type { DownloadLinkRequest, DownloadLinkResponse } from '@domain/contract';
import { apiConfig, type ApiBase } from './config';
import { clearSession, getToken } from './session';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    /** The error body (on 412: `current`, the record as the server has it now). */
    public readonly body?: unknown,
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
  const res = await fetch(url, {
    ...init,
    method,
    headers: { ...headers, ...(init.headers as Record<string, string>) },
    body: payload,
  });
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
    throw new ApiError(res.status, message, data);
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

/** The sign-in exchange (integration API): identity-provider token → portal token. */
export async function exchangeSignIn(idpToken: string): Promise<{ accessToken: string; scopes: string[] }> {
  const res = await fetch(`${apiConfig.integration}/auth/signin`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${idpToken}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({ scopes: ['portal'] }),
  });
  if (!res.ok) throw new ApiError(res.status, 'Error on sign in');
  return res.json();
}

/** A short-lived link that downloads one portal-API file without headers (POST /auth/download-link); absolute URL. */
export async function downloadLink(path: string): Promise<string> {
  const { url } = await apiSend<DownloadLinkResponse>(
    'POST',
    '/auth/download-link',
    { path } satisfies DownloadLinkRequest,
    'integration',
  );
  return new URL(`${apiConfig.portal}${url}`, window.location.origin).toString();
}
