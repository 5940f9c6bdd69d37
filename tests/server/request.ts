/**
 * Requests to the test app as one person, the one request helper of the server tests:
 *
 *   const res = await request(ctx, 'marcos.manager').put(`/api/projects/${id}/status`, { idStatus: 4 });
 *   await request(ctx, 'alice.admin').patch(url, body, { ifMatch: `"${version}"` });
 *   await request(ctx, null).get('/api/projects'); // no Authorization header
 *
 * A body that is an object is sent as JSON (`app.inject` serialises it); a string or Buffer as it is
 * (`upload` sends a multipart form). Extra `headers` go last, so they may replace the bearer header.
 */
import type { InjectOptions, LightMyRequestResponse as Response } from 'fastify';
import type { TestContext } from './helpers';
import { multipartBody, type FormPart } from './multipart';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Sent as If-Match (the ETag the write is based on, e.g. `'"3"'`). */
  ifMatch?: string;
  /** More headers, sent after Authorization and If-Match. */
  headers?: Record<string, string>;
}

export interface Requester {
  get(url: string, opts?: RequestOptions): Promise<Response>;
  delete(url: string, opts?: RequestOptions): Promise<Response>;
  post(url: string, body?: unknown, opts?: RequestOptions): Promise<Response>;
  put(url: string, body?: unknown, opts?: RequestOptions): Promise<Response>;
  patch(url: string, body?: unknown, opts?: RequestOptions): Promise<Response>;
  /** POSTs a multipart/form-data body as a browser sends it (a file upload). */
  upload(url: string, parts: FormPart[], opts?: RequestOptions): Promise<Response>;
  /** Any method, for tests that go through a table of routes. */
  send(method: Method, url: string, body?: unknown, opts?: RequestOptions): Promise<Response>;
}

/** Requests as the DEMO person `login` (a portal bearer token), or without a token when `login` is null. */
export function request(ctx: TestContext, login: string | null): Requester {
  const send = async (method: Method, url: string, body?: unknown, opts: RequestOptions = {}) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        ...(login === null ? {} : await ctx.auth(login)),
        ...(opts.ifMatch === undefined ? {} : { 'if-match': opts.ifMatch }),
        ...opts.headers,
      },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
  return {
    get: (url, opts) => send('GET', url, undefined, opts),
    delete: (url, opts) => send('DELETE', url, undefined, opts),
    post: (url, body, opts) => send('POST', url, body, opts),
    put: (url, body, opts) => send('PUT', url, body, opts),
    patch: (url, body, opts) => send('PATCH', url, body, opts),
    upload: (url, parts, opts = {}) => {
      const form = multipartBody(parts);
      return send('POST', url, form.payload, { ...opts, headers: { ...form.headers, ...opts.headers } });
    },
    send,
  };
}
