import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake of the Microsoft endpoints the server calls, at the HTTP boundary: the Entra token endpoint
 * (`POST /{tenant}/oauth2/v2.0/token`, client credentials) and Microsoft Graph
 * (`POST /v1.0/users/{id}/teamwork/sendActivityNotification`). It records every call as received and answers
 * 204, or what a test scripted for a user (429 with Retry-After, 403, 404, 503…).
 */
export interface RecordedCall {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json?: unknown;
}

export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface FakeMicrosoft {
  /** http://127.0.0.1:port */
  origin: string;
  graphBaseUrl: string;
  tokenRequests: RecordedCall[];
  activityNotifications: (RecordedCall & { user: string })[];
  /** The next answers for notifications to `user` (then 204 again). */
  script(user: string, ...answers: ScriptedAnswer[]): void;
  /** Every token request answers this until cleared (undefined = a token). */
  failTokens(answer: ScriptedAnswer | undefined): void;
  reset(): void;
  close(): Promise<void>;
}

export interface FakeMicrosoftOptions {
  port?: number;
  /** Decides the answer of the n-th activity notification (0-based) when no script does; undefined = 204. */
  answer?: (user: string, n: number) => ScriptedAnswer | undefined;
  /** Sees every call with the status it was answered (the cluster test writes them to a file). */
  onCall?: (call: RecordedCall & { status: number; user?: string }) => void;
}

export async function startFakeMicrosoft(opts: FakeMicrosoftOptions = {}): Promise<FakeMicrosoft> {
  const tokenRequests: RecordedCall[] = [];
  const activityNotifications: (RecordedCall & { user: string })[] = [];
  const scripts = new Map<string, ScriptedAnswer[]>();
  let tokenFailure: ScriptedAnswer | undefined;
  let issued = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const call: RecordedCall = { method: req.method!, path: req.url!, headers: req.headers, body };
      try {
        call.json = body ? JSON.parse(body) : undefined;
      } catch {
        // a form body (the token request)
      }
      let user: string | undefined;
      const answer = (a: ScriptedAnswer) => {
        opts.onCall?.({ ...call, status: a.status, user });
        res.writeHead(a.status, { 'content-type': 'application/json', ...(a.headers ?? {}) });
        res.end(a.body === undefined ? '' : JSON.stringify(a.body));
      };
      if (req.method === 'POST' && /^\/[^/]+\/oauth2\/v2\.0\/token$/.test(req.url!)) {
        tokenRequests.push(call);
        if (tokenFailure) return answer(tokenFailure);
        issued++;
        return answer({
          status: 200,
          body: { access_token: `token-${issued}`, token_type: 'Bearer', expires_in: 3599 },
        });
      }
      const m = /^\/v1\.0\/users\/([^/]+)\/teamwork\/sendActivityNotification$/.exec(req.url!);
      if (req.method === 'POST' && m) {
        user = decodeURIComponent(m[1]!);
        activityNotifications.push({ ...call, user });
        const next = scripts.get(user)?.shift() ?? opts.answer?.(user, activityNotifications.length - 1);
        if (next) {
          return answer({
            ...next,
            body:
              next.body ??
              (next.status >= 400
                ? { error: { code: `Status${next.status}`, message: `scripted ${next.status}` } }
                : undefined),
          });
        }
        return answer({ status: 204 });
      }
      answer({
        status: 404,
        body: { error: { code: 'NotFound', message: `fake: no route ${req.method} ${req.url}` } },
      });
    });
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    graphBaseUrl: `${origin}/v1.0`,
    tokenRequests,
    activityNotifications,
    script: (user, ...answers) => scripts.set(user, [...(scripts.get(user) ?? []), ...answers]),
    failTokens: (a) => (tokenFailure = a),
    reset() {
      tokenRequests.length = 0;
      activityNotifications.length = 0;
      scripts.clear();
      tokenFailure = undefined;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
