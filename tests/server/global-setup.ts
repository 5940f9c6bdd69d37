import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * The server suites' run folder for migrated database templates (tests/server/test-database.ts): made before
 * the first file, removed after the last one, so a run never reuses a template an older migration built.
 */
export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-db-'));
  project.provide('testDatabaseTemplates', dir);
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const pg = await import('pg');
    const admin = new pg.default.Client({ connectionString: adminUrl });
    await admin.connect();
    const runId = path
      .basename(dir)
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase();
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`portal_template_${runId}_%`],
    );
    for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
    await admin.end();
  };
}
