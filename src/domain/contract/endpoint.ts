import type { z } from 'zod';

/**
 * One endpoint of the portal's HTTP API, declared once: the server registers its route from it
 * (`src/server/platform/endpoint.ts`: method, path and schemas; its access rule stays beside the handler) and
 * the web calls it through `api(endpoint, { params, query, body })` (`src/web/api/endpoint.ts`), typed end to end
 * by the same zod schemas. The OpenAPI document comes from the registered routes, hence from these entries.
 *
 * Paths use Fastify's syntax (`/api/projects/:id`); the API a path belongs to (portal `/api`, integration
 * `/auth` `/master`, CRM `/crm`) decides the web's base URL.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointDef {
  method: HttpMethod;
  path: string;
  /** Path parameters (`:id` …), validated and coerced by the server. */
  params?: z.ZodType;
  /** The query string. */
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** The success answer's JSON; absent for answers without a body (204) and files. */
  response?: z.ZodType;
  /** The success status (default 200; 204 without a response). */
  status?: 200 | 201 | 202 | 204;
  /** The answer is a file (downloaded with `host.download`), not JSON. */
  file?: true;
  /** The body is multipart/form-data (uploads). */
  multipart?: true;
}

/** Declares an endpoint, keeping its literal types. */
export const endpoint = <const E extends EndpointDef>(e: E): E => e;

/** The path parameters an endpoint's path names, as the web fills them. */
export type PathParams<E extends EndpointDef> = E['params'] extends z.ZodType
  ? { [K in keyof z.output<E['params']>]: string | number }
  : Record<string, never>;

/** The JSON the endpoint answers (void without one). */
export type EndpointResponse<E extends EndpointDef> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : void;

/** The body the web sends. */
export type EndpointBody<E extends EndpointDef> = E['body'] extends z.ZodType ? z.input<E['body']> : never;

/** The query the web sends (values are written with String()). */
export type EndpointQuery<E extends EndpointDef> = E['query'] extends z.ZodType
  ? { [K in keyof z.input<E['query']>]?: z.input<E['query']>[K] | string | number | boolean | null }
  : never;

/**
 * The path with its parameters filled (each encoded) and the query string (undefined, null and '' left out;
 * arrays repeated): `pathOf(E, { id: 3 }, { take: 10 })` → `/api/projects/3?take=10`. Throws on a missing
 * parameter — a programming error, never a request with `undefined` in its path.
 */
export function pathOf(
  e: Pick<EndpointDef, 'path'>,
  params: Record<string, string | number> = {},
  query?: Record<string, unknown>,
): string {
  const path = e.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined || v === null || v === '') throw new Error(`${e.path}: no value for :${name}`);
    return encodeURIComponent(String(v));
  });
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    for (const item of Array.isArray(v) ? v : [v]) qs.append(k, String(item));
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

/** Which of the three APIs a path belongs to (the web's base URL for it). */
export function apiOf(path: string): 'portal' | 'integration' | 'crm' {
  if (path.startsWith('/crm')) return 'crm';
  if (path.startsWith('/master') || path.startsWith('/auth')) return 'integration';
  return 'portal';
}
