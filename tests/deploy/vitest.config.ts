import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/**
 * The deploy tests (slow: they build when dist/ is missing, bundle, install the production packages and
 * start the server): `npx vitest run --config tests/deploy/vitest.config.ts`. Kept out of `npm test`.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'deploy',
    environment: 'node',
    include: ['tests/deploy/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 900_000,
  },
});
