import { afterAll, beforeAll, expect, it } from 'vitest';
import fs from 'node:fs';
import Fastify from 'fastify';
import { installAccess } from '@server/platform/access';
import { permissionTable, permissionsDocument } from '@server/platform/permission-table';
import { createTestContext, type TestContext } from './helpers';
import { formatMarkdown } from '../../scripts/docs-format';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ projects: 0 });
});
afterAll(() => ctx?.close());

it('docs/permissions.md lists every mutating route with its declared rule (npm run permissions)', async () => {
  const doc = fs.readFileSync('docs/permissions.md', 'utf8');
  expect(permissionTable(ctx.app.routeCatalog).split('\n').length).toBeGreaterThan(10);
  expect(doc).toBe(await formatMarkdown(permissionsDocument(ctx.app.routeCatalog), 'docs/permissions.md'));
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
