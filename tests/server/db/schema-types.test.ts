import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import {
  CODEGEN_OPTIONS,
  describeDifference,
  generateSchemaSource,
  openMigratedScratchDatabase,
  SCHEMA_FILE,
} from '../../../scripts/db-types';

// src/server/db/schema.ts is kysely-codegen's output for the migrated database: on PGlite in `npm test`,
// on the PostgreSQL server of `npm run test:pg` (the same check as `tsx scripts/db-types.ts --check`).
describe('schema.ts', () => {
  it('is what kysely-codegen generates from the migrations (run `npm run db:types` after adding one)', async () => {
    const handle = await openMigratedScratchDatabase(process.env.TEST_DATABASE_URL);
    let generated: string;
    try {
      generated = await generateSchemaSource(handle.db);
    } finally {
      await handle.close();
    }
    const current = fs.readFileSync(SCHEMA_FILE, 'utf8');
    if (current !== generated)
      expect.fail(`schema.ts differs from the migrated database:\n${describeDifference(generated, current)}`);
    // the types follow what the drivers return (src/server/db/index.ts)
    expect(CODEGEN_OPTIONS).toMatchObject({ dateParser: 'string', numericParser: 'number' });
    expect(current).toContain('export type Database = DB;');
    expect(current).not.toMatch(/kyselyMigration|pgboss/i);
  }, 90_000); // a scratch database migrated and introspected: up to ~40 s on a busy 2-core machine
});
