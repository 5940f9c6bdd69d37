import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import type { Config } from '../config';
import { statusText } from './errors';

/**
 * Admission control: beyond capacity the server refuses at once (503 + Retry-After) instead of queueing
 * without limit.
 *
 * - At most `maxConcurrent` API requests run at once. The next `maxQueued` wait in a FIFO queue, each at
 *   most `maxQueueWaitMs`: a short burst is absorbed, and what cannot be served within that bound is
 *   refused fast — with the queue full at once, otherwise when its wait runs out.
 * - `maxEventLoopDelayMs` (@fastify/under-pressure, mean delay over each second): while the process is that
 *   late, every new API request is refused (0 = off).
 * - Only the API is admitted: /api, /master, /crm, /auth, /photos, /dev-idp. /health, /ready, the web
 *   app's files (and GET /auth/… pages, which are the web app) are never queued nor refused.
 * - A slot is taken before anything else runs for the request (authentication, body parsing) and released
 *   exactly once: when the answer has been written — or, for a streamed body (files, reports, compressed
 *   answers), when the handler hands it over, so that a slow network does not hold a slot; when the client
 *   leaves, once the handler has answered (an abandoned request still uses the database), at most
 *   `ABANDONED_HOLD_MS` after it left.
 *
 * `app.overload.stats()` gives the current counts (in flight, queued, refusals) for telemetry.
 */

