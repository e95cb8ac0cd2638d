import { defineConfig } from 'vitest/config';

// API tests run once on PGlite and, with TEST_DATABASE_URL set, once more on PostgreSQL (see scripts/test.mjs).
export default defineConfig({
  test: {
    include: ['test/api/**/*.test.ts', 'test/unit/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
