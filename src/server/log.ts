import type { FastifyServerOptions } from 'fastify';
import { trace } from '@opentelemetry/api';
import { telemetryEnabled } from './platform/telemetry';

/** Removes the secret of a download link (`?access=`) from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]access=)[^&#]*/g, '$1[redacted]');
}

/**
 * The trace of the line: `trace_id` and `span_id` of the active span (a request's, a job's) when
 * telemetry runs (src/server/platform/telemetry.ts), nothing otherwise. A fresh object each time: pino
 * merges the line into it.
 */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (span === undefined) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/**
 * The server's logger: no bearer tokens, no download-link tokens. With telemetry started (before this is
 * called: main.ts), each line written inside a trace carries its ids.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    ...(telemetryEnabled() ? { mixin: traceFields } : {}),
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
