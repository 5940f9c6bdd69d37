import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../msw-server';
import { createGraphPhotoResolver, GRAPH_BASE } from '@web/host/graph';

type BatchRequest = { requests: { id: string; method: string; url: string }[] };

/** Graph's $batch: 200 with a base64 JPEG for people whose login starts with "has", 404 for the rest. */
function graphBatch(seen: BatchRequest[], auth: (string | null)[]) {
  server.use(
    http.post(`${GRAPH_BASE}/$batch`, async ({ request }) => {
      auth.push(request.headers.get('authorization'));
      const body = (await request.json()) as BatchRequest;
      seen.push(body);
      return HttpResponse.json({
        responses: body.requests.map((r) =>
          decodeURIComponent(r.url).startsWith('/users/has')
            ? {
                id: r.id,
                status: 200,
                headers: { 'Content-Type': 'image/jpeg' },
                body: btoa(`jpeg:${r.url}`),
              }
            : { id: r.id, status: 404, headers: {}, body: { error: { code: 'ImageNotFound' } } },
        ),
      });
    }),
  );
}

const person = (login: string) => ({ name: login, login, email: `${login}@example.com` });

describe('Graph photos', () => {
  it('batches by 20 with $batch, answers photos as data URLs and initials (undefined) on 404', async () => {
    const seen: BatchRequest[] = [];
    const auth: (string | null)[] = [];
    graphBatch(seen, auth);
    const fallback = vi.fn(async () => 'portal-photo');
    const resolve = createGraphPhotoResolver({ getToken: async () => 'graph-token', fallback });
    const people = Array.from({ length: 45 }, (_, i) => person(i % 2 ? `has${i}` : `none${i}`));
    const urls = await Promise.all(people.map((p) => resolve(p)));
    expect(seen.map((b) => b.requests.length)).toEqual([20, 20, 5]);
    expect(seen[0]!.requests[0]).toEqual({
      id: '0',
      method: 'GET',
      url: '/users/none0%40example.com/photos/48x48/$value',
    });
    expect(auth).toEqual(['Bearer graph-token', 'Bearer graph-token', 'Bearer graph-token']);
    expect(urls[1]).toBe(
      `data:image/jpeg;base64,${btoa('jpeg:/users/has1%40example.com/photos/48x48/$value')}`,
    );
    expect(urls[0]).toBeUndefined();
    expect(fallback).not.toHaveBeenCalled();
  });

  it('caches per person for the session: a second ask makes no request', async () => {
    const seen: BatchRequest[] = [];
    graphBatch(seen, []);
    const resolve = createGraphPhotoResolver({ getToken: async () => 't', fallback: async () => undefined });
    const a = await resolve(person('has1'));
    const b = await resolve({ ...person('has1'), email: 'HAS1@example.com' });
    expect(b).toBe(a);
    expect(seen).toHaveLength(1);
  });

  it("keeps Graph's answers for the session (a reloaded tab asks Graph nothing); not the fallback's", async () => {
    const seen: BatchRequest[] = [];
    graphBatch(seen, []);
    const first = createGraphPhotoResolver({ getToken: async () => 't', fallback: async () => undefined });
    const a = await first(person('has1'));
    expect(await first(person('none2'))).toBeUndefined();
    expect(sessionStorage.getItem('portal.graphPhoto.none2@example.com')).toBe('');
    const reloaded = createGraphPhotoResolver({ getToken: async () => 't', fallback: async () => 'portal' });
    expect(await reloaded(person('has1'))).toBe(a);
    expect(await reloaded(person('none2'))).toBeUndefined();
    expect(seen).toHaveLength(2);
    server.use(http.post(`${GRAPH_BASE}/$batch`, () => HttpResponse.json({}, { status: 503 })));
    const down = createGraphPhotoResolver({ getToken: async () => 't', fallback: async () => 'portal' });
    expect(await down(person('has3'))).toBe('portal');
    expect(sessionStorage.getItem('portal.graphPhoto.has3@example.com')).toBeNull();
  });

  it('without a Graph token, the portal photo endpoint answers', async () => {
    const fallback = vi.fn(async () => 'portal-photo');
    const resolve = createGraphPhotoResolver({ getToken: async () => undefined, fallback });
    expect(await resolve(person('kim.knm'))).toBe('portal-photo');
    expect(fallback).toHaveBeenCalledWith(person('kim.knm'));
  });

  it('when Graph fails (throttled, down), the portal photo endpoint answers', async () => {
    server.use(
      http.post(`${GRAPH_BASE}/$batch`, () => HttpResponse.json({ error: 'busy' }, { status: 503 })),
    );
    const resolve = createGraphPhotoResolver({
      getToken: async () => 't',
      fallback: async (p) => `portal:${p.login}`,
    });
    expect(await resolve(person('has1'))).toBe('portal:has1');
  });

  it('an entry throttled inside the batch falls back alone', async () => {
    server.use(
      http.post(`${GRAPH_BASE}/$batch`, () =>
        HttpResponse.json({
          responses: [
            { id: '0', status: 429, headers: {}, body: {} },
            { id: '1', status: 404, headers: {}, body: {} },
          ],
        }),
      ),
    );
    const resolve = createGraphPhotoResolver({
      getToken: async () => 't',
      fallback: async (p) => `portal:${p.login}`,
    });
    expect(await Promise.all([resolve(person('a')), resolve(person('b'))])).toEqual(['portal:a', undefined]);
  });

  it('people without an e-mail go straight to the portal endpoint', async () => {
    const resolve = createGraphPhotoResolver({ getToken: async () => 't', fallback: async () => 'portal' });
    expect(await resolve({ name: 'No Mail', photoGUID: 'abc' })).toBe('portal');
  });
});
