import type { FastifyServerOptions } from 'fastify';

/** Removes the secret of a download link (`?access=`) from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]access=)[^&#]*/g, '$1[redacted]');
}

/** The server's logger: no bearer tokens, no download-link tokens. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: ['req.headers.authorization'],
    serializers: {
      req(request: { method: string; url: string; host?: string; ip?: string }) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}
