/** Writes docs/permissions.md (every mutating route and its declared rule) from the routes' declarations. */
import fs from 'node:fs';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { loadKeys } from '../src/server/auth/keys';
import { permissionsDocument } from '../src/server/platform/permission-table';
import { formatMarkdown } from './docs-format';

const handle = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp({
  db: handle.db,
  config: { ...loadConfig({}), webDist: '/nonexistent' },
  keys: await loadKeys('memory://'),
});
await app.ready();
fs.writeFileSync(
  'docs/permissions.md',
  await formatMarkdown(permissionsDocument(app.routeCatalog), 'docs/permissions.md'),
);
console.log(`docs/permissions.md: ${app.routeCatalog.filter((r) => r.mutating).length} mutating routes`);
await app.close();
await handle.close();
