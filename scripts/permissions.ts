/** Writes the permission table (every mutating route and its declared rule) into README.md. */
import fs from 'node:fs';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { loadKeys } from '../src/server/auth/keys';
import { permissionTable, replacePermissionTable } from '../src/server/platform/permission-table';

const handle = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp({
  db: handle.db,
  config: { ...loadConfig({}), webDist: '/nonexistent' },
  keys: await loadKeys('memory://'),
});
await app.ready();
const readme = fs.readFileSync('README.md', 'utf8');
fs.writeFileSync('README.md', replacePermissionTable(readme, permissionTable(app.routeCatalog)));
console.log(`permission table: ${app.routeCatalog.filter((r) => r.mutating).length} mutating routes`);
await app.close();
await handle.close();
