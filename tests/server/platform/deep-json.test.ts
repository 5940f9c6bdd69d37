import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNul, jsonDepthExceeds, MAX_JSON_DEPTH } from '@server/platform/errors';
import { createTestContext, type TestContext } from '../helpers';

/**
 * Deep JSON: a body nested thousands of levels deep is refused at parsing with a 400 in the one
 * error shape — on the public routes too — before any recursive walk; the walks over request data are iterative.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

describe('JSON depth', () => {
  it('counts nesting outside strings, with escapes', () => {
    expect(jsonDepthExceeds(deep(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthExceeds(deep(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDepthExceeds(deepObject(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ a: '[[[[[[[[[[[[', b: '\\"{{{{{{{{{{' }), 3)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ a: [[{ b: [1] }]] }), 3)).toBe(true);
  });

  it('finds NUL characters however deep, without recursion', () => {
    let v: unknown = 'a\u0000b';
    for (let i = 0; i < 100_000; i++) v = [v];
    expect(findNul(v)).toMatch(/^\[0\]/);
    expect(findNul({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a[1].c');
    expect(findNul({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(findNul({ a: ['fine'] })).toBeUndefined();
  });

  it('refuses 10,000 levels with 400 on public and signed-in routes alike, never 500', async () => {
    const admin = await ctx.auth('alice.admin');
    const cases: { method: 'POST' | 'PUT' | 'PATCH'; url: string; headers?: Record<string, string> }[] = [
      { method: 'POST', url: '/auth/signin', headers: { authorization: 'Bearer x.y.z' } },
      { method: 'POST', url: `/api/esign/sign/${'A'.repeat(43)}/sign` },
      { method: 'PUT', url: '/api/me/notifications/onePageDue', headers: admin },
      { method: 'POST', url: '/api/projects', headers: admin },
    ];
    for (const body of [deep(10_000), deepObject(10_000)])
      for (const c of cases) {
        const res = await ctx.app.inject({
          method: c.method,
          url: c.url,
          headers: { 'content-type': 'application/json', ...c.headers },
          payload: body,
        });
        expect(res.statusCode, `${c.method} ${c.url}`).toBe(400);
        expect(res.json()).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: `Invalid request: the JSON body nests deeper than ${MAX_JSON_DEPTH} levels`,
        });
      }
  });

  it('keeps the default parser: bad JSON and prototype poisoning are 400s; normal bodies pass', async () => {
    const admin = await ctx.auth('alice.admin');
    const put = (payload: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/me/notifications/onePageDue',
        headers: { 'content-type': 'application/json', ...admin },
        payload,
      });
    expect((await put('{"channel":')).statusCode).toBe(400);
    expect((await put('{"__proto__":{"x":1},"channel":"email"}')).statusCode).toBe(400);
    expect((await put('{"channel":"email"}')).statusCode).toBe(200);
  });
});
