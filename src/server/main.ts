import fs from 'node:fs';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { loadKeys } from './auth/keys';
import { buildApp } from './app';
import { loggerOptions } from './log';
import { createJobs } from './adapters/jobs';
import { startMailDelivery } from './mail';
import { startWeeklyOnePages } from './modules/one-pages/weekly.job';
import { seedSignatureFiles } from './db/seed/signature-files';
import { startDashboardMail } from './modules/dashboards/mail.job';
import { reportJobsOf } from './modules/reports/jobs';

/** Starts the portal server: config, database (migrated, demo data when empty), HTTP. */
async function main() {
  const config = loadConfig();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const started = Date.now();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(handle.db);
  const seeded = await seedIfEmpty(handle.db, { projects: config.seedProjects });
  const keys = await loadKeys(config.dataDir, config.jwtSecret);
  const app = await buildApp({
    db: handle.db,
    config,
    keys,
    logger: loggerOptions(config.logLevel),
  });
  app.log.info(
    { database: handle.kind, dataDir: config.dataDir, seeded, bootMs: Date.now() - started },
    'database ready',
  );

  // Background work on the job queue in PostgreSQL (pg-boss): mail delivery with retries and backoff,
  // shared safely by every replica (each mail is sent once).
  const jobs = createJobs({
    kind: handle.kind,
    db: handle.db,
    connectionString: handle.connectionString,
    pglite: handle.pglite,
    log: app.log,
  });
  await jobs.start();
  await startMailDelivery(jobs, app.mailer);
  await startWeeklyOnePages(jobs, handle.db, app.log);
  await startDashboardMail(jobs, handle.db, app.mailer, app.log, { publicUrl: config.publicUrl });
  // e-signature: sending, resends, voids and status syncs run on the queue
  await app.esign.attachJobs(jobs);
  await reportJobsOf(app).attachJobs(jobs);
  // a fresh demo seed: its weekly statuses get their documents (and the sent ones their signing links)
  if (seeded) await seedSignatureFiles(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await jobs.stop();
      await handle.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Project Portal on ${config.publicUrl}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
