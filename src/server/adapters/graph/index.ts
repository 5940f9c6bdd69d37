import {
  Client,
  GraphError,
  HTTPMessageHandler,
  type AuthenticationProvider,
  type Context,
  type Middleware,
} from '@microsoft/microsoft-graph-client';
import type { TeamsConfig } from '@server/config';

/**
 * Microsoft Graph, app-only (client credentials): the server's one way to call Graph, through Microsoft's
 * Graph client (`@microsoft/microsoft-graph-client`). The base URL (GRAPH_BASE_URL) and the authority host
 * (AUTH_AUTHORITY_HOST) are configurable, so tests point both at fakes that record what was sent.
 *
 * The client's own retry middleware is left out on purpose: a throttled or failing call comes back at once
 * as a {@link GraphCallError} with its status and Retry-After, and the caller (a job) decides when to try
 * again — a job never sleeps three minutes inside a worker.
 */
export interface GraphApp {
  /** POST /users/{id}/teamwork/sendActivityNotification (id: the Entra object id or the UPN). */
  sendActivityNotification(user: string, body: ActivityNotification): Promise<void>;
}

export interface ActivityNotification {
  topic: { source: 'text'; value: string; webUrl: string };
  activityType: string;
  previewText: { content: string };
  teamsAppId?: string;
  templateParameters: { name: string; value: string }[];
}

/** A Graph call that failed: `status` 0 when Graph was not reached; `retryAfterSeconds` from Retry-After. */
export class GraphCallError extends Error {
  override name = 'GraphCallError';
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
  /** 429 and 5xx, and Graph not reached: worth another try later. */
  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/** Retry-After in seconds (a number of seconds or an HTTP date), or undefined. */
export function retryAfterSeconds(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

type GraphSettings = NonNullable<TeamsConfig['graph']>;

/**
 * An app-only token from `<authorityHost>/<tenant>/oauth2/v2.0/token` (client credentials, scope
 * `<graph origin>/.default`), kept until a minute before it expires. One request at a time refreshes it.
 */
export function createAppTokenProvider(
  g: GraphSettings,
  fetchImpl: typeof fetch = fetch,
): AuthenticationProvider & { getAccessToken(): Promise<string> } {
  let cached: { token: string; until: number } | undefined;
  let pending: Promise<string> | undefined;
  async function fetchToken(): Promise<string> {
    const res = await fetchImpl(`${g.authorityHost}/${encodeURIComponent(g.tenantId)}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: g.clientId,
        client_secret: g.clientSecret,
        grant_type: 'client_credentials',
        scope: `${new URL(g.baseUrl).origin}/.default`,
      }),
      signal: AbortSignal.timeout(10_000),
    }).catch((e: unknown) => {
      throw new GraphCallError(0, `token endpoint not reached: ${(e as Error).message}`);
    });
    const data = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    };
    if (!res.ok || !data.access_token) {
      const why = data.error_description?.split(/\r?\n/)[0] ?? data.error ?? `HTTP ${res.status}`;
      throw new GraphCallError(
        res.status >= 500 || res.status === 429 ? res.status : 401,
        `app-only token refused: ${why}`,
        retryAfterSeconds(res.headers.get('retry-after')),
      );
    }
    cached = { token: data.access_token, until: Date.now() + ((data.expires_in ?? 3600) - 60) * 1000 };
    return data.access_token;
  }
  return {
    async getAccessToken() {
      if (cached && cached.until > Date.now()) return cached.token;
      pending ??= fetchToken().finally(() => (pending = undefined));
      return pending;
    },
  };
}

export function createGraphApp(g: GraphSettings, opts: { fetch?: typeof fetch } = {}): GraphApp {
  const tokens = createAppTokenProvider(g, opts.fetch);
  const base = new URL(g.baseUrl);
  // GRAPH_BASE_URL = origin + version (https://graph.microsoft.com/v1.0): the client joins host, version, path
  const version = base.pathname.replace(/^\/+|\/+$/g, '') || 'v1.0';
  const client = Client.initWithMiddleware({
    middleware: appTokenMiddleware(tokens, new HTTPMessageHandler()),
    baseUrl: base.origin,
    defaultVersion: version,
  });

  return {
    async sendActivityNotification(user, body) {
      try {
        await client.api(`/users/${encodeURIComponent(user)}/teamwork/sendActivityNotification`).post(body);
      } catch (e) {
        throw asCallError(e);
      }
    },
  };
}

/**
 * Puts the app-only token on every request. (The client's AuthenticationHandler does so only for https URLs
 * of Graph's hosts; this client only ever calls GRAPH_BASE_URL, which the tests serve over http.)
 */
function appTokenMiddleware(tokens: { getAccessToken(): Promise<string> }, next: Middleware): Middleware {
  return {
    async execute(context: Context) {
      const token = await tokens.getAccessToken();
      const options = (context.options ??= {});
      const headers = new Headers(options.headers as HeadersInit | undefined);
      headers.set('authorization', `Bearer ${token}`);
      options.headers = Object.fromEntries(headers);
      await next.execute(context);
    },
  };
}

function asCallError(e: unknown): GraphCallError {
  if (e instanceof GraphCallError) return e;
  if (e instanceof GraphError) {
    const status = e.statusCode > 0 ? e.statusCode : 0;
    const retry = retryAfterSeconds(e.headers?.get('retry-after'));
    return new GraphCallError(
      status,
      `Graph ${status || 'not reached'}: ${e.code ?? ''} ${e.message}`.trim(),
      retry,
    );
  }
  return new GraphCallError(0, `Graph not reached: ${(e as Error)?.message ?? String(e)}`);
}