/** The API families (the web app's own files and the probes are not admitted). */
const ADMITTED = /^\/(?:api|master|crm|auth|photos|dev-idp|scim)(?:[/?#]|$)/i;

/** Seconds a refused client is asked to wait (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 1;
/** The refusal's message (the one error shape). */
export const BUSY_MESSAGE = 'The server is busy: please try again in a moment';
/** A request whose client left keeps its slot until its handler answers, at most this long. */
export const ABANDONED_HOLD_MS = 30_000;
/** Refusals are logged (warn) at most once per this interval, with their count. */
const LOG_EVERY_MS = 10_000;

export type OverloadOptions = Config['overload'];

export interface OverloadStats {
  /** API requests holding a slot now. */
  inFlight: number;
  /** API requests waiting for a slot now. */
  queued: number;
  maxConcurrent: number;
  maxQueued: number;
  maxQueueWaitMs: number;
  /** Since start: requests given a slot (at once or after waiting). */
  admitted: number;
  /** Since start: requests that waited in the queue before their slot. */
  waited: number;
  /** Since start: refusals, by cause. */
  refused: { queueFull: number; queueTimeout: number; eventLoopDelay: number };
  /** The event loop's mean delay over the last second (ms), as under-pressure measured it. */
  eventLoopDelayMs: number;
}

export interface OverloadControl {
  stats(): OverloadStats;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Admission control (src/server/platform/overload.ts). */
    overload: OverloadControl;
  }
}

/** Whether admission control applies to this request. */
export function isAdmitted(request: FastifyRequest): boolean {
  if (!ADMITTED.test(request.url)) return false;
  // GET /auth/signin and other /auth pages no route answers are the web app (index.html)
  if (/^\/auth(?:[/?#]|$)/i.test(request.url) && request.is404) return false;
  return true;
}

/** Sends the 503 refusal in the one error shape, with Retry-After. */
function refuse(reply: FastifyReply) {
  return reply
    .code(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .header('cache-control', 'no-store')
    .send({ statusCode: 503, error: statusText(503), message: BUSY_MESSAGE });
}

interface Slot {
  released: boolean;
  answered: boolean;
  closed: boolean;
  grace?: ReturnType<typeof setTimeout>;
}

interface Waiter {
  request: FastifyRequest;
  reply: FastifyReply;
  done: (err?: Error) => void;
  timer: ReturnType<typeof setTimeout>;
  onClose: () => void;
}

const SLOT = Symbol('overload.slot');
type WithSlot = FastifyRequest & { [SLOT]?: Slot };

async function overload(app: FastifyInstance, opts: OverloadOptions) {
  const { maxConcurrent, maxQueued, maxQueueWaitMs, maxEventLoopDelayMs } = opts;
  let inFlight = 0;
  const waiting = new Set<Waiter>(); // insertion order: FIFO
  const counts = { admitted: 0, waited: 0, queueFull: 0, queueTimeout: 0, eventLoopDelay: 0 };

  let unlogged = 0;
  let lastLog = 0;
  const noteRefusal = (request: FastifyRequest, cause: string) => {
    unlogged++;
    const now = Date.now();
    if (now - lastLog < LOG_EVERY_MS) return;
    request.log.warn(
      { refused: unlogged, cause, inFlight, queued: waiting.size },
      'overloaded: refusing requests with 503',
    );
    lastLog = now;
    unlogged = 0;
  };

  // The event-loop check. Its own /status route is not used (/health and /ready are the probes).
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    retryAfter: RETRY_AFTER_SECONDS,
    pressureHandler: (request, reply) => {
      if (!isAdmitted(request)) return undefined; // let it through
      counts.eventLoopDelay++;
      noteRefusal(request, 'event loop delay');
      reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
      // a returned value is sent as the reply and the request goes no further (under-pressure's README:
      // "any other return value than a promise or nullish will be sent"); its types only say void
      return { statusCode: 503, error: statusText(503), message: BUSY_MESSAGE } as unknown as void;
    },
  });

  /** Gives the request a slot; it is released once (see the module's comment). */
  const hold = (request: FastifyRequest, reply: FastifyReply) => {
    const slot: Slot = { released: false, answered: false, closed: false };
    (request as WithSlot)[SLOT] = slot;
    inFlight++;
    counts.admitted++;
    reply.raw.once('close', () => {
      slot.closed = true;
      if (slot.answered || reply.raw.writableFinished) release(slot);
      else if (!slot.released) {
        slot.grace = setTimeout(() => release(slot), ABANDONED_HOLD_MS);
        slot.grace.unref();
      }
    });
  };

  const release = (slot: Slot) => {
    if (slot.released) return;
    slot.released = true;
    clearTimeout(slot.grace);
    inFlight--;
    drain();
  };

  /** Hands free slots to the oldest waiters. */
  const drain = () => {
    const next: Waiter[] = [];
    for (const w of waiting) {
      if (inFlight >= maxConcurrent) break;
      waiting.delete(w);
      clearTimeout(w.timer);
      w.reply.raw.removeListener('close', w.onClose);
      if (w.reply.raw.destroyed || w.reply.sent) continue; // gone meanwhile
      counts.waited++;
      hold(w.request, w.reply);
      next.push(w);
    }
    for (const w of next) w.done();
  };

  const admit: onRequestHookHandler = (request, reply, done) => {
    if (!isAdmitted(request)) return done();
    if (inFlight < maxConcurrent && waiting.size === 0) {
      hold(request, reply);
      return done();
    }
    if (waiting.size >= maxQueued) {
      counts.queueFull++;
      noteRefusal(request, 'queue full');
      refuse(reply);
      return;
    }
    const w: Waiter = {
      request,
      reply,
      done,
      timer: setTimeout(() => {
        waiting.delete(w);
        reply.raw.removeListener('close', w.onClose);
        counts.queueTimeout++;
        noteRefusal(request, 'queue wait');
        refuse(reply);
      }, maxQueueWaitMs),
      // the client left while waiting: it leaves the queue (nothing runs for it)
      onClose: () => {
        waiting.delete(w);
        clearTimeout(w.timer);
      },
    };
    waiting.add(w);
    reply.raw.once('close', w.onClose);
  };
  app.addHook('onRequest', admit);

  // The handler (or an error) produced the answer. A streamed body (a file, a report, anything compressed)
  // flows at the client's pace: the slot is not held for a slow network. Otherwise it is held until written.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const slot = (request as WithSlot)[SLOT];
    if (slot) {
      slot.answered = true;
      const streamed = typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';
      if (streamed || slot.closed) release(slot); // (closed: the client had left; the handler is done now)
    }
    done(null, payload);
  });
  // the answer has been written
  app.addHook('onResponse', (request, _reply, done) => {
    const slot = (request as WithSlot)[SLOT];
    if (slot) release(slot);
    done();
  });

  app.decorate('overload', {
    stats: (): OverloadStats => ({
      inFlight,
      queued: waiting.size,
      maxConcurrent,
      maxQueued,
      maxQueueWaitMs,
      admitted: counts.admitted,
      waited: counts.waited,
      refused: {
        queueFull: counts.queueFull,
        queueTimeout: counts.queueTimeout,
        eventLoopDelay: counts.eventLoopDelay,
      },
      eventLoopDelayMs: app.memoryUsage().eventLoopDelay,
    }),
  } satisfies OverloadControl);
}

/** Admission control for the API (register once, before the routes, with `config.overload`). */
export default fp(overload, { name: 'overload', fastify: '5.x' });
