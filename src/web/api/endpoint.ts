import {
  apiOf,
  pathOf,
  type EndpointBody,
  type EndpointDef,
  type EndpointQuery,
  type EndpointResponse,
  type PathParams,
} from '@domain/contract/endpoint';
import { apiBlob, apiGet, apiGetWithHeaders, apiSend } from './client';

/**
 * Calls an endpoint of the table (src/domain/contract/endpoints): the path, its parameters, the query, the body
 * and the answer are typed by the entry the server registers its route from — no API path is written
 * in the web app. `version` is sent as If-Match (a stale write fails with ApiError 412 and the current record).
 */
export type ApiInput<E extends EndpointDef> = (E['params'] extends object
  ? { params: PathParams<E> }
  : { params?: undefined }) &
  (E['body'] extends object
    ? { body: EndpointBody<E> }
    : E['multipart'] extends true
      ? { body: FormData }
      : { body?: undefined }) & {
    query?: EndpointQuery<E>;
    /** The loaded record's version: sent as If-Match. */
    version?: number | null;
    /** Let the request outlive the page (pagehide autosave). */
    keepalive?: boolean;
  };

/** An autosaved write's input: the body, the loaded version (If-Match) and whether it must outlive the page. */
export interface VersionedWrite<B> {
  body: B;
  version?: number | null;
  keepalive?: boolean;
}

type Optional<E extends EndpointDef> = E['params'] extends object
  ? never
  : E['body'] extends object
    ? never
    : E['multipart'] extends true
      ? never
      : true;

/** The path (and query) of a call: for links and downloads (`host.download(apiPath(…))`). */
export function apiPath<E extends EndpointDef>(
  e: E,
  input: { params?: PathParams<E>; query?: EndpointQuery<E> } = {},
): string {
  return pathOf(e, input.params as Record<string, string | number> | undefined, input.query);
}

export function api<E extends EndpointDef>(
  e: E,
  ...args: Optional<E> extends true ? [input?: ApiInput<E>] : [input: ApiInput<E>]
): Promise<EndpointResponse<E>> {
  const input = (args[0] ?? {}) as ApiInput<EndpointDef> & { body?: unknown };
  const path = apiPath(e, input as { params?: PathParams<E> });
  const base = apiOf(e.path);
  if (e.method === 'GET') return apiGet<EndpointResponse<E>>(path, base);
  return apiSend<EndpointResponse<E>>(e.method, path, input.body, base, {
    version: input.version,
    keepalive: input.keepalive,
  });
}

/** A GET with the answer's headers (`x-total` of the paged grids). */
export function apiWithHeaders<E extends EndpointDef & { method: 'GET' }>(
  e: E,
  ...args: Optional<E> extends true ? [input?: ApiInput<E>] : [input: ApiInput<E>]
): Promise<{ data: EndpointResponse<E>; headers: Headers }> {
  const input = (args[0] ?? {}) as ApiInput<EndpointDef>;
  return apiGetWithHeaders<EndpointResponse<E>>(
    apiPath(e, input as { params?: PathParams<E> }),
    apiOf(e.path),
  );
}

/** A GET of a file, as a Response (blob and its download name). */
export function apiFile<E extends EndpointDef & { method: 'GET' }>(
  e: E,
  ...args: Optional<E> extends true ? [input?: ApiInput<E>] : [input: ApiInput<E>]
): Promise<Response> {
  const input = (args[0] ?? {}) as ApiInput<EndpointDef>;
  return apiBlob(apiPath(e, input as { params?: PathParams<E> }), apiOf(e.path));
}
