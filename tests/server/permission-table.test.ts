import { afterAll, beforeAll, expect, it } from 'vitest';
import fs from 'node:fs';
import Fastify from 'fastify';
import { installAccess } from '@server/platform/access';
import { permissionTable, replacePermissionTable } from '@server/platform/permission-table';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

it('the README lists every mutating route with its declared rule (npm run permissions)', () => {
  const readme = fs.readFileSync('README.md', 'utf8');
  const table = permissionTable(ctx.app.routeCatalog);
  expect(table.split('\n').length).toBeGreaterThan(10);
  expect(replacePermissionTable(readme, table)).toBe(readme);
});

it('a route under /api without an access rule stops the server from starting', async () => {
  const app = Fastify();
  app.decorate('authenticate', async () => {});
  installAccess(app, []);
  const start = async () => {
    app.get('/api/forgotten', async () => 'x');
    await app.ready();
  };
  await expect(start()).rejects.toThrow(/declares no access rule/);
});
