import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList } from '@domain/contract/endpoints';
import { pathOf } from '@domain/contract/endpoint';
import { renderAll } from '../../scripts/endpoint-routes';
import { createTestContext, type TestContext } from './helpers';

/**
 * One contract: the endpoint table (src/domain/contract/endpoints) and the server's routes are the
 * same — each entry is registered, from the entry itself (its schema objects), and the web writes no API path.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

const API = /^\/(api|master|crm|auth)(\/|$)/;
/** Routes that are no API of the web: the bot's (Teams calls it) and the DocuSign webhook. */
const NOT_THE_WEBS = new Set(['POST /api/messages', 'POST /api/esign/docusign/connect']);

describe('the endpoint table', () => {
  it('every entry is a registered route, registered from the entry (the same schema objects)', () => {
    const routes = new Map(ctx.app.routeCatalog.map((r) => [`${r.method} ${r.url}`, r]));
    const problems: string[] = [];
    for (const { area, name, endpoint: e } of endpointList()) {
      const r = routes.get(`${e.method} ${e.path}`);
      if (!r) {
        problems.push(`${area}.${name}: ${e.method} ${e.path} is not registered`);
        continue;
      }
      const s = (r.schema ?? {}) as Record<string, unknown>;
      for (const [key, mine] of [
        ['params', e.params],
        ['querystring', e.query],
        ['body', e.body],
      ] as const)
        if (s[key] !== mine) problems.push(`${area}.${name}: ${key} is not the entry's`);
      const ok = (s.response as Record<number, unknown> | undefined)?.[e.status ?? 200];
      if (e.response && ok !== e.response) problems.push(`${area}.${name}: response is not the entry's`);
    }
    expect(problems).toEqual([]);
  });

  it('names each route once; every API route of the web is in it', () => {
    const keys = endpointList().map(({ endpoint: e }) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const inTable = new Set(keys);
    const outside = ctx.app.routeCatalog
      .filter((r) => API.test(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => !inTable.has(k) && !NOT_THE_WEBS.has(k));
    expect(outside).toEqual([]);
  });

  it('fills paths and queries (encoded; empty values left out; lists repeated)', () => {
    const e = { path: '/api/projects/:id/sessions/:sessionId' };
    expect(pathOf(e, { id: 3, sessionId: 'a b' })).toBe('/api/projects/3/sessions/a%20b');
    expect(pathOf({ path: '/api/x' }, {}, { take: 10, skip: 0, q: '', none: undefined, ids: [1, 2] })).toBe(
      '/api/x?take=10&skip=0&ids=1&ids=2',
    );
    expect(() => pathOf(e, { id: 3 })).toThrow(/:sessionId/);
  });
});

describe('the web', () => {
  it("calls the table through src/web/api/endpoints (generated: method and path, the schemas' types), never the zod schemas", () => {
    for (const [file, text] of renderAll())
      expect(
        fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '',
        `${file}: run npm run api:routes`,
      ).toBe(text);
    const importers = webFiles().filter(
      (f) =>
        !f.startsWith('src/web/api/endpoints/') &&
        /from '@domain\/contract\/endpoints/.test(fs.readFileSync(f, 'utf8')),
    );
    expect(importers).toEqual([]);
  });

  it('writes no API path outside the table (files moved to api(endpoint) only)', () => {
    // the generated table itself, and the sign-in page's own path (a page of the app, SIGN_IN_PAGE)
    const files = webFiles().filter(
      (f) => !f.startsWith('src/web/api/endpoints/') && f !== 'src/web/api/config.ts',
    );
    const literal = /['"`]\/(api|master|crm|auth)\//;
    const offenders = files.filter((f) => literal.test(fs.readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

function webFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, f.name);
      if (f.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(f.name)) files.push(p);
    }
  };
  walk('src/web');
  return files;
}
