/**
 * The bad-input corpus, generated from the routes' declarations: every route (every method and path the
 * server declares) gets wrong path ids, hostile query strings, and — where it takes a body — wrong
 * types, out-of-range numbers, huge strings, NUL characters, unicode edge cases, prototype keys, bad
 * JSON, a wrong content type and an oversize body, as an administrator (so access lets the input reach
 * validation and the handler). No answer may be a 5xx, and every error must be in the one shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let auth: { authorization: string };
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
  auth = await ctx.auth('alice.admin');
});
afterAll(() => ctx?.close());

const BAD_IDS = [
  '0x3',
  '3.0',
  '+3',
  '99999999999',
  '2147483648',
  '-1',
  '0',
  '03',
  'abc',
  '1e3',
  '%00',
  '%E0%A4%A',
  '%F0%9F%98%80',
  '__proto__',
  'constructor',
  'x'.repeat(300),
];
const GOOD_ID = '3';
const HUGE = 'a'.repeat(200_000);
const BAD_VALUES: unknown[] = [
  2147483648,
  -2147483649,
  1e21,
  32768,
  -1,
  0,
  1.5,
  Number.MAX_SAFE_INTEGER + 2,
  'x',
  '',
  '\u0000',
  `a\u0000b`,
  HUGE,
  '😀'.repeat(10),
  '\uD800',
  '\u202Eevil',
  null,
  true,
  [],
  {},
  { __proto__: { polluted: 1 } },
  '__proto__',
  'constructor',
];
const BAD_QUERIES = [
  'skip=1e21&take=99999999999',
  'skip=-1&take=-1',
  'take=abc&skip=%00',
  `search=${'%00'}`,
  `search=${'a'.repeat(5000)}`,
  'status=__proto__&status=constructor',
  'status=99999999999',
  '__proto__[x]=1&constructor=1',
  'search=%F0%9F%98%80%E0%A4',
];

/** The keys of a route body's object schema (zod), if any. */
function bodyKeys(schema: unknown): string[] {
  const s = schema as z.ZodType & {
    shape?: Record<string, unknown>;
    def?: { shape?: Record<string, unknown>; in?: unknown; innerType?: unknown };
  };
  if (s?.shape) return Object.keys(s.shape);
  const inner = s?.def?.in ?? s?.def?.innerType;
  return inner ? bodyKeys(inner) : [];
}

/** A concrete path with every `:param` set to `value` (or GOOD_ID). */
const fill = (url: string, value?: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) =>
    value !== undefined ? value : name === 'statusId' ? '1' : GOOD_ID,
  );

interface Probe {
  method: string;
  url: string;
  payload?: string | object;
  contentType?: string;
}

function probesFor(route: { method: string; url: string; schema?: { body?: unknown } }): Probe[] {
  const probes: Probe[] = [];
  const hasParams = route.url.includes(':');
  if (hasParams) for (const id of BAD_IDS) probes.push({ method: route.method, url: fill(route.url, id) });
  for (const q of BAD_QUERIES) probes.push({ method: route.method, url: `${fill(route.url)}?${q}` });
  if (route.method !== 'GET' && route.method !== 'DELETE') {
    const url = fill(route.url);
    const keys = bodyKeys(route.schema?.body);
    for (const payload of [
      '{',
      '[1,',
      '"',
      'null',
      '[]',
      '"text"',
      '123',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
    ]) {
      probes.push({ method: route.method, url, payload, contentType: 'application/json' });
    }
    probes.push({ method: route.method, url, payload: 'idStatus=2', contentType: 'text/plain' });
    probes.push({
      method: route.method,
      url,
      payload: 'a=1',
      contentType: 'application/x-www-form-urlencoded',
    });
    probes.push({
      method: route.method,
      url,
      payload: JSON.stringify({ x: 'a'.repeat(2 * 1024 * 1024) }),
      contentType: 'application/json',
    });
    for (const key of keys)
      for (const value of BAD_VALUES)
        probes.push({
          method: route.method,
          url,
          payload: JSON.stringify({ [key]: value }),
          contentType: 'application/json',
        });
    // every field bad at once, and one valid-looking body with each field out of range
    for (const value of BAD_VALUES)
      probes.push({
        method: route.method,
        url,
        payload: JSON.stringify(Object.fromEntries(keys.map((k) => [k, value]))),
        contentType: 'application/json',
      });
  }
  return probes;
}

describe('bad input is a 4xx, never a 500', () => {
  it('answers every probe of every declared route with a 4xx (or 2xx) in the one error shape', async () => {
    const routes = ctx.app.routeCatalog.filter((r) => r.rule !== 'public' || r.url.startsWith('/auth'));
    expect(routes.length).toBeGreaterThan(20);
    const fivexx: string[] = [];
    const badShape: string[] = [];
    let count = 0;
    for (const route of routes) {
      for (const p of probesFor(route)) {
        const res = await ctx.app.inject({
          method: p.method as 'POST',
          url: p.url,
          headers: { ...auth, ...(p.contentType ? { 'content-type': p.contentType } : {}) },
          payload: p.payload,
        });
        count++;
        const label = `${p.method} ${p.url.slice(0, 120)} ${typeof p.payload === 'string' ? p.payload.slice(0, 60) : ''} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (res.statusCode >= 500) fivexx.push(label);
        else if (res.statusCode >= 400) {
          let body: { statusCode?: unknown; error?: unknown; message?: unknown } = {};
          try {
            body = res.json();
          } catch {
            /* not JSON */
          }
          if (
            body.statusCode !== res.statusCode ||
            typeof body.error !== 'string' ||
            typeof body.message !== 'string'
          )
            badShape.push(label);
        }
      }
    }
    console.log(
      `bad-input corpus: ${count} requests over ${routes.length} routes, ${fivexx.length} answered 5xx`,
    );
    expect(fivexx).toEqual([]);
    expect(badShape).toEqual([]);
  }, 600_000);

  it('refuses non-canonical ids with 400 naming the parameter', async () => {
    for (const id of ['0x3', '3.0', '+3', '99999999999', '2147483648', '0', '-1']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: auth });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toMatch(/id/);
    }
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/projects/2147483647', headers: auth })).statusCode,
    ).toBe(404);
  });

  it('names the field of an out-of-range number and refuses NUL characters', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/project/3/toolkits',
      headers: auth,
      payload: { idToolkit: 2147483648, idStatus: 0 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('idToolkit');
    const nul = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/projects/3/training-development',
      headers: auth,
      payload: { text: 'a\u0000b' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/NUL/);
  });

  it("puts Fastify's own refusals in the one shape: bad URL encoding, unsupported media type, bad JSON, oversize body", async () => {
    const cases = [
      await ctx.app.inject({ method: 'GET', url: '/api/projects/%E0%A4%A', headers: auth }),
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/projects/3/status',
        headers: { ...auth, 'content-type': 'application/xml' },
        payload: '<x/>',
      }),
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/projects/3/status',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{',
      }),
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/projects/3/status',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: JSON.stringify({ x: 'a'.repeat(2 * 1024 * 1024) }),
      }),
    ];
    expect(cases.map((c) => c.statusCode)).toEqual([400, 415, 400, 413]);
    for (const c of cases)
      expect(c.json()).toEqual({
        statusCode: c.statusCode,
        error: expect.any(String),
        message: expect.any(String),
      });
  });
});
