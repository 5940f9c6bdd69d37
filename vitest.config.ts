import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = {
  '@domain': r('./src/domain'),
  '@web': r('./src/web'),
  '@server': r('./src/server'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    globals: true,
    // two cores here; each server test file boots its own in-memory PGlite (~0.5 GB)
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'domain',
          globals: true,
          environment: 'node',
          include: ['tests/domain/**/*.test.ts', 'tests/package/**/*.test.ts', 'tests/docs/**/*.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          globals: true,
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          globals: true,
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
