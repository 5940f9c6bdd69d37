import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 53100);
export const BASE_URL = `http://localhost:${PORT}`;
/** A second server as a firm's deployment starts: an empty database, no demo data, only the first administrator. */
const FIRST_DAY_PORT = PORT + 1;
export const FIRST_DAY_URL = `http://localhost:${FIRST_DAY_PORT}`;
export const FIRST_ADMIN_EMAIL = 'first.admin@example.com';
const dataDir = (name: string) => {
  const base = process.env.E2E_DATA_DIR;
  if (!base) return fs.mkdtempSync(path.join(os.tmpdir(), `portal-e2e-${name}-`));
  const dir = path.join(base, name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
};

/** End-to-end: Debian's Chromium (no browser download) against the real server with a fresh data dir. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // the tests change the demo data (forwarding projects, toolkits): a retry would not start from the seed
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: 'node dist/server/main.js',
      url: `${BASE_URL}/ready`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: BASE_URL,
        // a fresh data directory (and so a fresh seed) for every run
        DATA_DIR: dataDir('demo'),
        // enough projects in Setup…Closure for the supervision grids to need a second server page of 100
        SEED_PROJECTS: '240',
        LOG_LEVEL: 'warn',
        // one person at a time: the functional flows must not meet the event-loop guard while a PDF or the seed
        // blocks this shared CI machine (admission control has its own tests and the cluster test runs with it)
        MAX_EVENT_LOOP_DELAY_MS: '0',
        // every test signs in a few times from 127.0.0.1
        RATE_LIMIT_SIGNIN_PER_MINUTE: '1000',
      },
    },
    {
      command: 'node dist/server/main.js',
      url: `${FIRST_DAY_URL}/ready`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(FIRST_DAY_PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: FIRST_DAY_URL,
        DATA_DIR: dataDir('first-day'),
        SEED_DEMO: 'false',
        PORTAL_ADMIN_EMAIL: FIRST_ADMIN_EMAIL,
        PORTAL_ADMIN_NAME: 'First Admin',
        LOG_LEVEL: 'warn',
        MAX_EVENT_LOOP_DELAY_MS: '0',
        RATE_LIMIT_SIGNIN_PER_MINUTE: '1000',
      },
    },
  ],
});
