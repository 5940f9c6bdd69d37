import fs from 'node:fs';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { bootstrapAdmin } from './db/bootstrap';
import { loadKeys } from './auth/keys';
import { buildApp } from './app';
import { loggerOptions } from './log';
import { createJobs } from './adapters/jobs';
import { startMailDelivery } from './mail';
import { startWeeklyOnePages } from './modules/one-pages/weekly.job';
import { seedSignatureFiles } from './db/seed/signature-files';
import { startDashboardMail } from './modules/dashboards/mail.job';
import { startReminders } from './modules/notifications/reminders';
import { reportJobsOf } from './modules/reports/jobs';
import { startTelemetry } from './platform/telemetry';

/**
 * Starts the portal server: configuration (validated: a wrong value stops here with one line), database
 * (migrated; demo data when empty — both once, however many replicas start together), keys (shared through
 * the database), HTTP (listening as soon as the app is built: `/ready` answers 503 until the seed and the job
 * workers are up), then ready. SIGTERM / SIGINT drain: `/ready` turns 503, no new connections, requests in
 * flight finish (up to SHUTDOWN_TIMEOUT_MS), job workers stop after their running jobs, exit 0.
 */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  // OpenTelemetry first (Azure Monitor / OTLP when configured, nothing otherwise): the app and the jobs report to it
  const telemetry = await startTelemetry(config.telemetry);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const started = Date.now();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
  });
  // Kysely's migrator holds a lock while it migrates: replicas starting together migrate once
  await migrateToLatest(handle.db);
  const keys = await loadKeys(config.dataDir, config.jwtSecret, handle.db);
  const app = await buildApp({
    db: handle.db,
    config,
    keys,
    logger: loggerOptions(config.logLevel),
    lifecycle: 'starting',
  });

  const jobs = createJobs({
    kind: handle.kind,
    db: handle.db,
    connectionString: handle.connectionString,
    pglite: handle.pglite,
    log: app.log,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.lifecycle.state = 'draining';
    app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'draining: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than SHUTDOWN_TIMEOUT_MS: exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 2_000);
    force.unref();
    let code = 0;
    try {
      // stops accepting connections, answers 503 to requests on kept-alive connections, waits for the rest
      await app.close();
      await jobs.stop({ timeoutMs: config.shutdownTimeoutMs });
      await handle.close();
      app.log.info('stopped');
    } catch (e) {
      app.log.error({ err: e }, 'shutdown failed');
      code = 1;
    } finally {
      // the last spans and metrics, once requests and jobs are done
      await telemetry.shutdown();
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });

  // one replica seeds the demo data (under an advisory lock; only where the development identity provider runs,
  // unless SEED_DEMO says otherwise); the others find the data there
  const seeded = config.seedDemo ? await seedIfEmpty(handle.db, { projects: config.seedProjects }) : false;
  if (config.bootstrapAdmin) {
    const done = await bootstrapAdmin(handle.db, config.bootstrapAdmin);
    app.log.info({ email: config.bootstrapAdmin.email, done }, 'first administrator (PORTAL_ADMIN_EMAIL)');
  }
  // Background work on the job queue in PostgreSQL (pg-boss): mail delivery with retries and backoff,
  // shared safely by every replica (each mail is sent once).
  await jobs.start();
  await startMailDelivery(jobs, app.mailer);
  await startWeeklyOnePages(jobs, handle.db, app.log);
  await startDashboardMail(jobs, handle.db, app.mailer, app.log, { publicUrl: config.publicUrl });
  // e-signature: sending, resends, voids and status syncs run on the queue
  await app.esign.attachJobs(jobs);
  // notifications: the fan-out of every event, Teams deliveries, the one-page reminders (every minute)
  await app.notifications.attachJobs(jobs);
  await startReminders(jobs, handle.db, app.notifications, config.timeZone, app.log);
  await reportJobsOf(app).attachJobs(jobs);
  // a fresh demo seed: its weekly statuses get their documents (and the sent ones their signing links)
  if (seeded) await seedSignatureFiles(app);

  if (!closing) app.lifecycle.state = 'ready';
  app.log.info(
    {
      database: handle.kind,
      files: app.files.kind,
      devIdp: config.devIdp && !config.entra,
      telemetry: telemetry.exporters,
      seeded,
      bootMs: Date.now() - started,
    },
    `Project Portal ready on ${config.publicUrl}`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
