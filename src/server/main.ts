import fs from 'node:fs';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { loadKeys } from './auth/keys';
import { buildApp } from './app';
import { loggerOptions } from './log';

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

  // Deliver queued mail every 30 s when SMTP is configured.
  const mailTimer = config.smtpUrl
    ? setInterval(() => void app.mailer.flush().catch((e) => app.log.warn({ err: e }, 'mail delivery failed')), 30_000)
    : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    if (mailTimer) clearInterval(mailTimer);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
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
