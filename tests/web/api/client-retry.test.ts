/**
 * A busy server (503 / 429 + Retry-After): the HTTP client tries a read again after the wait the server
 * names (at most READ_RETRIES times, READ_RETRY_BUDGET_MS in all), then surfaces the error as before;
 * writes are never re-sent by the client (the autosave keeps the edit and retries it).
 */
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../msw-server';
import { ApiError, apiGet, apiSend, parseRetryAfter, READ_RETRIES } from '@web/api/client';
import { createQueryClient } from '@web/api/query';

const busy = (retryAfter?: string, status = 503) =>
  HttpResponse.json(
    {
      statusCode: status,
      error: 'Service Unavailable',
      message: 'The server is busy: please try again in a moment',
    },
    { status, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } },
  );

describe('reads on a busy server', () => {
  it('a GET answered 503 + Retry-After: 1 is sent again after that second and resolves with the data', async () => {
    const at: number[] = [];
    server.use(
      http.get('/api/projects/7/kpis', () => {
        at.push(Date.now());
        return at.length === 1 ? busy('1') : HttpResponse.json({ openRisks: 2 });
      }),
    );
    expect(await apiGet('/api/projects/7/kpis')).toEqual({ openRisks: 2 });
    expect(at).toHaveLength(2);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(990);
    expect(at[1]! - at[0]!).toBeLessThan(1200 + 500); // a little jitter, not much more
  });

  it('retries a 429 the same way (Retry-After: 0 → again at once)', async () => {
    let calls = 0;
    server.use(
      http.get('/api/projects', () => (++calls < 3 ? busy('0', 429) : HttpResponse.json([{ id: 1 }]))),
    );
    expect(await apiGet('/api/projects')).toEqual([{ id: 1 }]);
    expect(calls).toBe(3);
  });

  it(`gives up after ${READ_RETRIES} retries and surfaces the 503 with its message and Retry-After`, async () => {
    let calls = 0;
    server.use(
      http.get('/api/projects/7', () => {
        calls++;
        return busy('0');
      }),
    );
    const error = await apiGet('/api/projects/7').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 503,
      message: 'The server is busy: please try again in a moment',
      retryAfterMs: 0,
    });
    expect(calls).toBe(1 + READ_RETRIES);
  });

  it('does not wait beyond its budget: a Retry-After of 60 s surfaces at once', async () => {
    let calls = 0;
    server.use(
      http.get('/api/projects/8', () => {
        calls++;
        return busy('60');
      }),
    );
    const started = Date.now();
    await expect(apiGet('/api/projects/8')).rejects.toMatchObject({ status: 503, retryAfterMs: 60_000 });
    expect(calls).toBe(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('never re-sends a write: a PATCH answered 503 fails once, carrying the Retry-After for its caller', async () => {
    let calls = 0;
    server.use(
      http.patch('/api/one-pages/3', () => {
        calls++;
        return busy('2');
      }),
    );
    await expect(apiSend('PATCH', '/api/one-pages/3', { keyMessage: 'x' })).rejects.toMatchObject({
      status: 503,
      retryAfterMs: 2000,
    });
    expect(calls).toBe(1);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-05-01T10:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Fri, 01 May 2026 10:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Fri, 01 May 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('queries on a busy server', () => {
  it('a query does not retry a 503 again (the client did) nor a 4xx; other server errors once', () => {
    const retry = createQueryClient().getDefaultOptions().queries!.retry as (
      n: number,
      e: unknown,
    ) => boolean;
    expect(retry(0, new ApiError(503, 'busy'))).toBe(false);
    expect(retry(0, new ApiError(429, 'too many'))).toBe(false);
    expect(retry(0, new ApiError(404, 'gone'))).toBe(false);
    expect(retry(0, new ApiError(500, 'boom'))).toBe(true);
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retry(1, new ApiError(500, 'boom'))).toBe(false);
  });
});
