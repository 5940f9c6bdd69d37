import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../msw-server';
import { ApiError, apiGet, apiGetWithHeaders, apiSend, setUnauthorizedHandler } from '@web/api/client';
import { currentUser } from '@web/api/session';
import { fakeToken, USERS } from '../render';

describe('HTTP client', () => {
  it('sends the stored bearer token and parses JSON', async () => {
    localStorage.setItem('portal.accessToken', 'tok-1');
    server.use(
      http.get('/api/projects', ({ request }) =>
        HttpResponse.json({ auth: request.headers.get('authorization') }),
      ),
    );
    expect(await apiGet('/api/projects')).toEqual({ auth: 'Bearer tok-1' });
  });

  it('reads response headers (x-total) and sends JSON bodies', async () => {
    server.use(
      http.get('/api/weekly-supervision', () => HttpResponse.json([1], { headers: { 'x-total': '7' } })),
      http.put('/api/projects/3/status', async ({ request }) => HttpResponse.json(await request.json())),
    );
    const { data, headers } = await apiGetWithHeaders<number[]>('/api/weekly-supervision');
    expect(data).toEqual([1]);
    expect(headers.get('x-total')).toBe('7');
    expect(await apiSend('PUT', '/api/projects/3/status', { idStatus: 4 })).toEqual({ idStatus: 4 });
  });

  it.each([401, 403])('on %i clears local storage and calls the unauthorized handler', async (status) => {
    localStorage.setItem('portal.accessToken', 'tok');
    localStorage.setItem('other', 'x');
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    server.use(
      http.get('/api/weekly-supervision', () => HttpResponse.json({ message: 'Forbidden' }, { status })),
    );
    await expect(apiGet('/api/weekly-supervision')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.length).toBe(0);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("throws the server's message on other errors without clearing the session", async () => {
    localStorage.setItem('portal.accessToken', 'tok');
    server.use(
      http.put('/api/projects/1/status', () =>
        HttpResponse.json({ message: 'Invalid request: idStatus: must be 1 to 6' }, { status: 400 }),
      ),
    );
    await expect(apiSend('PUT', '/api/projects/1/status', { idStatus: 9 })).rejects.toMatchObject({
      status: 400,
      message: 'Invalid request: idStatus: must be 1 to 6',
    });
    expect(localStorage.getItem('portal.accessToken')).toBe('tok');
  });
});

describe('versions (If-Match)', () => {
  it('sends the loaded version as If-Match, none without one, and surfaces a 412 with the current record', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.put('/api/project-id-ones/4', ({ request }) => {
        seen.push(request.headers.get('if-match'));
        return request.headers.get('if-match') === '"2"'
          ? HttpResponse.json(
              {
                statusCode: 412,
                error: 'Precondition Failed',
                message: 'This record was changed by someone else meanwhile',
                current: { id: 4, numberProfile: 9, version: 3 },
              },
              { status: 412 },
            )
          : HttpResponse.json({ id: 4, version: 2 });
      }),
    );
    expect(
      await apiSend('PUT', '/api/project-id-ones/4', { numberProfile: 1 }, 'portal', { version: 1 }),
    ).toEqual({ id: 4, version: 2 });
    expect(await apiSend('PUT', '/api/project-id-ones/4', { numberProfile: 1 })).toEqual({
      id: 4,
      version: 2,
    });
    const error = await apiSend('PUT', '/api/project-id-ones/4', { numberProfile: 1 }, 'portal', {
      version: 2,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isConflict).toBe(true);
    expect((error as ApiError).body).toMatchObject({ current: { numberProfile: 9, version: 3 } });
    expect(seen).toEqual(['"1"', null, '"2"']);
  });
});

describe('session', () => {
  it('decodes the session user from the token and ignores expired or malformed tokens', () => {
    localStorage.setItem('portal.accessToken', fakeToken(USERS.alice));
    expect(currentUser()).toMatchObject({
      userName: 'Alice Almeida',
      login: 'alice.admin',
      professionalId: 1,
      scopes: ['API.Portal.Admin'],
    });
    localStorage.setItem('portal.accessToken', fakeToken(USERS.alice, -1));
    expect(currentUser()).toBeUndefined();
    localStorage.setItem('portal.accessToken', 'garbage');
    expect(currentUser()).toBeUndefined();
  });
});

describe('keepalive (autosave on page hide)', () => {
  it('sends keepalive: true with a small body and drops it above 64 KiB (a normal request then)', async () => {
    const bodies: number[] = [];
    server.use(
      http.patch('/api/records/9', async ({ request }) => {
        bodies.push((await request.text()).length);
        return HttpResponse.json({ version: 2 });
      }),
    );
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      await apiSend('PATCH', '/api/records/9', { text: 'small' }, 'portal', { version: 1, keepalive: true });
      expect(fetchSpy.mock.lastCall![1]).toMatchObject({ keepalive: true, method: 'PATCH' });
      expect((fetchSpy.mock.lastCall![1]!.headers as Record<string, string>)['if-match']).toBe('"1"');
      await apiSend('PATCH', '/api/records/9', { text: 'é'.repeat(40 * 1024) }, 'portal', {
        keepalive: true,
      });
      expect(fetchSpy.mock.lastCall![1]!.keepalive).toBe(false); // 80 KiB of UTF-8
      await apiSend('PATCH', '/api/records/9', { text: 'plain' });
      expect(fetchSpy.mock.lastCall![1]!.keepalive).toBeUndefined();
      expect(bodies).toHaveLength(3);
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('ApiError.current is the 412 body’s current record (undefined otherwise)', () => {
    expect(new ApiError(412, 'stale', { current: { version: 3 } }).current).toEqual({ version: 3 });
    expect(new ApiError(400, 'bad', { current: { version: 3 } }).current).toBeUndefined();
    expect(new ApiError(412, 'stale').current).toBeUndefined();
  });
});
