import type { FastifyInstance, RouteOptions } from 'fastify';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { httpError } from '../http';

/** The routes anyone may call without a portal token, by the bucket that limits them. */
const SIGNIN = /^\/(auth\/signin|dev-idp\/)/i;
const PUBLIC = /^\/(api\/esign\/sign\/|api\/esign\/docusign\/connect$|sign\/)/i;

/**
 * Rate limits on the unauthenticated routes (`@fastify/rate-limit`), per client address (the balancer's
 * X-Forwarded-For when TRUST_PROXY says so) and per replica:
 * - sign-in: `POST /auth/signin` and the development identity provider (`/dev-idp/…`), one shared counter
 *   of RATE_LIMIT_SIGNIN_PER_MINUTE;
 * - public: the signing page, its API (`/api/esign/sign/…`) and the DocuSign Connect webhook, one shared
 *   counter of RATE_LIMIT_PUBLIC_PER_MINUTE.
 * Beyond it: 429 in the one error shape with `Retry-After` (seconds). Signed-in API calls are not limited
 * here: the overload guard protects the server, and each person is known by their token.
 */
/** Client addresses remembered at most (the oldest window is forgotten first). */
const MAX_KEYS = 20_000;

/**
 * Fixed one-minute windows per key (client address + bucket), one map for every route: the plugin's own
 * local store keeps a map per route, so two routes of one bucket (sign-in and the identity provider) would
 * each allow the whole limit.
 */
class SharedWindowStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, { count: number; start: number }>();

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.start + timeWindow <= now) {
      this.windows.delete(key);
      w = { count: 0, start: now };
      if (this.windows.size >= MAX_KEYS) this.windows.delete(this.windows.keys().next().value!);
      this.windows.set(key, w);
    }
    w.count++;
    callback(null, { current: w.count, ttl: w.start + timeWindow - now });
  }

  child() {
    return this;
  }
}

export async function installRateLimits(app: FastifyInstance) {
  const { signinPerMinute, publicPerMinute } = app.config.rateLimits;
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url ?? '';
    const bucket = SIGNIN.test(url)
      ? { groupId: 'signin', max: signinPerMinute }
      : PUBLIC.test(url)
        ? { groupId: 'public', max: publicPerMinute }
        : undefined;
    if (bucket) route.config = { ...(route.config ?? {}), rateLimit: { ...bucket, timeWindow: 60_000 } };
  });
  await app.register(rateLimit, {
    global: false,
    store: SharedWindowStore,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return httpError(429, `Too many requests: try again in ${seconds} second${seconds === 1 ? '' : 's'}`);
    },
  });
}
