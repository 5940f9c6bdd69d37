import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@server/db';
import { migrateToLatest } from '@server/db/migrate';
import { seedIfEmpty } from '@server/db/seed';
import { loadKeys } from '@server/auth/keys';
import { signPortalToken, verifyPortalToken } from '@server/auth/tokens';

// npm start keeps everything in DATA_DIR: the embedded database and the signing keys survive a restart.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('data directory', () => {
  it('keeps changes and keys across a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-data-'));
    try {
      let h = await openDatabase({ dataDir: dir });
      await migrateToLatest(h.db);
      expect(await seedIfEmpty(h.db, { projects: 0 })).toBe(true);
      await h.db
        .updateTable('projects')
        .set({ name: 'Renamed before restart' })
        .where('code', '=', 'DEMO-DRAFT')
        .execute();
      const keys = await loadKeys(dir);
      const token = await signPortalToken(
        {
          userName: 'A',
          email: 'a@example.com',
          scopes: [],
          comanagementId: null,
          login: 'a',
          professionalId: 1,
          practiceId: null,
          businessUnits: [],
        },
        keys.portalSecret,
        60,
      );
      await h.close();

      h = await openDatabase({ dataDir: dir });
      expect(await migrateToLatest(h.db)).toEqual([]);
      expect(await seedIfEmpty(h.db, { projects: 0 })).toBe(false);
      const p = await h.db
        .selectFrom('projects')
        .select('name')
        .where('code', '=', 'DEMO-DRAFT')
        .executeTakeFirstOrThrow();
      expect(p.name).toBe('Renamed before restart');
      const again = await loadKeys(dir);
      expect((await verifyPortalToken(token, again.portalSecret)).email).toBe('a@example.com');
      await h.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
